import { describe, expect, it } from 'vitest';
import type { DoclingDocument, TableData, TableItem } from '../../ir/types';
import { tableCellF1, textCoverage } from '../../evaluate/parse-metrics';
import { writeZip } from '../../zip/zip-writer';
import { parseInChild } from '../parse-in-child.test-support';
import { corpusFile } from '../parser.test-support';
import { xlsxParser } from './xlsx-parser';

const parseCorpus = (name: string): Promise<DoclingDocument> => xlsxParser.parse({ fileName: name, bytes: corpusFile(`xlsx/${name}`) });
const groundtruth = (name: string): DoclingDocument =>
  JSON.parse(corpusFile(`groundtruth/${name}.json`).toString('utf8')) as DoclingDocument;

const rowsOf = (table: TableItem): string[][] => {
  const rows = Array.from({ length: table.data.num_rows }, () => new Array<string>(table.data.num_cols).fill(''));
  for (const cell of table.data.table_cells) rows[cell.start_row_offset_idx]![cell.start_col_offset_idx] = cell.text;
  return rows;
};

const RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const R = `xmlns:r="${RELATIONSHIP}"`;

/** A one-sheet workbook whose sheet holds `sheetData` (the `<row>`s) and `after` (merged cells...). */
function workbook(sheetData: string, extra: { after?: string; styles?: string; sheets?: string } = {}): Uint8Array {
  const rels = (entries: string): string =>
    `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${entries}</Relationships>`;
  const sheets = extra.sheets ?? '<sheet name="Data" sheetId="1" r:id="rId1"/>';
  return writeZip([
    { name: '_rels/.rels', data: rels(`<Relationship Id="rId1" Type="${RELATIONSHIP}/officeDocument" Target="xl/workbook.xml"/>`) },
    { name: 'xl/workbook.xml', data: `<workbook ${MAIN} ${R}><sheets>${sheets}</sheets></workbook>` },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: rels(
        `<Relationship Id="rId1" Type="${RELATIONSHIP}/worksheet" Target="worksheets/sheet1.xml"/>` +
          `<Relationship Id="rId9" Type="${RELATIONSHIP}/styles" Target="styles.xml"/>`,
      ),
    },
    { name: 'xl/styles.xml', data: `<styleSheet ${MAIN}>${extra.styles ?? ''}</styleSheet>` },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: `<worksheet ${MAIN} ${R}><sheetData>${sheetData}</sheetData>${extra.after ?? ''}</worksheet>`,
    },
  ]);
}

const cell = (ref: string, value: string | number, style?: number): string =>
  typeof value === 'number'
    ? `<c r="${ref}"${style === undefined ? '' : ` s="${style}"`}><v>${value}</v></c>`
    : `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;

describe('XLSX parser on the corpus (Docling groundtruth)', () => {
  it.each(['xlsx_01.xlsx', 'xlsx_03_chartsheet.xlsx', 'xlsx_05_table_with_title.xlsx', 'xlsx_comments.xlsx'])(
    '%s: the same tables, cell for cell, and the same text',
    async (name) => {
      const doc = await parseCorpus(name);
      const truth = groundtruth(name);
      expect(doc.tables.map(rowsOf)).toEqual(truth.tables.map(rowsOf));
      expect(doc.tables.map((t) => t.prov[0]!.bbox)).toEqual(truth.tables.map((t) => t.prov[0]!.bbox));
      expect(doc.groups.filter((g) => g.label === 'sheet').map((g) => [g.name, g.content_layer])).toEqual(
        truth.groups.filter((g) => g.label === 'sheet').map((g) => [g.name, g.content_layer]),
      );
      expect(textCoverage(truth, doc)).toBe(1);
      expect(textCoverage(doc, truth)).toBe(1);
    },
  );

  it('reads dates as Docling does (Python datetimes), or as the sheet formats them with xlsxValues: formatted', async () => {
    const truth = groundtruth('xlsx_02_sample_sales_data.xlsm');
    const doc = await parseCorpus('xlsx_02_sample_sales_data.xlsm');
    expect(rowsOf(doc.tables[0]!).slice(0, 2)).toEqual([
      ['Product', 'Date', 'Quantity', 'Revenue'],
      ['Widget A', '2024-01-01 00:00:00', '5', '5000'],
    ]);
    expect(doc.tables.map(rowsOf)).toEqual(truth.tables.map(rowsOf));
    const bytes = corpusFile('xlsx/xlsx_02_sample_sales_data.xlsm');
    const formatted = await xlsxParser.parse({ fileName: 'sales.xlsm', bytes }, { xlsxValues: 'formatted' });
    expect(rowsOf(formatted.tables[0]!)[1]).toEqual(['Widget A', '2024-01-01 0:00:00', '5', '5000']);
    // every cell but the 20 dates, whose format code is `yyyy-mm-dd h:mm:ss`
    expect(tableCellF1(truth, formatted).f1).toBeCloseTo(64 / 84, 3);
  });

  it('rebuilds a chart as its data table, classified and captioned by its title', async () => {
    const doc = await parseCorpus('xlsx_03_chartsheet.xlsx');
    const chart = doc.pictures[0]!;
    const truth = groundtruth('xlsx_03_chartsheet.xlsx').pictures[0]!;
    expect(chart.meta?.classification).toEqual(truth.meta?.classification);
    const cellsOf = (data: TableData | undefined) => data?.table_cells.map((c) => [c.start_row_offset_idx, c.start_col_offset_idx, c.text]);
    expect(cellsOf(chart.meta?.tabular_chart?.chart_data)).toEqual(cellsOf(truth.meta?.tabular_chart?.chart_data));
    expect(doc.texts.find((t) => t.self_ref === chart.captions[0]!.$ref)?.text).toBe('Wild Duck Observations by Year');
  });

  it('keeps comments, with their threads, in the notes layer', async () => {
    const doc = await parseCorpus('xlsx_comments.xlsx');
    const notes = doc.texts.filter((t) => t.content_layer === 'notes').map((t) => t.text);
    expect(notes).toEqual([
      '[author: John Reviewer]: Why Python specifically?',
      '[author: Jane Editor]: Which libraries are you referring to?',
      '[author: Jane Smith (JS), time: 2026-06-18T17:12:37.410]: Minimum number of saltwater ducks',
      '[author: Marcus Sterling (MS), time: 2026-06-18T17:15:52.310]: I never thought it would be so low',
      '[author: Jane Smith (JS), time: 2026-06-18T17:12:57.350]: Maximum number of ducks',
    ]);
  });

  it('puts a hidden sheet in the invisible layer and names it in the metadata', async () => {
    const doc = await parseCorpus('xlsx_01.xlsx');
    expect(doc.tables.at(-1)!.content_layer).toBe('invisible');
    expect(doc.metadata?.hidden_sheets).toEqual(['Sheet4']);
  });
});

describe('XLSX parser on workbooks written here', () => {
  const formatStyles =
    '<numFmts><numFmt numFmtId="164" formatCode="&quot;€&quot;#,##0.00;[Red]\\-&quot;€&quot;#,##0.00"/>' +
    '<numFmt numFmtId="165" formatCode="d mmmm yyyy"/><numFmt numFmtId="166" formatCode="[h]:mm"/></numFmts>' +
    `<cellXfs>${[0, 10, 164, 165, 3, 14, 21, 166].map((id) => `<xf numFmtId="${id}"/>`).join('')}</cellXfs>`;
  const formatRow = (values: number[]): string =>
    `<row r="1">${values.map((value, i) => cell(`${String.fromCharCode(65 + i)}1`, value, i < 5 ? i + 1 : undefined)).join('')}</row>`;

  it('formats numbers, percentages, currencies and dates by their number format with xlsxValues: formatted', async () => {
    const bytes = workbook(formatRow([0.1234, -1234.5, 45292, 1234567, 45292.5, 0.1 + 0.2]), { styles: formatStyles });
    const doc = await xlsxParser.parse({ fileName: 'formats.xlsx', bytes }, { xlsxValues: 'formatted' });
    expect(rowsOf(doc.tables[0]!)).toEqual([['12.34%', '-€1,234.50', '1 January 2024', '1,234,567', '1/1/2024', '0.3']]);
  });

  it('reads every kind of cell as Docling does by default: Python str() of the value openpyxl reads', async () => {
    const typed = (ref: string, type: string, value: string, style = 0): string =>
      `<c r="${ref}" t="${type}" s="${style}"><v>${value}</v></c>`;
    const row =
      formatRow([0.1234, -1234.5, 45292, 1234567, 45292.5, 0.1 + 0.2]).replace('</row>', '') +
      `${cell('G1', 0.75, 6)}${cell('H1', 1.5, 7)}${typed('I1', 'b', '1')}${typed('J1', 'e', '#DIV/0!')}` +
      `${typed('K1', 'str', 'total')}${typed('L1', 'd', '2024-03-05T14:30:00.250Z')}${typed('M1', 'n', '1E+16')}` +
      `${typed('N1', 'n', '60', 3)}${typed('O1', 'n', '12345678901234567890')}<c r="P1" s="3"><v></v></c>${cell('Q1', 'end')}</row>`;
    const doc = await xlsxParser.parse({ fileName: 'values.xlsx', bytes: workbook(row, { styles: formatStyles }) });
    // an empty <v> is no value: the cell is a gap, and the cell after it a table of its own
    expect(doc.tables.slice(1).map(rowsOf)).toEqual([[['end']]]);
    expect(rowsOf(doc.tables[0]!)).toEqual([
      [
        '0.1234',
        '-1234.5',
        '2024-01-01 00:00:00',
        '1234567',
        '2024-01-01 12:00:00',
        '0.30000000000000004',
        '18:00:00',
        '1 day, 12:00:00',
        'True',
        '#DIV/0!',
        'total',
        '2024-03-05 14:30:00.250000',
        '1e+16',
        '#VALUE!',
        '12345678901234567890',
      ],
    ]);
  });

  it('finds separate tables by their gaps, joins merged cells and splits off a merged section title', async () => {
    const rows = [
      `<row r="1">${cell('A1', 'Quarterly sales')}</row>`,
      `<row r="2">${cell('A2', 'Region')}${cell('B2', 'Q1')}${cell('C2', 'Q2')}</row>`,
      `<row r="3">${cell('A3', 'North')}${cell('B3', 10)}${cell('C3', 12)}</row>`,
      `<row r="5">${cell('E5', 'Notes')}</row>`,
    ].join('');
    const after = '<mergeCells count="1"><mergeCell ref="A1:C1"/></mergeCells>';
    const doc = await xlsxParser.parse({ fileName: 'gaps.xlsx', bytes: workbook(rows, { after }) });
    expect(doc.texts.map((t) => t.text)).toEqual(['Quarterly sales']);
    expect(doc.tables.map(rowsOf)).toEqual([
      [
        ['Region', 'Q1', 'Q2'],
        ['North', '10', '12'],
      ],
      [['Notes']],
    ]);
    expect(doc.tables[0]!.prov[0]!.bbox).toMatchObject({ l: 0, t: 1, r: 3, b: 3 });
  });

  it('keeps a merged header once with its spans and counts the rows it reaches as header rows', async () => {
    const rows = [
      `<row r="1">${cell('A1', 'Name')}${cell('B1', 'Scores')}</row>`,
      `<row r="2">${cell('B2', 'Math')}${cell('C2', 'Art')}</row>`,
      `<row r="3">${cell('A3', 'Ann')}${cell('B3', 1)}${cell('C3', 2)}</row>`,
    ].join('');
    const after = '<mergeCells count="2"><mergeCell ref="A1:A2"/><mergeCell ref="B1:C1"/></mergeCells>';
    const doc = await xlsxParser.parse({ fileName: 'merged.xlsx', bytes: workbook(rows, { after }) });
    const cells = doc.tables[0]!.data.table_cells;
    expect(cells.find((c) => c.text === 'Scores')).toMatchObject({ row_span: 1, col_span: 2, column_header: true });
    expect(cells.find((c) => c.text === 'Name')).toMatchObject({ row_span: 2, col_span: 1 });
    expect(cells.filter((c) => c.column_header).map((c) => c.text)).toEqual(['Name', 'Scores', 'Math', 'Art']);
  });

  it('reads a sheet of 1,000,000 cells in bounded memory and time', async () => {
    const columns = 20;
    const rows: string[] = [];
    for (let r = 1; r <= 50_000; r++) {
      let row = `<row r="${r}">`;
      for (let c = 0; c < columns; c++) row += `<c r="${String.fromCharCode(65 + c)}${r}"><v>${r * columns + c}</v></c>`;
      rows.push(`${row}</row>`);
    }
    const bytes = workbook(rows.join(''));
    const [outcome] = await parseInChild([{ fileName: 'million.xlsx', bytes }]);
    expect(outcome).toMatchObject({ items: 2 });
    console.log(`1,000,000 cells: ${outcome!.parseMs} ms, peak RSS ${outcome!.maxRssMb} MB`);
    expect(outcome!.parseMs).toBeLessThan(60_000);
    expect(outcome!.maxRssMb).toBeLessThan(1536);
  }, 120_000);

  it('refuses a ZIP bomb before inflating it', async () => {
    const sheet = `<worksheet ${MAIN}><sheetData>${'<row/>'.repeat(2_000_000)}</sheetData></worksheet>`;
    const bytes = writeZip([{ name: 'xl/worksheets/sheet1.xml', data: sheet }]);
    await expect(xlsxParser.parse({ fileName: 'bomb.xlsx', bytes })).rejects.toMatchObject({
      code: 'too-large',
      message: expect.stringContaining('suspicious compression ratio'),
    });
  });

  it('says what is wrong with a truncated workbook', async () => {
    const bytes = corpusFile('xlsx/xlsx_01.xlsx');
    await expect(xlsxParser.parse({ fileName: 'cut.xlsx', bytes: bytes.subarray(0, bytes.length / 2) })).rejects.toMatchObject({
      code: 'corrupt-file',
      message: 'cut.xlsx: cannot be read, it is not a ZIP package',
    });
  });

  it('honours an aborted signal and reports progress by sheet', async () => {
    const controller = new AbortController();
    controller.abort();
    const input = { fileName: 'x.xlsx', bytes: corpusFile('xlsx/xlsx_01.xlsx') };
    await expect(xlsxParser.parse(input, { signal: controller.signal })).rejects.toMatchObject({ code: 'cancelled' });
    const progress: string[] = [];
    await xlsxParser.parse(input, { onProgress: (p) => progress.push(`${p.stage} ${p.done}/${p.total}`) });
    expect(progress).toEqual(['sheet 0/4', 'sheet 1/4', 'sheet 2/4', 'sheet 3/4', 'sheet 4/4']);
  });
});
