import { describe, expect, it } from 'vitest';
import type { DoclingDocument, TableItem } from '../../ir/types';
import { loadDoclingJson } from '../docling-json';
import { corpusFile, expectGroundtruthParity } from '../parser.test-support';
import { csvParser } from './csv-parser';

const CORPUS = ['csv-comma', 'csv-comma-in-cell', 'csv-pipe', 'csv-semicolon', 'csv-too-few-columns'];

const parse = (fileName: string, bytes: Uint8Array | string, signal?: AbortSignal): Promise<DoclingDocument> =>
  csvParser.parse({ fileName, bytes: typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes }, { signal });

/** The table's rows as text, row by row, a missing cell as `undefined`. */
function rowsOf(doc: DoclingDocument, index = 0): (string | undefined)[][] {
  const { data } = doc.tables[index]!;
  const rows = Array.from({ length: data.num_rows }, () => new Array<string | undefined>(data.num_cols).fill(undefined));
  for (const cell of data.table_cells) rows[cell.start_row_offset_idx]![cell.start_col_offset_idx] = cell.text;
  return rows;
}

const headerRow = (table: TableItem): boolean[] =>
  table.data.table_cells.filter((c) => c.start_row_offset_idx === 0).map((c) => c.column_header);

function utf16(text: string, littleEndian: boolean, bom: boolean): Uint8Array {
  const units = (bom ? '\uFEFF' : '') + text;
  const bytes = new Uint8Array(units.length * 2);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < units.length; i++) view.setUint16(i * 2, units.charCodeAt(i), littleEndian);
  return bytes;
}

describe('CSV parser against Docling groundtruth', () => {
  it.each(CORPUS)('%s.csv gives the very table Docling gives', async (name) => {
    const doc = await parse(`${name}.csv`, corpusFile(`csv/${name}.csv`));
    const truth = loadDoclingJson(corpusFile(`groundtruth/${name}.csv.json`).toString('utf8'), `${name}.csv.json`);
    // Docling 1.10 adds `orientation` and `fillable`, which our IR leaves out.
    const withoutFillable = truth.tables.map(({ data }) => ({
      num_rows: data.num_rows,
      num_cols: data.num_cols,
      table_cells: data.table_cells.map((cell) => ({ ...cell, fillable: undefined })),
    }));
    expect(doc.tables.map((t) => t.data)).toEqual(withoutFillable);
    expect(doc.body.children).toEqual(truth.body.children);
    expect({ name: doc.name, filename: doc.origin?.filename, mimetype: doc.origin?.mimetype }).toEqual({
      name: truth.name,
      filename: truth.origin?.filename,
      mimetype: truth.origin?.mimetype,
    });
    expectGroundtruthParity(truth, doc);
  });

  it('reports rows of another width than the first in the warnings, and reads them as they are', async () => {
    const doc = await parse('short.csv', corpusFile('csv/csv-too-few-columns.csv'));
    expect(doc.metadata?.['warnings']).toEqual([
      "1 of 5 rows do not have the first row's 4 fields (line 3: 3 fields); the cells they lack are empty",
    ]);
    expect(rowsOf(doc)[2]).toEqual(['a', 'b', 'c', undefined]);
    const wide = await parse('wide.csv', 'a,b\n1,2,3\n4\n5,6\n');
    expect(wide.tables[0]!.data).toMatchObject({ num_rows: 4, num_cols: 3 });
    expect(wide.metadata?.['warnings']).toEqual([
      "2 of 4 rows do not have the first row's 2 fields (line 2: 3 fields; line 3: 1 field); the cells they lack are empty",
    ]);
  });
});

describe('CSV encodings', () => {
  const text = 'Name;City;Amount\r\nZoë;Genève;12,50\r\n"Søren ""the Dane""";København;7\r\n';
  const expected = [
    ['Name', 'City', 'Amount'],
    ['Zoë', 'Genève', '12,50'],
    ['Søren "the Dane"', 'København', '7'],
  ];

  it.each([
    ['UTF-8', new TextEncoder().encode(text)],
    ['UTF-8 with a BOM', new TextEncoder().encode(`\uFEFF${text}`)],
    ['UTF-16 LE with a BOM', utf16(text, true, true)],
    ['UTF-16 BE with a BOM', utf16(text, false, true)],
    ['UTF-16 LE without a BOM', utf16(text, true, false)],
    ['UTF-16 BE without a BOM', utf16(text, false, false)],
    ['Latin-1', Uint8Array.from([...text].map((c) => c.charCodeAt(0)))],
  ])('reads %s', async (_name, bytes) => {
    const doc = await parse('people.csv', bytes);
    expect(rowsOf(doc)).toEqual(expected);
    expect(doc.metadata?.['warnings']).toBeUndefined();
  });

  it('refuses binary content named .csv', async () => {
    await expect(
      parse('image.csv', Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48])),
    ).rejects.toThrow(/not a text file/);
  });
});

describe('CSV dialects and quoting', () => {
  it('keeps delimiters, line breaks and doubled quotes inside quoted fields, for every line ending', async () => {
    for (const newline of ['\n', '\r\n', '\r']) {
      const doc = await parse('q.csv', ['id,note', '1,"one, two"', '2,"line one', 'line two"', '3,"say ""hi"""', '4,'].join(newline));
      expect(rowsOf(doc)).toEqual([
        ['id', 'note'],
        ['1', 'one, two'],
        ['2', `line one${newline}line two`],
        ['3', 'say "hi"'],
        ['4', ''],
      ]);
    }
  });

  it('detects the delimiter the lines agree on: tab, semicolon beside decimal commas, pipe', async () => {
    expect(rowsOf(await parse('t.csv', 'a\tb, c\td\n1\t2, 3\t4\n'))).toEqual([
      ['a', 'b, c', 'd'],
      ['1', '2, 3', '4'],
    ]);
    expect(rowsOf(await parse('s.csv', 'x;y\n1,5;2\n3;4,25\n'))).toEqual([
      ['x', 'y'],
      ['1,5', '2'],
      ['3', '4,25'],
    ]);
    expect(rowsOf(await parse('p.csv', 'a|b|c\n1|2|3\n'))[1]).toEqual(['1', '2', '3']);
    expect(rowsOf(await parse('one.csv', 'title\nhello world\n'))).toEqual([['title'], ['hello world']]);
  });

  it('reads a .tsv with tabs whatever its text holds, and drops the spaces after delimiters when every delimiter has one', async () => {
    expect(rowsOf(await parse('a.tsv', 'note\nyes, no; maybe\n'))).toEqual([['note'], ['yes, no; maybe']]);
    expect(rowsOf(await parse('padded.csv', 'a, b, c\n1, 2, 3\n'))).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
  });

  it('skips empty lines, and reads on past quoting a strict reader refuses, saying where', async () => {
    const doc = await parse('bad.csv', 'a,b\n\n"x"y,2\n3,"never closed\n4,5\n');
    expect(rowsOf(doc)).toEqual([
      ['a', 'b'],
      ['xy', '2'],
      ['3', 'never closed\n4,5\n'],
    ]);
    expect(doc.metadata?.['warnings']).toEqual([
      'text after a closing quote (kept in the field): line 3',
      'a quoted field is never closed (read to the end of the file): line 4',
    ]);
  });

  it('reads a file split at any byte as a whole one (UTF-16 and quotes across the megabyte chunks)', async () => {
    const row = '"a,\n""b""",€ uno,3\n';
    const text = `h1,h2,h3\n${row.repeat(Math.ceil((1024 * 1024 * 1.5) / row.length))}`;
    const doc = await parse('big.csv', utf16(text, true, false));
    const rows = rowsOf(doc);
    expect(rows.length).toBe(1 + Math.ceil((1024 * 1024 * 1.5) / row.length));
    expect(new Set(rows.slice(1).map((r) => r.join('|')))).toEqual(new Set(['a,\n"b"|€ uno|3']));
  });
});

describe('CSV header row', () => {
  it('takes the first row as the header, as Docling does, unless every column is numbers in it and below it', async () => {
    const named = await parse('named.csv', 'x,y\n1,2\n3,4\n');
    expect(headerRow(named.tables[0]!)).toEqual([true, true]);
    const numbered = await parse('numbered.csv', '1,2\na,b\n');
    expect(headerRow(numbered.tables[0]!)).toEqual([true, true]);
    const data = await parse('data.csv', '1.5,2\n3,4e3\n-5,6%\n');
    expect(headerRow(data.tables[0]!)).toEqual([false, false]);
    expect(data.metadata?.['csv']).toMatchObject({ header_row: false, delimiter: ',', encoding: 'utf-8', rows: 3, columns: 2 });
  });
});

describe('CSV limits and cancellation', () => {
  it('stops at the table-cell limit with a too-large error naming it', async () => {
    const rows = 'a,b,c,d\n'.repeat(250_001);
    await expect(parse('many.csv', rows)).rejects.toMatchObject({
      code: 'too-large',
      message: expect.stringMatching(
        /many\.csv: the table read to line 250,001 has 1,000,004 cells \(the limit is 1,000,000 cells; set STRATUM_MAX_TABLE_CELLS/,
      ),
    });
  });

  it('reads a 100 MB file a megabyte at a time, its heap never holding the file as one string', async () => {
    const row = new TextEncoder().encode(`${Array.from({ length: 8 }, (_, i) => `${i}${'x'.repeat(120)}`).join(',')}\r\n`);
    const rowCount = Math.floor((100 * 1024 * 1024) / row.length);
    const bytes = new Uint8Array(rowCount * row.length);
    for (let i = 0; i < rowCount; i++) bytes.set(row, i * row.length);
    const heapBefore = process.memoryUsage().heapUsed;
    let peakHeap = heapBefore;
    const steps: number[] = [];
    const doc = await csvParser.parse(
      { fileName: 'big.csv', bytes },
      {
        onProgress: ({ done }) => {
          steps.push(done);
          peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
        },
      },
    );
    expect(doc.tables[0]!.data).toMatchObject({ num_rows: rowCount, num_cols: 8 });
    expect(steps.length).toBeGreaterThan(100);
    // The cells' text is the file's (one byte a character; measured 1.2x with the cells); a decoded copy of the whole
    // file on top of them would pass 2x.
    expect(peakHeap - heapBefore).toBeLessThan(1.75 * bytes.length);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(parse('a.csv', 'a,b\n1,2\n', controller.signal)).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('gives an empty document for a file of empty lines', async () => {
    const doc = await parse('blank.csv', '\r\n\r\n');
    expect(doc.tables).toEqual([]);
  });
});
