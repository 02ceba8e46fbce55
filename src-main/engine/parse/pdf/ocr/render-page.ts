import { constants, crc32, deflateSync } from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';
import type { PDFPageProxy, RenderParameters } from 'pdfjs-dist/types/src/display/api';

/** A page rendered for OCR. */
export interface PageImage {
  /** Binary greyscale PGM (P5): tesseract reads it as is, with no PNG encode and decode in between. */
  pgm: Uint8Array;
  /** Image pixels per PDF point. */
  scale: number;
  width: number;
  height: number;
}

/** Tesseract reads body text best at about 300 DPI. */
const OCR_DPI = 300;
/** A poster-sized page is rendered at a lower resolution instead of needing gigabytes of canvas. */
const MAX_PIXELS = 40_000_000;
const POINTS_PER_INCH = 72;

/**
 * Renders the page as displayed (rotation and crop box applied, as the parser's page frame) at
 * `dpi`. Pixel (x, y) with a top-left origin is the page point (x / scale, height - y / scale).
 */
export async function renderPageForOcr(page: PDFPageProxy, dpi = OCR_DPI): Promise<PageImage> {
  const bounds = page.getViewport({ scale: 1 });
  const scale = Math.min(dpi / POINTS_PER_INCH, Math.sqrt(MAX_PIXELS / (bounds.width * bounds.height)));
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.round(viewport.width));
  const height = Math.max(1, Math.round(viewport.height));
  const canvas = createCanvas(width, height);
  // pdf.js only calls the standard canvas API, which @napi-rs/canvas implements.
  await page.render({ canvas: canvas as unknown as RenderParameters['canvas'], viewport, background: 'white' }).promise;
  const { data } = canvas.getContext('2d').getImageData(0, 0, width, height);
  return { pgm: greyscalePgm(data, width, height), scale, width, height };
}

/** RGBA pixels as a binary PGM with ITU-R BT.601 luma. */
function greyscalePgm(rgba: Uint8ClampedArray, width: number, height: number): Uint8Array {
  const { pgm, header } = emptyPgm(width, height);
  for (let pixel = 0, out = header.length; pixel < width * height; pixel++, out++) {
    const at = pixel * 4;
    pgm[out] = (rgba[at]! * 77 + rgba[at + 1]! * 150 + rgba[at + 2]! * 29) >> 8;
  }
  return pgm;
}

/** A blank binary PGM of the size and the length of its header, where its pixels start. */
export function emptyPgm(width: number, height: number): { pgm: Uint8Array; header: Uint8Array } {
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const pgm = new Uint8Array(header.length + width * height);
  pgm.set(header);
  return { pgm, header };
}

const METRES_PER_INCH = 0.0254;

/**
 * The image as an 8-bit greyscale PNG that records its resolution: tesseract's orientation detection
 * reads the resolution from the file (a PGM has none, and it then warns on the console and guesses).
 */
export function greyscalePng(image: PageImage): Uint8Array {
  const { width, height } = image;
  const pixels = image.pgm.subarray(image.pgm.length - width * height);
  const rows = Buffer.alloc((width + 1) * height);
  // Each row opens with its filter type, 0: none.
  for (let y = 0; y < height; y++) rows.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const pixelsPerMetre = Math.round((image.scale * POINTS_PER_INCH) / METRES_PER_INCH);
  const density = Buffer.alloc(9);
  density.writeUInt32BE(pixelsPerMetre, 0);
  density.writeUInt32BE(pixelsPerMetre, 4);
  density[8] = 1;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const idat = deflateSync(rows, { level: constants.Z_BEST_SPEED });
  return Buffer.concat([signature, chunk('IHDR', header), chunk('pHYs', density), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const framed = Buffer.alloc(body.length + 8);
  framed.writeUInt32BE(data.length, 0);
  body.copy(framed, 4);
  framed.writeUInt32BE(crc32(body), body.length + 4);
  return framed;
}
