import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { PDFPageProxy, RenderParameters } from 'pdfjs-dist/types/src/display/api';
import type { ChunkBox } from '../../../../src-shared/chunk';
import type { DoclingDocument, PictureItem } from '../../../../src-shared/docling/types';
import { boxesOf } from '../../chunk/build-chunk';
import { openPdf } from '../../parse/pdf/load-pdf';

/** The PDF a document was parsed from: its pictures are rendered from the page regions they cover. */
export interface PdfSource {
  bytes: Uint8Array;
  fileName: string;
  password?: string;
}

/**
 * A rendered region larger than this many pixels is rendered at a lower resolution instead: a
 * poster-sized page at a high DPI would otherwise need gigabytes of canvas.
 */
const MAX_PIXELS = 50_000_000;
const POINTS_PER_INCH = 72;

/**
 * Each picture as PNG bytes, or `undefined` when there is nothing to draw it from. From a PDF, the
 * region of the picture's bounding box is rendered at `dpi`; otherwise an image embedded in the IR
 * (`image.uri` as a data URI, as Docling exports with picture images) is re-encoded as PNG.
 */
export async function picturePngs(
  doc: DoclingDocument,
  pictures: readonly PictureItem[],
  pdf: PdfSource | undefined,
  dpi: number,
): Promise<Array<Uint8Array | undefined>> {
  const regions = pictures.map((picture) => boxesOf(doc, [picture])[0]);
  const rendered = pdf && regions.some(Boolean) ? await renderPdfRegions(pdf, regions, dpi) : [];
  return Promise.all(pictures.map(async (picture, index) => rendered[index] ?? (await embeddedImagePng(picture.image?.uri))));
}

async function renderPdfRegions(source: PdfSource, regions: ReadonlyArray<ChunkBox | undefined>, dpi: number): Promise<Array<Uint8Array | undefined>> {
  const pdf = await openPdf(source.bytes, source.fileName, source.password);
  const pages = new Map<number, PDFPageProxy>();
  try {
    const pngs: Array<Uint8Array | undefined> = [];
    for (const region of regions) {
      if (!region || region.page > pdf.numPages) {
        pngs.push(undefined);
        continue;
      }
      const page = pages.get(region.page) ?? (await pdf.getPage(region.page));
      pages.set(region.page, page);
      pngs.push(await renderRegion(page, region, dpi));
    }
    return pngs;
  } finally {
    for (const page of pages.values()) page.cleanup();
    await pdf.destroy();
  }
}

/** `region` is in page points with a top-left origin, as the IR's boxes and pdf.js's viewport are. */
async function renderRegion(page: PDFPageProxy, region: ChunkBox, dpi: number): Promise<Uint8Array | undefined> {
  const bounds = page.getViewport({ scale: 1 });
  const left = clamp(Math.min(region.l, region.r), 0, bounds.width);
  const right = clamp(Math.max(region.l, region.r), 0, bounds.width);
  const top = clamp(Math.min(region.t, region.b), 0, bounds.height);
  const bottom = clamp(Math.max(region.t, region.b), 0, bounds.height);
  const area = (right - left) * (bottom - top);
  if (area <= 0) return undefined;
  const scale = Math.min(dpi / POINTS_PER_INCH, Math.sqrt(MAX_PIXELS / area));
  const width = Math.max(1, Math.round((right - left) * scale));
  const height = Math.max(1, Math.round((bottom - top) * scale));
  const canvas = createCanvas(width, height);
  const viewport = page.getViewport({ scale, offsetX: -left * scale, offsetY: -top * scale });
  // pdf.js only calls the standard canvas API, which @napi-rs/canvas implements.
  await page.render({ canvas: canvas as unknown as RenderParameters['canvas'], viewport, background: 'white' }).promise;
  return new Uint8Array(await canvas.encode('png'));
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The image of a `data:` URI as PNG: PNG bytes as they are, other formats decoded and re-encoded. */
async function embeddedImagePng(uri: string | undefined): Promise<Uint8Array | undefined> {
  const match = uri ? /^data:[^,]*?(;base64)?,(.*)$/s.exec(uri) : null;
  if (!match) return undefined;
  const [, base64, payload = ''] = match;
  const bytes = base64 ? Buffer.from(payload, 'base64') : Buffer.from(decodeURIComponent(payload), 'latin1');
  if (PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) return new Uint8Array(bytes);
  try {
    const image = await loadImage(bytes);
    const canvas = createCanvas(image.width, image.height);
    canvas.getContext('2d').drawImage(image, 0, 0);
    return new Uint8Array(await canvas.encode('png'));
  } catch {
    // An image format the decoder does not know (EMF, WMF, TIFF) has no PNG to offer.
    return undefined;
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}
