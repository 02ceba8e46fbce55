import { describe, expect, it } from 'vitest';
import { isNumericColumn, tabulateGithub } from './tabulate';

/** Whether tabulate's `_column_type` calls a column of this one cell int or float. */
const numeric = (cell: string) => isNumericColumn([cell]);

describe("isNumericColumn: tabulate 0.10's `_column_type` reduced to int/float or not", () => {
  it('reads thousands separators only in groups of three ASCII digits, with or without a decimal part', () => {
    expect(['1,000', '-1,234.5', '+1,000.25', '12,345,678.901', '1,000.'].map(numeric)).toEqual([true, true, true, true, true]);
    // A group of two or four digits, a leading comma, a space as separator, other scripts' digits: text.
    expect(['1,00', '1,0000', ',5', '1 000', '١,٢٣٤'].map(numeric)).toEqual([false, false, false, false, false]);
  });

  it("reads what Python's int() and float() read: whitespace around, underscores between digits, exponents", () => {
    expect(['\u00a012\u3000', '-0', '.5', '+.5', '1.5e-3_0', '1_000'].map(numeric)).toEqual([true, true, true, true, true, true]);
    expect(['0x10', '1e', '--1', '1__0', '1e400'].map(numeric)).toEqual([false, false, false, false, false]);
  });

  it('takes inf and nan only as the exact words inf, -inf and nan, in any case', () => {
    expect(['inf', '-inf', 'NaN', '-INF'].map(numeric)).toEqual([true, true, true, true]);
    expect(['+inf', 'Infinity', 'nan ', '-nan'].map(numeric)).toEqual([false, false, false, false]);
  });

  it('leaves ANSI colour codes out and reads a terminal hyperlink by its text', () => {
    expect(numeric('\x1b[31m1,234\x1b[0m')).toBe(true);
    expect(numeric('\x1b]8;;https://example.com\x1b\\42\x1b]8;;\x1b\\')).toBe(true);
    // Nothing visible is an empty cell: it does not change the column's type.
    expect(isNumericColumn(['\x1b[1;31m\x1b[0m', '5'])).toBe(true);
  });

  it('takes the most generic type: empty cells count for nothing, booleans yield to numbers, text wins', () => {
    expect(isNumericColumn(['', '7', ''])).toBe(true);
    expect(isNumericColumn(['True', '1'])).toBe(true);
    expect(isNumericColumn(['1', '2.5'])).toBe(true);
    expect(isNumericColumn(['True', 'False', ''])).toBe(false);
    expect(isNumericColumn(['', ''])).toBe(false);
    expect(isNumericColumn(['1', 'one'])).toBe(false);
    expect(isNumericColumn(['1', ' '])).toBe(false);
    expect(isNumericColumn(['True ', '1'])).toBe(false);
  });
});

describe('tabulateGithub', () => {
  it('pads by the visible width, colour codes left out', () => {
    const table = tabulateGithub(['n'], [['\x1b[31m5\x1b[0m'], ['10']], ['right']);
    expect(table).toBe(['|   n |', '|-----|', '|   \x1b[31m5\x1b[0m |', '|  10 |'].join('\n'));
  });
});
