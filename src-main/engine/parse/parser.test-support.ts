import { readFileSync } from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { DoclingDocument } from '../ir/types';
import { headingF1, listItemF1, tableCellF1, textCoverage } from '../evaluate/parse-metrics';

/** Shared by the parsers' tests (and the tests of what reads their documents). Not used at run time. */

/** A file of test-data/corpus, e.g. `docx/word_sample.docx`. */
export function corpusFile(path: string): Buffer {
  return readFileSync(new URL(`../../../test-data/corpus/${path}`, import.meta.url));
}

/** Our document agrees with Docling's groundtruth on headings, list items, table cells and text. */
export function expectGroundtruthParity(truth: DoclingDocument, doc: DoclingDocument): void {
  expect(headingF1(truth, doc).f1).toBeGreaterThanOrEqual(0.95);
  expect(listItemF1(truth, doc).f1).toBeGreaterThanOrEqual(0.95);
  expect(tableCellF1(truth, doc).f1).toBeGreaterThanOrEqual(0.95);
  expect(textCoverage(truth, doc)).toBeGreaterThanOrEqual(0.98);
  expect(textCoverage(doc, truth)).toBeGreaterThanOrEqual(0.98);
}

/** An HTTP server on 127.0.0.1 that counts the requests it gets: a parser that fetches an image would be seen. */
export async function withRequestCounter(use: (origin: string) => Promise<void>): Promise<number> {
  let requests = 0;
  const server = createServer((_request, response) => {
    requests++;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  return requests;
}

/** Width and height from a PNG's IHDR chunk, after checking its signature. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** A 37 x 23 picture encoded by @napi-rs/canvas, so that every header is checked against a real encoder. */
export async function canvasImage(format: 'png' | 'jpeg' | 'webp' | 'gif'): Promise<Uint8Array> {
  const canvas = createCanvas(37, 23);
  const context = canvas.getContext('2d');
  context.fillStyle = '#c33';
  context.fillRect(3, 3, 20, 12);
  const encoded = format === 'png' ? canvas.encode('png') : format === 'gif' ? canvas.encode('gif') : canvas.encode(format);
  return new Uint8Array(await encoded);
}

/** A 24-bit BMP with a BITMAPINFOHEADER, `height` negative for a top-down one. */
export function bmpImage(width: number, height: number): Uint8Array {
  const rowBytes = Math.ceil((width * 3) / 4) * 4;
  const bytes = new Uint8Array(54 + rowBytes * Math.abs(height));
  const view = new DataView(bytes.buffer);
  bytes.set([0x42, 0x4d]);
  view.setUint32(2, bytes.length, true);
  view.setUint32(10, 54, true);
  view.setUint32(14, 40, true);
  view.setInt32(18, width, true);
  view.setInt32(22, height, true);
  view.setUint16(26, 1, true);
  view.setUint16(28, 24, true);
  return bytes;
}
