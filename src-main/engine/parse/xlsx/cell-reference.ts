/** A1-style references: `B3` is row 2, column 1 (both from 0); `A1:C4` a range. */

export interface CellPosition {
  row: number;
  col: number;
}

/** An inclusive rectangle of cells, rows and columns from 0. */
export interface CellRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** Excel's last column (XFD) and row. */
const MAX_COLUMNS = 16_384;
const MAX_ROWS = 1_048_576;

/** `AB` → 27; undefined past Excel's last column. */
export function columnIndex(letters: string): number | undefined {
  let index = 0;
  for (const letter of letters.toUpperCase()) {
    const code = letter.charCodeAt(0) - 64;
    if (code < 1 || code > 26) return undefined;
    index = index * 26 + code;
  }
  return index >= 1 && index <= MAX_COLUMNS ? index - 1 : undefined;
}

/** `27` → `AB`. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export function cellName(position: CellPosition): string {
  return `${columnName(position.col)}${position.row + 1}`;
}

/** `$B$3` or `B3`; undefined for anything else or past Excel's grid. */
export function parseCellReference(reference: string): CellPosition | undefined {
  const match = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(reference.trim());
  if (!match) return undefined;
  const col = columnIndex(match[1]!);
  const row = Number(match[2]) - 1;
  return col === undefined || row < 0 || row >= MAX_ROWS ? undefined : { row, col };
}

/** `A1:C4` (or one cell, `B2`), corners in either order. */
export function parseRange(reference: string): CellRange | undefined {
  const [first = '', second = first] = reference.split(':');
  const a = parseCellReference(first);
  const b = parseCellReference(second);
  if (!a || !b) return undefined;
  return { top: Math.min(a.row, b.row), left: Math.min(a.col, b.col), bottom: Math.max(a.row, b.row), right: Math.max(a.col, b.col) };
}
