import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPdf } from '../load-pdf';
import { turnImage } from './page-orientation';
import { greyscalePng, renderPageForOcr, type PageImage } from './render-page';
import { createTesseractRecognizer, OcrTimeoutError } from './tesseract-recognizer';

const testData = path.resolve(import.meta.dirname, '../../../../../test-data');
const TEST_TIMEOUT = 90_000;

let image: PageImage;
beforeAll(async () => {
  const pdf = await openPdf(new Uint8Array(readFileSync(path.join(testData, 'corpus/pdf/ocr_test.pdf'))), 'ocr_test.pdf');
  try {
    image = await renderPageForOcr(await pdf.getPage(1), 150);
  } finally {
    await pdf.destroy();
  }
}, TEST_TIMEOUT);

function uint32(value: number): number[] {
  return [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}

describe('tesseract recognizer', () => {
  const recognizer = createTesseractRecognizer(60_000);
  afterAll(() => recognizer.close());

  it('renders the page as a greyscale PGM at the asked resolution', () => {
    const header = new TextDecoder().decode(image.pgm.subarray(0, 20)).split('\n');
    expect(header.slice(0, 3)).toEqual(['P5', '1240 1754', '255']);
    expect(image.scale).toBeCloseTo(150 / 72, 5);
  });

  it(
    'gives paragraphs of lines with pixel boxes, and ends at once when cancelled',
    async () => {
      const controller = new AbortController();
      const cancelled = recognizer.recognize(image, controller.signal);
      setTimeout(() => controller.abort(), 50);
      const started = performance.now();
      await expect(cancelled).rejects.toMatchObject({ code: 'cancelled' });
      expect(performance.now() - started).toBeLessThan(1_000);

      // The cancelled worker was ended; the next page starts a new one.
      const [paragraph, ...rest] = await recognizer.recognize(image, undefined);
      expect(rest).toHaveLength(0);
      expect(paragraph!.lines.map((line) => line.text.trim())).toEqual([
        'Docling bundles PDF document conversion to',
        'JSON and Markdown in an easy self contained',
        'package',
      ]);
      expect(paragraph!.bbox.x0 / image.scale).toBeGreaterThan(70);
      expect(paragraph!.bbox.x0 / image.scale).toBeLessThan(75);
    },
    TEST_TIMEOUT,
  );

  it('hands orientation detection a PNG of the page that records its resolution', async () => {
    const png = Buffer.from(greyscalePng(image));
    const pixelsPerMetre = Math.round(150 / 0.0254);
    expect(png.subarray(png.indexOf('pHYs') + 4, png.indexOf('pHYs') + 13)).toEqual(
      Buffer.from([...uint32(pixelsPerMetre), ...uint32(pixelsPerMetre), 1]),
    );
    const decoded = await loadImage(png);
    const canvas = createCanvas(decoded.width, decoded.height);
    canvas.getContext('2d').drawImage(decoded, 0, 0);
    const rgba = canvas.getContext('2d').getImageData(0, 0, decoded.width, decoded.height).data;
    expect([decoded.width, decoded.height]).toEqual([image.width, image.height]);
    const pixels = image.pgm.subarray(image.pgm.length - image.width * image.height);
    const darkest = pixels.reduce((best, value, at) => (value < pixels[best]! ? at : best), 0);
    for (const at of [0, darkest, pixels.length - 1]) expect(rgba[at * 4]).toBe(pixels[at]);
  });

  it(
    'tells the quarter turn that sets a page upright, from data installed with the package',
    async () => {
      expect(await recognizer.uprightTurn(image, undefined)).toBe(0);
      expect(await recognizer.uprightTurn(turnImage(image, 90), undefined)).toBe(270);
      expect(await recognizer.uprightTurn(turnImage(image, 180), undefined)).toBe(180);
    },
    TEST_TIMEOUT,
  );

  it(
    'gives up a page past its time limit',
    async () => {
      const impatient = createTesseractRecognizer(1);
      try {
        await expect(impatient.recognize(image, undefined)).rejects.toBeInstanceOf(OcrTimeoutError);
      } finally {
        await impatient.close();
      }
    },
    TEST_TIMEOUT,
  );
});
