import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../../ir/types';
import { looksLikeOcrJson, ocrDocumentSchema, type OcrDocument } from './ocr-json-schema';
import { textCoverage } from '../../evaluate/parse-metrics';
import { parserForFile } from '../registry';
import { ocrJsonParser } from './ocr-json-parser';

const testData = (path: string): Buffer => readFileSync(new URL(`../../../../test-data/${path}`, import.meta.url));

function parseOcr(document: unknown): Promise<DoclingDocument> {
  return ocrJsonParser.parse({ fileName: 'scan.ocr.json', bytes: new TextEncoder().encode(JSON.stringify(document)) });
}

const box = (top: number, bottom: number): [number, number, number, number] => [50, top, 550, bottom];

const sample: OcrDocument = {
  version: 1,
  coord_origin: 'TOPLEFT',
  pages: [
    {
      page_no: 1,
      width: 600,
      height: 800,
      blocks: [
        { category: 'Page-header', bbox: box(10, 30), text: 'Annual report 2024' },
        { category: 'Title', bbox: box(50, 80), text: 'Ducks of the world' },
        { category: 'Section-header', bbox: box(90, 110), text: 'Species', level: 1 },
        { category: 'Text', bbox: box(120, 160), text: 'Ducks are waterfowl.' },
        { category: 'List-item', bbox: box(170, 185), text: '• Mallard' },
        { category: 'List-item', bbox: box(186, 200), text: '• Teal' },
        { category: 'Caption', bbox: box(210, 225), text: 'Table 1: Sizes' },
        {
          category: 'Table',
          bbox: box(230, 330),
          text: '',
          html: '<table><tr><th>Species</th><th>Length</th></tr><tr><td rowspan="2">Mallard</td><td>58 cm</td></tr><tr><td>62 cm</td></tr></table>',
        },
        { category: 'Picture', bbox: box(340, 500), text: '' },
        { category: 'Caption', bbox: box(505, 520), text: 'Figure 1: A mallard' },
        { category: 'Formula', bbox: box(530, 550), text: 'E = mc^2' },
        { category: 'Code', bbox: box(560, 600), text: 'print("quack")', language: 'Python' },
        { category: 'Footnote', bbox: box(740, 760), text: '1 Measured in 2023.' },
        { category: 'Page-footer', bbox: box(770, 790), text: 'Page 1' },
      ],
    },
    {
      page_no: 2,
      width: 600,
      height: 800,
      blocks: [
        { category: 'List-item', bbox: box(50, 65), text: '1. First step' },
        { category: 'List-item', bbox: box(66, 80), text: '2. Second step' },
        {
          category: 'Table',
          bbox: box(100, 200),
          text: '',
          cells: [
            { row: 0, col: 0, row_span: 1, col_span: 2, text: 'Both', header: true },
            { row: 1, col: 0, row_span: 1, col_span: 1, text: 'a', header: false },
            { row: 1, col: 1, row_span: 1, col_span: 1, text: 'b', header: false },
          ],
        },
      ],
    },
  ],
};

describe('OCR-JSON parser', () => {
  it('reads the hand-written fixture of Docling’s OCR groundtruth as Docling does', async () => {
    const bytes = testData('ocr-json/ocr_test.ocr.json');
    const doc = await ocrJsonParser.parse({ fileName: 'ocr_test.ocr.json', bytes });
    const truth = JSON.parse(testData('corpus/groundtruth/ocr_test.tesseract.full_page.json').toString('utf8')) as DoclingDocument;
    expect(textCoverage(truth, doc)).toBe(1);
    expect(textCoverage(doc, truth)).toBe(1);
    expect(doc.pages).toEqual(truth.pages);
    expect(doc.texts[0]!.prov).toEqual(truth.texts[0]!.prov);
    expect(doc.metadata).toMatchObject({ engine: 'tesseract' });
  });

  it('maps every category, groups list items and attaches captions to the nearest table or picture', async () => {
    const doc = await parseOcr(sample);
    const label = (text: string): string | undefined => doc.texts.find((t) => t.text === text)?.label;
    expect(label('Ducks of the world')).toBe('title');
    expect(doc.texts.find((t) => t.text === 'Species' && t.label === 'section_header')?.level).toBe(1);
    expect(doc.texts.find((t) => t.text === 'Annual report 2024')).toMatchObject({ label: 'page_header', content_layer: 'furniture' });
    expect(doc.texts.find((t) => t.text === 'Page 1')).toMatchObject({ label: 'page_footer', content_layer: 'furniture' });
    expect(label('E = mc^2')).toBe('formula');
    expect(doc.texts.find((t) => t.label === 'code')).toMatchObject({ code_language: 'Python' });
    expect(label('1 Measured in 2023.')).toBe('footnote');

    const bullets = doc.texts.filter((t) => t.label === 'list_item');
    expect(bullets.map((t) => [t.text, t.marker, t.enumerated])).toEqual([
      ['Mallard', '•', false],
      ['Teal', '•', false],
      ['First step', '1.', true],
      ['Second step', '2.', true],
    ]);
    expect(new Set(bullets.slice(0, 2).map((t) => t.parent!.$ref)).size).toBe(1);
    expect(bullets[2]!.parent!.$ref).not.toBe(bullets[0]!.parent!.$ref);

    const [table, cellTable] = doc.tables;
    expect(doc.texts.find((t) => t.self_ref === table!.captions[0]!.$ref)!.text).toBe('Table 1: Sizes');
    expect(doc.texts.find((t) => t.self_ref === doc.pictures[0]!.captions[0]!.$ref)!.text).toBe('Figure 1: A mallard');
    expect(table!.data.table_cells.map((c) => [c.text, c.start_row_offset_idx, c.end_row_offset_idx, c.column_header])).toEqual([
      ['Species', 0, 1, true],
      ['Length', 0, 1, true],
      ['Mallard', 1, 3, false],
      ['58 cm', 1, 2, false],
      ['62 cm', 2, 3, false],
    ]);
    expect([cellTable!.data.num_rows, cellTable!.data.num_cols]).toEqual([2, 2]);
    expect(table!.prov[0]).toMatchObject({ page_no: 1, bbox: { l: 50, t: 230, r: 550, b: 330, coord_origin: 'TOPLEFT' } });
    expect(Object.keys(doc.pages)).toEqual(['1', '2']);
  });

  it("gives each item's charspan in code points, as Docling's provenance counts (Python's len)", async () => {
    const block = { category: 'Text' as const, bbox: box(10, 30), text: ' Ducks 🦆 swim ' };
    const doc = await parseOcr({ version: 1, pages: [{ page_no: 1, width: 600, height: 800, blocks: [block] }] });
    expect(doc.texts[0]!.text).toBe('Ducks 🦆 swim');
    expect(doc.texts[0]!.prov[0]!.charspan).toEqual([0, 12]);
  });

  it('is picked by the registry for .ocr.json and recognised by content', () => {
    expect(parserForFile('scan.OCR.json').format).toBe('ocr-json');
    expect(parserForFile('doc.json').format).not.toBe('ocr-json');
    expect(looksLikeOcrJson(sample)).toBe(true);
    expect(looksLikeOcrJson({ schema_name: 'DoclingDocument', pages: {} })).toBe(false);
    expect(ocrDocumentSchema.parse({ pages: [] }).coord_origin).toBe('TOPLEFT');
  });

  it('reads OCR-JSON saved as plain .json through the DoclingDocument parser', async () => {
    const parser = parserForFile('scan.json');
    const doc = await parser.parse({ fileName: 'scan.json', bytes: testData('ocr-json/ocr_test.ocr.json') });
    expect(doc.texts[0]!.text).toContain('Docling bundles PDF document conversion');
    await expect(parser.parse({ fileName: 'other.json', bytes: new TextEncoder().encode('{"pages": 3}') })).rejects.toMatchObject({
      code: 'corrupt-file',
    });
  });

  it('reports clear errors and honours cancellation', async () => {
    await expect(ocrJsonParser.parse({ fileName: 'e.ocr.json', bytes: new Uint8Array() })).rejects.toMatchObject({ code: 'empty-file' });
    await expect(
      parseOcr({ pages: [{ page_no: 1, width: 10, height: 10, blocks: [{ category: 'Banner', bbox: [0, 0, 1, 1] }] }] }),
    ).rejects.toMatchObject({
      code: 'corrupt-file',
      message: expect.stringContaining('pages.0.blocks.0.category'),
    });
    await expect(ocrJsonParser.parse({ fileName: 'x.ocr.json', bytes: new Uint8Array([0x50, 0x4b, 3, 4]) })).rejects.toMatchObject({
      code: 'corrupt-file',
    });
    const deep = `{"pages": [{"page_no": 1, "width": 10, "height": 10, "blocks": ${'['.repeat(5000)}${']'.repeat(5000)}}]}`;
    await expect(ocrJsonParser.parse({ fileName: 'deep.ocr.json', bytes: new TextEncoder().encode(deep) })).rejects.toMatchObject({
      code: 'corrupt-file',
      message: expect.stringMatching(/^deep\.ocr\.json: too deeply nested/),
    });
    const controller = new AbortController();
    controller.abort();
    await expect(
      ocrJsonParser.parse(
        { fileName: 's.ocr.json', bytes: new TextEncoder().encode(JSON.stringify(sample)) },
        { signal: controller.signal },
      ),
    ).rejects.toMatchObject({ code: 'cancelled' });
    const progress: number[] = [];
    await ocrJsonParser.parse(
      { fileName: 's.ocr.json', bytes: new TextEncoder().encode(JSON.stringify(sample)) },
      { onProgress: (p) => progress.push(p.done) },
    );
    expect(progress).toEqual([0, 1, 2]);
  });
});
