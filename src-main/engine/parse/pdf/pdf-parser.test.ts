import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { iterateItems } from '../../ir/iterate';
import type { DoclingDocument, TextItem } from '../../ir/types';
import { isStratumError, type StratumError } from '../../../../src-shared/errors';
import { wordsOf } from '../../evaluate/parse-metrics';
import { parserForFile } from '../registry';
import { compareWithGroundtruth } from './groundtruth-comparison.test-support';
import { pdfParser } from '.';

const testData = path.resolve(import.meta.dirname, '../../../../test-data');
const corpusPdf = (stem: string): Uint8Array => new Uint8Array(readFileSync(path.join(testData, 'corpus/pdf', `${stem}.pdf`)));
const groundtruth = (stem: string): DoclingDocument =>
  JSON.parse(readFileSync(path.join(testData, 'corpus/groundtruth', `${stem}.json`), 'utf8')) as DoclingDocument;

const parsed = new Map<string, Promise<DoclingDocument>>();
function parseCorpus(stem: string): Promise<DoclingDocument> {
  let doc = parsed.get(stem);
  if (!doc) {
    doc = pdfParser.parse({ fileName: `${stem}.pdf`, bytes: corpusPdf(stem) });
    parsed.set(stem, doc);
  }
  return doc;
}

async function parseError(promise: Promise<unknown>): Promise<StratumError> {
  try {
    await promise;
  } catch (error) {
    if (isStratumError(error)) return error;
    throw error;
  }
  throw new Error('expected a StratumError');
}

function bodyTexts(doc: DoclingDocument): TextItem[] {
  return [...iterateItems(doc)].map((n) => n.item).filter((item): item is TextItem => item.self_ref.startsWith('#/texts/'));
}

describe('pdfParser', () => {
  it('is registered for .pdf', () => {
    expect(parserForFile('Report.PDF')).toBe(pdfParser);
    expect(pdfParser.mimeType).toBe('application/pdf');
  });

  // Docling's PDF groundtruth comes from ML layout models; these are the bars a rule-based parser meets.
  const bars: Array<[string, { headings: boolean; tables: boolean }]> = [
    ['multi_page', { headings: true, tables: true }],
    ['2305.03393v1-pg9', { headings: true, tables: true }],
    ['amt_handbook_sample', { headings: true, tables: true }],
    ['code_and_formula', { headings: true, tables: true }],
    ['picture_classification', { headings: true, tables: true }],
    ['table_mislabeled_as_picture', { headings: false, tables: false }],
  ];
  it.each(bars)('meets the quality bar against Docling on %s', async (stem, reach) => {
    const metrics = compareWithGroundtruth(groundtruth(stem), await parseCorpus(stem));
    expect(metrics.wordRecall).toBeGreaterThanOrEqual(0.95);
    expect(metrics.wordPrecision).toBeGreaterThanOrEqual(0.95);
    expect(metrics.readingOrder).toBeGreaterThanOrEqual(0.9);
    if (reach.headings) expect(metrics.headingF1).toBeGreaterThanOrEqual(0.8);
    if (reach.tables) expect(metrics.tableRecall).toBeGreaterThanOrEqual(0.8);
  });

  it('gives every item its page, a BOTTOMLEFT box on the page and a span into its page text', async () => {
    for (const stem of ['multi_page', '2305.03393v1-pg9', 'amt_handbook_sample']) {
      const doc = await parseCorpus(stem);
      const pageTexts = doc.metadata?.page_texts as Record<string, string>;
      for (const item of [...doc.texts, ...doc.tables, ...doc.pictures]) {
        const prov = item.prov[0]!;
        const page = doc.pages[String(prov.page_no)]!;
        expect(prov.bbox.coord_origin).toBe('BOTTOMLEFT');
        expect(prov.bbox.t).toBeGreaterThanOrEqual(prov.bbox.b);
        expect(prov.bbox.l).toBeGreaterThanOrEqual(-1);
        expect(prov.bbox.r).toBeLessThanOrEqual(page.size.width + 1);
        if (!('text' in item) || item.text === '') continue;
        expect(prov.charspan).toEqual([0, Array.from(item.text).length]);
        const [start, end] = item.source_span!;
        const source = Array.from(pageTexts[String(prov.page_no)]!).slice(start, end).join('');
        // Hyphenation and list markers differ between the item text and its source lines.
        expect(wordsOf(source).join('')).toContain(wordsOf(item.text).join(''));
      }
    }
  });

  it('reads a two-column page column by column', async () => {
    const doc = await parseCorpus('amt_handbook_sample');
    const texts = bodyTexts(doc).map((t) => t.text);
    const leftColumnEnd = texts.findIndex((t) => t.startsWith('Boots self-locking nuts are made with three'));
    const rightColumnStart = texts.findIndex((t) => t.startsWith('the most common ranges in size'));
    const leftHeading = texts.indexOf('Boots Self-Locking Nut');
    const rightHeading = texts.indexOf('Stainless Steel Self-Locking Nut');
    expect(leftHeading).toBeGreaterThanOrEqual(0);
    expect(leftHeading).toBeLessThan(leftColumnEnd);
    expect(leftColumnEnd).toBeLessThan(rightColumnStart);
    expect(rightColumnStart).toBeLessThan(rightHeading);
  });

  it('finds headings with levels, lists, furniture and the table grid with its caption', async () => {
    const paper = await parseCorpus('2305.03393v1-pg9');
    const headings = paper.texts.filter((t) => t.label === 'section_header');
    expect(headings.map((h) => [h.text, h.level])).toEqual([
      ['5.1 Hyper Parameter Optimization', 2],
      ['5.2 Quantitative Results', 2],
    ]);
    expect(paper.furniture.children.length).toBe(2);
    expect(paper.texts.filter((t) => t.content_layer === 'furniture').map((t) => t.text)).toContain('9');
    const table = paper.tables[0]!;
    expect([table.data.num_rows, table.data.num_cols]).toEqual([6, 8]);
    expect(table.data.table_cells.find((c) => c.start_row_offset_idx === 2 && c.start_col_offset_idx === 7)?.text).toBe('2.73 5.39');
    expect(table.captions).toHaveLength(1);
    expect(paper.texts.find((t) => t.self_ref === table.captions[0]!.$ref)?.text).toMatch(/^Table 1\. HPO performed/);
    expect(bodyTexts(paper).some((t) => t.text.includes('Effects of reducing'))).toBe(true);

    const essay = await parseCorpus('multi_page');
    const items = essay.texts.filter((t) => t.label === 'list_item');
    expect(items.length).toBeGreaterThanOrEqual(20);
    expect(items.every((t) => t.parent?.$ref.startsWith('#/groups/'))).toBe(true);
    expect(items.find((t) => t.text.startsWith('Undo/Redo'))).toMatchObject({ enumerated: true, marker: '1.' });
  });

  it('recovers the spans of a ruled table from the ruling lines its header leaves out', async () => {
    // The header of the OTSL paper's table: "TEDs" over three columns under which a short rule
    // runs, the other labels over two rows beside it; Docling's groundtruth has the same cells.
    const headerOf = (doc: DoclingDocument) =>
      doc.tables[0]!.data.table_cells.filter((c) => c.column_header)
        .map((c) => [
          c.text,
          c.start_row_offset_idx,
          c.start_col_offset_idx,
          c.row_span,
          c.col_span,
          c.end_row_offset_idx,
          c.end_col_offset_idx,
        ])
        .sort((a, b) => String(a).localeCompare(String(b)));
    const paper = await parseCorpus('2305.03393v1-pg9');
    expect(headerOf(paper)).toEqual(headerOf(groundtruth('2305.03393v1-pg9')));
    expect(headerOf(paper)).toContainEqual(['TEDs', 0, 3, 1, 3, 1, 6]);
    expect(headerOf(paper)).toContainEqual(['# enc-layers', 0, 0, 2, 1, 2, 1]);
    const cells = paper.tables[0]!.data.table_cells;
    const slots = cells.reduce((sum, c) => sum + c.row_span * c.col_span, 0);
    expect(slots).toBe(6 * 8);
  });

  it('finds figures drawn with vector paths around their images, with their labels and captions', async () => {
    // Each figure of the handbook page is images clipped to its column, label boxes and leader
    // lines; Docling finds one picture per figure, the labels as its children.
    const doc = await parseCorpus('amt_handbook_sample');
    const reference = groundtruth('amt_handbook_sample');
    expect(doc.pictures).toHaveLength(2);
    doc.pictures.forEach((picture, index) => {
      const [ours, theirs] = [picture.prov[0]!.bbox, reference.pictures[index]!.prov[0]!.bbox];
      for (const side of ['l', 't', 'r', 'b'] as const) expect(Math.abs(ours[side] - theirs[side])).toBeLessThan(4);
      const childTexts = (d: DoclingDocument, item: typeof picture) =>
        item.children.map((ref) => d.texts.find((t) => t.self_ref === ref.$ref)?.text).sort();
      expect(childTexts(doc, picture)).toEqual(childTexts(reference, reference.pictures[index]!));
      expect(doc.texts.find((t) => t.self_ref === picture.captions[0]?.$ref)?.text).toMatch(
        index === 0 ? /^Figure 7-26\./ : /^Figure 7-27\./,
      );
    });
    expect(doc.body.children.some((ref) => doc.texts.find((t) => t.self_ref === ref.$ref)?.text === 'Keyway')).toBe(false);
  });

  it('labels the formula of the corpus where Docling does, and no text of the corpus as formula or footnote where it does not', async () => {
    const doc = await parseCorpus('code_and_formula');
    const [ours] = doc.texts.filter((t) => t.label === 'formula');
    const [theirs] = groundtruth('code_and_formula').texts.filter((t) => t.label === 'formula');
    expect(ours?.text).toBe('a2 + 8 = 12');
    for (const side of ['l', 't', 'r', 'b'] as const)
      expect(Math.abs(ours!.prov[0]!.bbox[side] - theirs!.prov[0]!.bbox[side])).toBeLessThan(1);
    for (const [stem] of bars) {
      const labels = (d: DoclingDocument, label: string) => d.texts.filter((t) => t.label === label).length;
      const [parsed, reference] = [await parseCorpus(stem), groundtruth(stem)];
      expect([stem, labels(parsed, 'formula'), labels(parsed, 'footnote')]).toEqual([
        stem,
        labels(reference, 'formula'),
        labels(reference, 'footnote'),
      ]);
    }
  });

  it('keeps code, captions of code and pictures, and scanned pages apart', async () => {
    const code = await parseCorpus('code_and_formula');
    const listing = code.texts.find((t) => t.label === 'code')!;
    expect(listing.text.split('\n')).toEqual(['function add (a , b ) {', 'return a + b ;', '}', 'console . log ( add (3 , 5) ) ;']);
    expect(code.texts.find((t) => t.self_ref === listing.captions?.[0]?.$ref)?.text).toBe('Listing 1: Simple JavaScript Program');

    const figures = await parseCorpus('picture_classification');
    expect(figures.pictures).toHaveLength(2);
    expect(figures.pictures.every((p) => p.captions.length === 1)).toBe(true);

    const scan = await pdfParser.parse({ fileName: 'ocr_test.pdf', bytes: corpusPdf('ocr_test') }, { ocr: 'off' });
    expect(scan.metadata?.scanned_pages).toEqual([1]);
    expect(String(scan.metadata?.warnings)).toMatch(/no text layer/);
  });

  it('gives right-to-left text in logical order', async () => {
    const doc = await parseCorpus('right_to_left_01');
    const first = bodyTexts(doc)[0]!;
    expect(first.text.startsWith('تحسين الإنتاجية وحل المشكلات من خلال البرمجة بلغة R و Python')).toBe(true);
    const metrics = compareWithGroundtruth(groundtruth('right_to_left_01'), doc);
    expect(metrics.readingOrder).toBeGreaterThanOrEqual(0.9);
  });

  it("reads a page whose text runs up the displayed page in the text's own frame", async () => {
    const upright = await parseCorpus('picture_classification');
    const bytes = new Uint8Array(readFileSync(path.join(testData, 'pdf/rotated-90.pdf')));
    const rotated = await pdfParser.parse({ fileName: 'rotated.pdf', bytes });
    expect(rotated.pages['1']!.size).toEqual(upright.pages['1']!.size);
    const pageOne = (doc: DoclingDocument): string[] =>
      bodyTexts(doc)
        .filter((t) => t.prov[0]!.page_no === 1)
        .map((t) => t.text);
    expect(pageOne(rotated)).toEqual(pageOne(upright));
    expect(rotated.pictures).toHaveLength(1);
  });

  it('reports progress per page and honours cancellation', async () => {
    const progress: number[] = [];
    await pdfParser.parse({ fileName: 'multi_page.pdf', bytes: corpusPdf('multi_page') }, { onProgress: (p) => progress.push(p.done) });
    expect(progress).toEqual([1, 2, 3, 4, 5]);
    const controller = new AbortController();
    const cancelled = pdfParser.parse(
      { fileName: 'multi_page.pdf', bytes: corpusPdf('multi_page') },
      { signal: controller.signal, onProgress: () => controller.abort() },
    );
    expect((await parseError(cancelled)).code).toBe('cancelled');
  });

  it('asks for the password of an encrypted PDF and rejects a wrong one', async () => {
    const bytes = new Uint8Array(readFileSync(path.join(testData, 'pdf/encrypted-aes256.pdf')));
    const input = { fileName: 'encrypted.pdf', bytes };
    expect((await parseError(pdfParser.parse(input))).code).toBe('encrypted');
    expect((await parseError(pdfParser.parse(input, { password: 'guess' }))).code).toBe('wrong-password');
    const doc = await pdfParser.parse(input, { password: 'secret' });
    expect(bodyTexts(doc).some((t) => t.text === 'Figures Example')).toBe(true);
  });

  it('rejects empty and non-PDF bytes and survives damaged and truncated files quickly', async () => {
    expect((await parseError(pdfParser.parse({ fileName: 'empty.pdf', bytes: new Uint8Array() }))).code).toBe('empty-file');
    const notPdf = new TextEncoder().encode('hello, this is not a PDF');
    expect((await parseError(pdfParser.parse({ fileName: 'fake.pdf', bytes: notPdf }))).code).toBe('corrupt-file');

    for (const bytes of [
      new Uint8Array(readFileSync(path.join(testData, 'corpus/pdf_damaged/2206.01062.pdf'))),
      corpusPdf('multi_page').subarray(0, 60_000),
    ]) {
      const started = performance.now();
      const outcome = await pdfParser.parse({ fileName: 'damaged.pdf', bytes }).then(
        (doc) => doc,
        (error: unknown) => error,
      );
      expect(performance.now() - started).toBeLessThan(15_000);
      if (isStratumError(outcome)) expect(outcome.code).toBe('corrupt-file');
      else expect((outcome as DoclingDocument).schema_name).toBe('DoclingDocument');
    }
  });
});

describe('PDF preview of the first pages', () => {
  const twentyPages = () => new Uint8Array(readFileSync(path.join(testData, 'pdf/multi-page-20.pdf')));
  const pagesOf = (doc: DoclingDocument) => new Set(doc.texts.flatMap((item) => item.prov.map((prov) => prov.page_no)));

  it('a long PDF hands over its first two pages before the whole document, which parse resolves with', async () => {
    const previews: DoclingDocument[] = [];
    const pagesReadAtPreview: number[] = [];
    let pagesRead = 0;
    const doc = await pdfParser.parse(
      { fileName: 'multi-page-20.pdf', bytes: twentyPages() },
      {
        onProgress: ({ done }) => (pagesRead = done),
        onPreview: (preview) => (previews.push(preview), pagesReadAtPreview.push(pagesRead)),
      },
    );
    expect(previews).toHaveLength(1);
    expect(pagesReadAtPreview).toEqual([2]);
    expect([...pagesOf(previews[0]!)].sort()).toEqual([1, 2]);
    expect(pagesOf(doc).size).toBe(20);
    // the preview's pages read as the whole document's first pages do
    const firstPagesText = (d: DoclingDocument) =>
      d.texts.filter((t) => t.prov.some((p) => p.page_no <= 2) && t.content_layer === 'body').map((t) => t.text);
    expect(firstPagesText(previews[0]!).join('\n')).toContain(firstPagesText(doc)[0]);
  });

  it('a short PDF has no preview', async () => {
    const previews: DoclingDocument[] = [];
    await pdfParser.parse(
      { fileName: 'multi_page.pdf', bytes: corpusPdf('multi_page') },
      { onPreview: (preview) => previews.push(preview) },
    );
    expect(previews).toHaveLength(0);
  });
});
