/** A row that renders as a rule of dashes under every column but the note. */
export const SEPARATOR: string[] = [];

/**
 * Renders rows of a plain-text table whose columns are as wide as their widest cell: the first
 * `leftColumns` columns are left-aligned, the others right-aligned, and the last one (a note) is not
 * padded. The widths come from `header` and every row given, so that sections printed apart line up.
 */
export function tableRowRenderer(header: readonly string[], rows: readonly (readonly string[])[], leftColumns: number) {
  const noteColumn = header.length - 1;
  const widths = header.map((_, i) =>
    Math.max(...[header, ...rows].map((row) => (row === SEPARATOR || i === noteColumn ? 0 : (row[i] ?? '').length))),
  );
  return (row: readonly string[]): string =>
    row === SEPARATOR
      ? widths
          .slice(0, noteColumn)
          .map((w) => '-'.repeat(w))
          .join('  ')
      : row
          .map((cell, i) => (i === noteColumn ? cell : i < leftColumns ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
          .join('  ')
          .trimEnd();
}
