import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDoclingJson } from '../../../parse/docling-json';
import { hierarchicalChunks } from '../hierarchical';
import { ChunkingSerializer } from './doc-serializer';
import { CHUNKING_SERIALIZER_DEFAULTS } from './params';

/**
 * docling-core's Markdown table serializer on tables built to exercise tabulate's number detection
 * (test-data/docling-tables/number-columns.json, one table per rule under a heading naming it).
 * docling-core calls `_column_type` on each column's body cells and right-aligns int and float
 * columns, then prints with `disable_numparse=True`: cells keep their text, no decimal-point
 * alignment. A column is as wide as its widest cell, and at least its header + 2; one space pads
 * each side of a cell; right-aligned columns right-align their header too.
 */
const file = path.resolve(import.meta.dirname, '../../../../../test-data/docling-tables/number-columns.json');
const doc = loadDoclingJson(readFileSync(file, 'utf8'), 'number-columns.json');
const markdown = (params: { compactTables: boolean }) =>
  new ChunkingSerializer(doc, { ...CHUNKING_SERIALIZER_DEFAULTS, tables: 'markdown', ...params });
const tableText = (index: number) => markdown({ compactTables: false }).serialize(doc.tables[index]!).text;

describe('Markdown tables: which columns are numbers (tabulate 0.10 as docling-core calls it)', () => {
  it('reads thousands separators, signs and decimals as numbers', () => {
    // Population: "379,592" and "1,234,567" are ints (comma groups of three, no decimal point), "999" an int: right.
    // Change: "-1,234.5" is a float (groups with a decimal part and a sign), "+12.25" and "0.5" floats: right.
    // Country is text: left. The cells are printed as written, the decimal points not lined up.
    expect(tableText(0)).toBe(
      [
        '| Country   |   Population |   Change |',
        '|-----------|--------------|----------|',
        '| Aland     |      379,592 | -1,234.5 |',
        '| Brill     |    1,234,567 |   +12.25 |',
        '| Corve     |          999 |      0.5 |',
      ].join('\n'),
    );
  });

  it("reads exponents, underscores and the exact words inf/nan as numbers, not what Python's float overflows or spells out", () => {
    // Rate: "1e5" and "2.5E-3" are floats, "1_000" an int (Python allows one underscore between digits): right.
    // Limit: "inf", "nan" and "-INF" are floats: float() reads them and they are inf, -inf or nan in any case: right.
    // Bound: float("Infinity") is inf too, but the word is not one of inf/-inf/nan, so it is text: left.
    // Huge: "1e400" overflows to inf and is not one of those words either: text, left.
    expect(tableText(1)).toBe(
      [
        '| Run   |   Rate |   Limit | Bound    | Huge   |',
        '|-------|--------|---------|----------|--------|',
        '| r1    |    1e5 |     inf | Infinity | 1e400  |',
        '| r2    | 2.5E-3 |     nan | 1        | 1      |',
        '| r3    |  1_000 |    -INF | 2        | 2      |',
      ].join('\n'),
    );
  });

  it('makes a column text when one cell is not a number, and reads padded and non-Latin digits', () => {
    // Amount: "1,000", "2,000": ints, right.
    // Grouped badly: "1,0000" has a group of four digits, so neither int(), float() nor the separator rule reads it: text.
    // Trailing space: "1,234 " fails the separator rule (which allows no space) and int()/float() (the comma): text, left;
    // the cell is printed stripped all the same.
    // Padded: int(" 42 ") strips whitespace and reads 42: right, printed stripped.
    // Arabic-Indic: int() reads any script's decimal digits ("١٢٣", "٤٥"): right.
    expect(tableText(2)).toBe(
      [
        '| Code   |   Amount | Grouped badly   | Trailing space   |   Padded |   Arabic-Indic |',
        '|--------|----------|-----------------|------------------|----------|----------------|',
        '| A1     |    1,000 | 1,0000          | 1,234            |       42 |            ١٢٣ |',
        '| B2     |    2,000 | 12              | 5                |        7 |             ٤٥ |',
      ].join('\n'),
    );
  });

  it('lets empty cells take any type, and ranks True/False below numbers', () => {
    // Count: "" is missing and does not change the type; "7" and "3" are ints: right.
    // Flag: True/False are booleans, "" missing: a bool column is not numeric: left.
    // Bit: True is a boolean, "1" and "0" ints; int is the more generic: right.
    // Blank: every cell empty; the column type starts from bool, so it stays bool: left.
    // Space: " " is not empty, it is text: left.
    expect(tableText(3)).toBe(
      [
        '| Item   |   Count | Flag   |   Bit | Blank   | Space   |',
        '|--------|---------|--------|-------|---------|---------|',
        '| x      |         | True   |  True |         |         |',
        '| y      |       7 | False  |     1 |         | 1       |',
        '| z      |       3 |        |     0 |         | 2       |',
      ].join('\n'),
    );
  });

  it('never types the header row', () => {
    // "2024" heads a text column: left. "Label" heads a column of ints: right, the header with it.
    expect(tableText(4)).toBe(['| 2024   |   Label |', '|--------|---------|', '| abc    |       1 |', '| def    |       2 |'].join('\n'));
  });

  it('leaves a table of one row (a header alone) left-aligned: docling-core passes no alignment', () => {
    expect(tableText(5)).toBe(['| 1,000   | 2,000   |', '|---------|---------|'].join('\n'));
  });

  it('keeps the numbers and drops the padding when tables are compact', () => {
    // docling-core's compact form strips every cell; the 0.10 "github" separator carries no alignment colons.
    const text = markdown({ compactTables: true }).serialize(doc.tables[0]!).text;
    expect(text).toBe(
      [
        '| Country | Population | Change |',
        '| - | - | - |',
        '| Aland | 379,592 | -1,234.5 |',
        '| Brill | 1,234,567 | +12.25 |',
        '| Corve | 999 | 0.5 |',
      ].join('\n'),
    );
  });

  it('gives the HierarchicalChunker one chunk per table under the title and the heading that names the rule', () => {
    const chunks = [...hierarchicalChunks(doc, markdown({ compactTables: false }), false)];
    const title = doc.texts[0]!.text;
    expect(chunks.map((c) => c.headings)).toEqual(doc.tables.map((_, i) => [title, doc.texts[i + 1]!.text]));
    expect(chunks.map((c) => c.text)).toEqual(doc.tables.map((_, i) => tableText(i)));
  });
});
