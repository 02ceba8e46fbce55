import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../../ir/types';
import { resolveRef } from '../../ir/resolve';
import { parserForFile } from '../registry';
import { layoutJsonParser } from './layout-json-parser';

const folder = new URL('../../../../test-data/layout-json/', import.meta.url);
const FIXTURE = 'rain_gauges_content_list.json';
const fixtureBytes = readFileSync(new URL(FIXTURE, folder));

const parseJson = (fileName: string, value: unknown): Promise<DoclingDocument> =>
  parserForFile(fileName).parse({ fileName, bytes: new TextEncoder().encode(JSON.stringify(value)) });

const textOf = (doc: DoclingDocument, ref: { $ref: string }): string => (resolveRef(doc, ref.$ref) as { text: string }).text;

describe('MinerU content list', () => {
  it('maps every block type to the IR: headings by text_level, pictures and tables with their captions and footnotes', async () => {
    const doc = await layoutJsonParser.parse({ fileName: FIXTURE, bytes: fixtureBytes }, { documentFolder: fileURLToPath(folder) });
    const body = doc.texts.filter((t) => t.content_layer === 'body' && t.parent?.$ref === '#/body');
    expect(body.map((t) => [t.label, t.text, t.level ?? null])).toEqual([
      ['section_header', 'Rain gauges in alpine valleys', 1],
      ['text', 'Measuring precipitation where wind and snow bias every reading.', null],
      ['section_header', '1. Sites', 2],
      ['text', 'Twelve gauges were read daily from 2019 to 2023 along two valleys, at heights from 600 m to 2,400 m.', null],
      ['formula', 'P_{c} = k \\cdot P_{m}', null],
      ['section_header', '2. Results', 2],
      ['code', 'def corrected(p_measured, k):\n    return k * p_measured', null],
      ['text', 'Snow catch falls fastest with height, as wind speed grows.', null],
      ['footnote', '1 Heights above sea level.', null],
    ]);
    expect(doc.texts.filter((t) => t.label === 'list_item').map((t) => [t.text, t.marker, t.parent?.$ref])).toEqual([
      ['Wind shields on every gauge.', '•', '#/groups/0'],
      ['Heated funnels above 1,500 m.', '•', '#/groups/0'],
    ]);
    expect(doc.texts.filter((t) => t.content_layer === 'furniture').map((t) => [t.label, t.text])).toEqual([
      ['page_header', 'Alpine Hydrology Notes, vol. 3'],
      ['page_footer', '1'],
      ['page_footer', 'Alpine Hydrology Notes'],
    ]);

    const [picture] = doc.pictures;
    expect(picture!.captions.map((ref) => textOf(doc, ref))).toEqual(['Fig. 1. A shielded gauge at the upper station.']);
    expect(picture!.footnotes.map((ref) => textOf(doc, ref))).toEqual(['Photograph taken in March 2021.']);
    expect(picture!.image?.mimetype).toBe('image/png');
    expect(picture!.prov[0]).toMatchObject({ page_no: 1, bbox: { l: 200, t: 280, r: 800, b: 560, coord_origin: 'TOPLEFT' } });

    const [table] = doc.tables;
    expect(table!.captions.map((ref) => textOf(doc, ref))).toEqual(['Table 1 Catch ratio by height']);
    expect(table!.footnotes.map((ref) => textOf(doc, ref))).toEqual(['Ratios of shielded to unshielded gauges.']);
    expect(table!.data).toMatchObject({ num_rows: 4, num_cols: 3 });
    expect(table!.data.table_cells.slice(0, 2)).toMatchObject([
      { text: 'Station', row_span: 2, col_span: 1 },
      { text: 'Catch ratio', row_span: 1, col_span: 2 },
    ]);
    const code = doc.texts.find((t) => t.label === 'code')!;
    expect(code.code_language).toBe('python');
    expect(code.captions!.map((ref) => textOf(doc, ref))).toEqual(['Listing 1. Correcting a reading.']);

    expect(doc.pages).toEqual({
      '1': { page_no: 1, size: { width: 1000, height: 1000 } },
      '2': { page_no: 2, size: { width: 1000, height: 1000 } },
    });
    expect(doc.metadata).toEqual({ layout_engine: 'mineru' });
  });

  it('reads a .json of any name whose content is a content list, and names the format by the file name', async () => {
    const value = JSON.parse(fixtureBytes.toString('utf8')) as unknown;
    const byContent = await parseJson('paper.json', value);
    const byName = await parseJson(FIXTURE, value);
    expect(byContent.texts.map((t) => t.text)).toEqual(byName.texts.map((t) => t.text));
    expect(byContent.metadata?.['layout_engine']).toBe('mineru');
    expect(parserForFile('Paper_Content_List.JSON').format).toBe('layout-json');
  });

  it('reads older field names (img_caption, img_footnote) and boxes past 1000 as page coordinates', async () => {
    const doc = await parseJson('old_content_list.json', [
      {
        type: 'image',
        img_path: 'images/x.jpg',
        img_caption: ['Fig. 2. Old style.'],
        img_footnote: [],
        page_idx: 0,
        bbox: [10, 20, 1200, 1600],
      },
      { type: 'text', text: 'No box at all.', page_idx: 0 },
    ]);
    expect(doc.pictures[0]!.captions.map((ref) => textOf(doc, ref))).toEqual(['Fig. 2. Old style.']);
    expect(doc.pages['1']!.size).toEqual({ width: 1200, height: 1600 });
    expect(doc.texts.at(-1)!.prov[0]!.bbox).toMatchObject({ l: 0, t: 0, r: 1200, b: 1600 });
    // No folder to read images/x.jpg from (the app receives bytes alone): the picture has no image, without a warning.
    expect(doc.pictures[0]!.image).toBeUndefined();
  });
});

describe('MinerU content list with missing or wrong fields', () => {
  it('stops with the item and the field when an item cannot be placed', async () => {
    await expect(
      parseJson('a_content_list.json', [
        { type: 'text', text: 'x', page_idx: 0 },
        { type: 'text', text: 'y' },
      ]),
    ).rejects.toMatchObject({
      code: 'corrupt-file',
      message:
        'a_content_list.json: not a readable MinerU content list: item [1] (text) has no "page_idx" (its page, a whole number from 0)',
    });
    await expect(parseJson('b_content_list.json', [{ text: 'x', page_idx: 0 }])).rejects.toThrow(/item \[0\] has no "type"/);
    await expect(parseJson('c_content_list.json', [{ type: 'text', text: 'x', page_idx: 0, bbox: [1, 2] }])).rejects.toThrow(
      /item \[0\] \(text\) has a "bbox" that is not \[x0, y0, x1, y1\]/,
    );
    await expect(parseJson('d_content_list.json', { pdf_info: [] })).rejects.toThrow(/expected a JSON array of blocks/);
  });

  it('reads on past a block without its content, saying which in the warnings', async () => {
    const doc = await parseJson('e_content_list.json', [
      { type: 'text', page_idx: 0 },
      { type: 'table', img_path: 'images/t.jpg', table_caption: ['Table 3'], page_idx: 0 },
      { type: 'sidebar', text: 'A box of its own.', page_idx: 1 },
      { type: 'text', text: 'Kept.', page_idx: 1 },
    ]);
    expect(doc.texts.map((t) => [t.label, t.text])).toEqual([
      ['caption', 'Table 3'],
      ['text', 'A box of its own.'],
      ['text', 'Kept.'],
    ]);
    expect(doc.pictures).toHaveLength(1);
    expect(doc.metadata?.['warnings']).toEqual([
      'item [0] (text) has no "text": left out',
      'item [1] (table) has no "table_body": kept as a picture of the table',
      'item [2] (sidebar) is of a type Stratum does not know: read as text',
    ]);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(layoutJsonParser.parse({ fileName: FIXTURE, bytes: fixtureBytes }, { signal: controller.signal })).rejects.toMatchObject({
      code: 'cancelled',
    });
  });
});
