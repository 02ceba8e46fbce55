/**
 * Python string semantics that leak into docling-core's output: `str.strip()` / `str.isspace()` /
 * regex `\s` over Python's Unicode whitespace set, `str.splitlines(keepends=True)`,
 * `str.capitalize()`, `str()` of JSON-like values. Lengths and slices in code points (Python's
 * `len` and `text[a:b]`) are in `engine/text/code-points`.
 */

/** Python's whitespace (str.isspace, re `\s`): unlike JS it includes \x1c-\x1f and \x85 and excludes \ufeff. */
export const PY_WHITESPACE_CLASS = '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';

/** 1 at the code units of Python's whitespace (all of it is in the BMP, at or below U+3000). */
export const PY_WHITESPACE_CODES: Uint8Array = buildPyWhitespaceTable();

function buildPyWhitespaceTable(): Uint8Array {
  const lastWhitespace = 0x3000;
  const table = new Uint8Array(lastWhitespace + 1);
  const whitespace = new RegExp(`[${PY_WHITESPACE_CLASS}]`);
  for (let code = 0; code <= lastWhitespace; code++) if (whitespace.test(String.fromCharCode(code))) table[code] = 1;
  return table;
}

const leadingSpace = new RegExp(`^[${PY_WHITESPACE_CLASS}]+`);
const trailingSpace = new RegExp(`[${PY_WHITESPACE_CLASS}]+$`);
const onlySpace = new RegExp(`^[${PY_WHITESPACE_CLASS}]+$`);

export function pyStrip(text: string): string {
  return text.replace(leadingSpace, '').replace(trailingSpace, '');
}

/** `str.isspace()`: non-empty and only whitespace. */
export function pyIsSpace(text: string): boolean {
  return onlySpace.test(text);
}

/** `str.splitlines(keepends=True)`. */
export function pySplitLinesKeepEnds(text: string): string[] {
  const lines: string[] = [];
  const breaks = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/g;
  let start = 0;
  for (const match of text.matchAll(breaks)) {
    const end = match.index + match[0].length;
    lines.push(text.slice(start, end));
    start = end;
  }
  if (start < text.length) lines.push(text.slice(start));
  return lines;
}

/** `str.capitalize()`: first character upper-cased, the rest lower-cased. */
export function pyCapitalize(text: string): string {
  const [first = '', ...rest] = Array.from(text);
  return first.toUpperCase() + rest.join('').toLowerCase();
}

/** `str(value)` for JSON-like values (dict/list repr with single quotes, True/False/None). */
export function pyRepr(value: unknown, nested = false): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return nested ? pyStringLiteral(value) : value;
  if (Array.isArray(value)) return `[${value.map((v) => pyRepr(v, true)).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${pyStringLiteral(k)}: ${pyRepr(v, true)}`);
    return `{${entries.join(', ')}}`;
  }
  return String(value);
}

function pyStringLiteral(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  const escaped = text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t');
  return quote + (quote === "'" ? escaped.replace(/'/g, "\\'") : escaped) + quote;
}
