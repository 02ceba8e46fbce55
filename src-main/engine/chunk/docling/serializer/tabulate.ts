import { codePointLength } from '../../../text/code-points';
import { pyStrip } from '../python-text';

/**
 * python-tabulate's "github" table format, as docling-core's Markdown table serializer calls it:
 * `tabulate(rows, headers, tablefmt="github", disable_numparse=True, colalign=...)`. Cells are
 * stripped and padded to the column width, which is at least the header width + 2 (tabulate's
 * MIN_PADDING); headers are padded but not stripped; one space of padding inside each `|`.
 */
export type ColumnAlign = 'left' | 'right';

export function tabulateGithub(headers: readonly string[], rows: readonly (readonly string[])[], colAlign: readonly ColumnAlign[] | null): string {
  const columnCount = headers.length;
  const aligns: ColumnAlign[] = Array.from({ length: columnCount }, (_, j) => colAlign?.[j] ?? 'left');
  const columns: string[][] = Array.from({ length: columnCount }, (_, j) => rows.map((row) => pyStrip(row[j] ?? '')));
  const widths = headers.map((header, j) => {
    const minimum = codePointLength(header) + 2;
    return Math.max(minimum, ...columns[j]!.map((cell) => codePointLength(cell)));
  });
  const pad = (text: string, width: number, align: ColumnAlign) => {
    const fill = ' '.repeat(Math.max(0, width - codePointLength(text)));
    return align === 'right' ? fill + text : text + fill;
  };
  const line = (cells: readonly string[]) => `|${cells.map((c) => ` ${c} `).join('|')}|`;
  const lines = [
    line(headers.map((h, j) => pad(h, widths[j]!, aligns[j]!))),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
  ];
  for (let i = 0; i < rows.length; i++) {
    lines.push(line(columns.map((column, j) => pad(column[i]!, widths[j]!, aligns[j]!))));
  }
  return lines.join('\n');
}

/** tabulate's `_column_type(values)` reduced to what docling asks: is the column int/float (right-aligned)? */
export function isNumericColumn(values: readonly string[]): boolean {
  let numeric = false;
  for (const raw of values) {
    const value = raw.replace(ANSI_CODES, '');
    if (value === 'True' || value === 'False') continue;
    if (isPythonInt(value) || isPythonFloat(value)) {
      numeric = true;
      continue;
    }
    return false;
  }
  return numeric;
}

const ANSI_CODES = /\x1b\[\d*(?:;\d*)*m|\x1b\]8;;.*?\x1b\\/g;
const DIGITS = '\\p{Nd}+(?:_\\p{Nd}+)*';
const PY_INT = new RegExp(`^[+-]?${DIGITS}$`, 'u');
const PY_FLOAT = new RegExp(`^[+-]?(?:(?:${DIGITS}(?:\\.(?:${DIGITS})?)?|\\.${DIGITS})(?:[eE][+-]?${DIGITS})?)$`, 'u');
const PY_NON_FINITE = /^[+-]?(?:inf|infinity|nan)$/i;

/** `int(text)` would succeed. */
export function isPythonInt(text: string): boolean {
  return PY_INT.test(pyStrip(text));
}

/** tabulate's `_isnumber`: `float(text)` succeeds and is finite, or the text is exactly inf/-inf/nan (any case). */
export function isPythonFloat(text: string): boolean {
  const stripped = pyStrip(text);
  if (PY_NON_FINITE.test(stripped)) return ['inf', '-inf', 'nan'].includes(text.toLowerCase());
  if (!PY_FLOAT.test(stripped)) return false;
  // Only the magnitude decides finiteness here; other scripts' digits are read as 5.
  const ascii = stripped.replace(/_/g, '').replace(/\p{Nd}/gu, (d) => (/[0-9]/.test(d) ? d : '5'));
  return Number.isFinite(Number(ascii));
}
