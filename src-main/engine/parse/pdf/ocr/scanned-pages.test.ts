import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../../../ir/types';
import { isStratumError } from '../../../../../src-shared/errors';
import type { OcrDocument } from '../../ocr-json/ocr-json-schema';
import { readingOrderSimilarity, textCoverage } from '../../../evaluate/parse-metrics';
import type { ParseOptions, ParseProgress } from '../../parser';
import { pdfParser } from '..';

const testData = path.resolve(import.meta.dirname, '../../../../../test-data');
const scanBytes = new Uint8Array(readFileSync(path.join(testData, 'corpus/pdf/ocr_test.pdf')));
const groundtruth = JSON.parse(
  readFileSync(path.join(testData, 'corpus/groundtruth/ocr_test.tesseract.full_page.json'), 'utf8'),
) as DoclingDocument;
const ocrJsonFixture = readFileSync(path.join(testData, 'ocr-json/ocr_test.ocr.json'));
const groundtruthText = groundtruth.texts[0]!.text;

const parseScan = (options: ParseOptions): Promise<DoclingDocument> =>
  pdfParser.parse({ fileName: 'ocr_test.pdf', bytes: scanBytes }, options);
const ocrJson = (document: unknown) => ({ fileName: 'scan.ocr.json', bytes: new TextEncoder().encode(JSON.stringify(document)) });

/** Edges of a Docling bbox, for comparing positions to the point. */
const edges = (doc: DoclingDocument) => {
  const { l, t, r, b, coord_origin } = doc.texts[0]!.prov[0]!.bbox;
  return { l, t, r, b, coord_origin };
};

// Built-in OCR of a one-page scan: a few seconds on a shared 2-core machine.
const OCR_TEST_TIMEOUT = 90_000;

describe('scanned PDF pages', () => {
  it(
    'are read by the built-in OCR by default: Docling+tesseract’s text, in place, with source spans and OCR progress',
    async () => {
      const stages: ParseProgress[] = [];
      const doc = await parseScan({ onProgress: (progress) => stages.push(progress) });
      expect(textCoverage(groundtruth, doc)).toBeGreaterThanOrEqual(0.95);
      expect(textCoverage(doc, groundtruth)).toBeGreaterThanOrEqual(0.95);
      expect(readingOrderSimilarity(groundtruth, doc)).toBeGreaterThanOrEqual(0.9);

      const [text] = doc.texts;
      expect(text!.label).toBe('text');
      const box = edges(doc);
      const truth = edges(groundtruth);
      expect(box.coord_origin).toBe('BOTTOMLEFT');
      for (const edge of ['l', 't', 'r', 'b'] as const) expect(Math.abs(box[edge] - truth[edge])).toBeLessThan(3);

      const pageText = (doc.metadata?.page_texts as Record<string, string>)['1']!;
      expect(pageText.split('\n')).toHaveLength(3);
      expect(
        Array.from(pageText)
          .slice(...text!.source_span!)
          .join('')
          .replace(/\n/g, ' '),
      ).toBe(text!.text);
      // Each stretch of the text names its characters in the page text and the box of the OCR line it was read on.
      const runs = text!.source_runs!;
      const characters = Array.from(pageText);
      expect(runs.map((run) => characters.slice(run.source, run.source + run.sourceLength).join(''))).toEqual(
        runs.map((run) => text!.text.slice(run.text, run.text + run.length)),
      );
      const lineBoxes = new Set(runs.map((run) => run.box!.join()));
      expect(lineBoxes.size).toBe(runs.length);
      for (const run of runs) expect(run.box![0] >= box.l - 0.01 && run.box![2] <= box.r + 0.01).toBe(true);
      expect(doc.metadata).toMatchObject({ scanned_pages: [1], ocr_pages: { '1': 'tesseract' } });
      expect(doc.metadata?.warnings).toBeUndefined();
      expect(stages.filter((p) => p.stage === 'ocr')).toEqual([
        { stage: 'ocr', done: 0, total: 1 },
        { stage: 'ocr', done: 1, total: 1 },
      ]);
    },
    OCR_TEST_TIMEOUT,
  );

  it(
    'lying on its side are set upright before OCR, the turn reported, the boxes on the page as shown',
    async () => {
      const turned = new Uint8Array(readFileSync(path.join(testData, 'pdf/ocr-test-turned-90.pdf')));
      const doc = await pdfParser.parse({ fileName: 'ocr-test-turned-90.pdf', bytes: turned });
      expect(textCoverage(groundtruth, doc)).toBeGreaterThanOrEqual(0.95);
      expect(textCoverage(doc, groundtruth)).toBeGreaterThanOrEqual(0.95);
      expect(String(doc.metadata?.warnings)).toMatch(/page 1: the scan lies turned by 90° clockwise; OCR read it set upright/);
      // Turned a quarter clockwise, the upright page's box (width 595.2) has its left edge on top, its bottom edge on the left.
      const box = edges(doc);
      const upright = edges(groundtruth);
      const expected = { l: upright.b, r: upright.t, t: 595.2 - upright.l, b: 595.2 - upright.r };
      for (const edge of ['l', 't', 'r', 'b'] as const) expect(Math.abs(box[edge] - expected[edge])).toBeLessThan(5);
    },
    OCR_TEST_TIMEOUT,
  );

  it('stay without text when OCR is off, reported as scanned', async () => {
    const doc = await parseScan({ ocr: 'off' });
    expect(doc.texts).toHaveLength(0);
    expect(doc.metadata).toMatchObject({ scanned_pages: [1], page_texts: { '1': '' } });
    expect(doc.metadata?.ocr_pages).toBeUndefined();
    expect(String(doc.metadata?.warnings)).toMatch(/no text layer on page\(s\) 1 and OCR is off/);
  });

  it('take the blocks of a supplied OCR-JSON page, as the OCR-JSON parser maps them', async () => {
    const doc = await parseScan({ ocr: 'off', ocrJson: { fileName: 'ocr_test.ocr.json', bytes: ocrJsonFixture } });
    expect(doc.texts.map((t) => t.text)).toEqual([groundtruthText]);
    expect(doc.texts[0]!.prov).toEqual(groundtruth.texts[0]!.prov);
    expect(doc.texts[0]!.source_span).toEqual([0, Array.from(groundtruthText).length]);
    expect(doc.metadata).toMatchObject({ scanned_pages: [1], ocr_pages: { '1': 'ocr-json' }, page_texts: { '1': groundtruthText } });
    expect(textCoverage(groundtruth, doc)).toBe(1);
  });

  it('scale supplied pixel boxes with a top-left origin to the PDF page and warn about pages that are not scans', async () => {
    const pixels: OcrDocument = {
      version: 1,
      coord_origin: 'TOPLEFT',
      pages: [
        {
          page_no: 1,
          width: 2480,
          height: 3508,
          blocks: [
            { category: 'Section-header', bbox: [302, 325, 2097, 402], text: 'Docling bundles', level: 1 },
            { category: 'List-item', bbox: [302, 436, 2096, 514], text: '• JSON and Markdown' },
          ],
        },
        { page_no: 2, width: 2480, height: 3508, blocks: [] },
      ],
    };
    const doc = await parseScan({ ocr: 'off', ocrJson: ocrJson(pixels) });
    expect(doc.texts.map((t) => [t.label, t.text])).toEqual([
      ['section_header', 'Docling bundles'],
      ['list_item', 'JSON and Markdown'],
    ]);
    const scale = 595.2 / 2480;
    expect(doc.texts[0]!.prov[0]!.bbox).toEqual({ l: 72.48, t: 763.92, r: 503.28, b: 745.44, coord_origin: 'BOTTOMLEFT' });
    expect(doc.texts[0]!.prov[0]!.bbox.l).toBeCloseTo(302 * scale, 1);
    expect(doc.texts[1]!.source_span).toEqual([16, 35]);
    expect(String(doc.metadata?.warnings)).toMatch(/OCR-JSON page\(s\) 2 not used/);
  });

  it('reject a supplied file that is not OCR-JSON, naming it', async () => {
    const error = await parseScan({ ocrJson: ocrJson({ pages: [{ page_no: 1, blocks: [] }] }) }).catch((e: unknown) => e);
    expect(isStratumError(error) && error.code).toBe('corrupt-file');
    expect(String((error as Error).message)).toMatch(/^scan\.ocr\.json: not OCR-JSON/);
  });

  it(
    'stop the OCR when the parse is cancelled',
    async () => {
      const controller = new AbortController();
      const started = performance.now();
      const parse = parseScan({
        signal: controller.signal,
        onProgress: (progress) => {
          if (progress.stage === 'ocr' && progress.done === 0) setTimeout(() => controller.abort(), 200);
        },
      });
      await expect(parse).rejects.toMatchObject({ code: 'cancelled' });
      expect(performance.now() - started).toBeLessThan(OCR_TEST_TIMEOUT / 2);
    },
    OCR_TEST_TIMEOUT,
  );
});
