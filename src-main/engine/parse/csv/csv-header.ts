/** Body rows looked at: a column's type shows in its first rows. */
const SAMPLE_ROWS = 200;

/** A number as data shows it: a sign, decimal points or commas, digit groups, an exponent, a percent sign. */
const NUMBER = /^[+-]?(\d+([.,\s]\d+)*|[.,]\d+)([eE][+-]?\d+)?%?$/;

/**
 * Whether the first row is a header. It is, as Docling always takes it, unless the columns' own types
 * say it is data: every column holds numbers only, in its body and in its first row alike (a table of
 * measurements without a header). Any column of text, or a first row with a word in it, keeps the header.
 */
export function firstRowIsHeader(rows: readonly (readonly string[])[]): boolean {
  const [first, ...body] = rows.slice(0, SAMPLE_ROWS + 1);
  if (!first || body.length === 0) return true;
  const columnIsNumeric = (column: number): boolean =>
    body.every((row) => {
      const value = row[column]?.trim() ?? '';
      return value === '' || isNumber(value);
    });
  const firstIsNumeric = first.every((cell) => isNumber(cell.trim()));
  return !(firstIsNumeric && first.every((_, column) => columnIsNumeric(column)));
}

function isNumber(value: string): boolean {
  return NUMBER.test(value);
}
