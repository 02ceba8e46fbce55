import { codePointLength } from '../../../text/code-points';
import { pyStrip } from '../python-text';

/**
 * python-tabulate 0.10 (the version docling-core locks) as docling-core's Markdown table serializer
 * calls it: `tabulate(rows, headers, tablefmt="github", disable_numparse=True, colalign=...)`.
 * With number parsing off, cells are printed as written (no float reformatting, no decimal-point
 * alignment) and every column takes the alignment docling-core gives it, left by default. Cells are
 * stripped and padded to the column width, which is at least the header width + 2 (tabulate's
 * MIN_PADDING); headers are padded, never stripped, with their column's alignment; one space of
 * padding inside each `|`. Widths count code points of the visible text (ANSI codes left out).
 */
export type ColumnAlign = 'left' | 'right';

export function tabulateGithub(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  colAlign: readonly ColumnAlign[] | null,
): string {
  const columnCount = headers.length;
  const aligns: ColumnAlign[] = Array.from({ length: columnCount }, (_, j) => colAlign?.[j] ?? 'left');
  const columns: string[][] = Array.from({ length: columnCount }, (_, j) => rows.map((row) => pyStrip(row[j] ?? '')));
  const widths = headers.map((header, j) => {
    const minimum = visibleWidth(header) + 2;
    return Math.max(minimum, ...columns[j]!.map(visibleWidth));
  });
  const pad = (text: string, width: number, align: ColumnAlign) => {
    const fill = ' '.repeat(Math.max(0, width - visibleWidth(text)));
    return align === 'right' ? fill + text : text + fill;
  };
  const line = (cells: readonly string[]) => `|${cells.map((c) => ` ${c} `).join('|')}|`;
  const lines = [line(headers.map((h, j) => pad(h, widths[j]!, aligns[j]!))), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`];
  for (let i = 0; i < rows.length; i++) {
    lines.push(line(columns.map((column, j) => pad(column[i]!, widths[j]!, aligns[j]!))));
  }
  return lines.join('\n');
}

function visibleWidth(text: string): number {
  return codePointLength(stripAnsi(text));
}

/**
 * docling-core right-aligns a column when tabulate's `_column_type` (number parsing on) calls it
 * int or float. The column's type is the most generic of its cells' types, in the order none <
 * bool < int < float < str, starting from bool: a column of empty cells, or of True/False and
 * empty cells, is not numeric, and one text cell makes the whole column text.
 */
export function isNumericColumn(values: readonly string[]): boolean {
  const type = values.reduce<CellType>((generic, value) => moreGeneric(generic, cellType(value)), 'bool');
  return type === 'int' || type === 'float';
}

type CellType = 'none' | 'bool' | 'int' | 'float' | 'str';

const GENERALITY: Record<CellType, number> = { none: 0, bool: 1, int: 2, float: 3, str: 4 };

function moreGeneric(a: CellType, b: CellType): CellType {
  return GENERALITY[a] >= GENERALITY[b] ? a : b;
}

/**
 * tabulate's `_type` of a string cell. ANSI codes are left out first. An empty cell is missing
 * (it never changes a column's type); the exact words True and False are booleans; int when
 * Python's `int()` reads it or it is a number with thousands separators and no decimal point;
 * float when `float()` reads it as a finite number (or it is exactly inf, -inf or nan in any case)
 * or it is a number with thousands separators; anything else, whitespace alone included, is text.
 */
function cellType(raw: string): CellType {
  const text = stripAnsi(raw);
  if (text === '') return 'none';
  if (text === 'True' || text === 'False') return 'bool';
  const grouped = hasThousandsSeparators(text);
  if (isPythonInt(text) || (grouped && !text.includes('.'))) return 'int';
  if (isPythonFloat(text) || grouped) return 'float';
  return 'str';
}

/**
 * tabulate's CSI codes (colours) are removed; its OSC 8 terminal hyperlinks become their link text.
 * Python's `\w` is a letter, a number or `_`.
 */
const CSI = String.raw`\x1b\[[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]`;
const OSC_HYPERLINK = String.raw`\x1b\]8;(?:[\p{L}\p{N}_]+=[\p{L}\p{N}_]+:?)*;[^\x1b]+\x1b\\([^\x1b]+)\x1b\]8;;\x1b\\`;
const ANSI_CODES = new RegExp(`${CSI}|${OSC_HYPERLINK}`, 'gu');

function stripAnsi(text: string): string {
  return text.includes('\x1b') ? text.replace(ANSI_CODES, '$1') : text;
}

/**
 * tabulate's `_isnumber_with_thousands_separator`: an optional sign, one to three ASCII digits,
 * then groups of `,ddd`, then an optional `.` with any digits; or a bare `.` with at least one
 * digit. Python's `$` also matches before a final newline.
 */
const THOUSANDS = /^(?:[+-]?[0-9]{1,3}(?:,[0-9]{3})*(?:\.[0-9]*)?|(?:\.[0-9]+)?)\n?$/;

function hasThousandsSeparators(text: string): boolean {
  return THOUSANDS.test(text);
}

const DIGITS = '\\p{Nd}+(?:_\\p{Nd}+)*';
const PY_INT = new RegExp(`^[+-]?${DIGITS}$`, 'u');
const PY_FLOAT = new RegExp(`^[+-]?(?:(?:${DIGITS}(?:\\.(?:${DIGITS})?)?|\\.${DIGITS})(?:[eE][+-]?${DIGITS})?)$`, 'u');
const PY_NON_FINITE = /^[+-]?(?:inf|infinity|nan)$/i;

/** `int(text)` would succeed: surrounding whitespace, a sign, any script's decimal digits, single `_` between digits. */
function isPythonInt(text: string): boolean {
  return PY_INT.test(pyStrip(text));
}

/** tabulate's `_isnumber`: `float(text)` succeeds and is finite, or the text is exactly inf/-inf/nan (any case). */
function isPythonFloat(text: string): boolean {
  const stripped = pyStrip(text);
  if (PY_NON_FINITE.test(stripped)) return ['inf', '-inf', 'nan'].includes(text.toLowerCase());
  if (!PY_FLOAT.test(stripped)) return false;
  // Only the magnitude decides finiteness here; other scripts' digits are read as 5.
  const ascii = stripped.replace(/_/g, '').replace(/\p{Nd}/gu, (d) => (/[0-9]/.test(d) ? d : '5'));
  return Number.isFinite(Number(ascii));
}
