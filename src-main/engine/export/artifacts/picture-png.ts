import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { PDFPageProxy, RenderParameters } from 'pdfjs-dist/types/src/display/api';
import type { ChunkBox } from '../../../../src-shared/chunk';
import type { DoclingDocument, PictureItem } from '../../ir/types';
import { boxesOf } from '../../chunk/build-chunk';
import { readImageHeader } from '../../parse/image-header';
import { dataUriBytes, MAX_IMAGE_PIXELS, oversizeProblem } from '../../parse/image-ref';
import { openPdf } from '../../parse/pdf/load-pdf';

/** The PDF a document was parsed from: its pictures are rendered from the page regions they cover. */
export interface PdfSource {
  bytes: Uint8Array;
  fileName: string;
  password?: string;
}

const POINTS_PER_INCH = 72;

/** A picture as PNG bytes, or why it has none although it carries an image; undefined when it carries none. */
type PicturePng = { png: Uint8Array } | { problem: string } | undefined;

/**
 * Each picture as PNG bytes. From a PDF, the region of the picture's bounding box is rendered at
 * `dpi` (a region of more than MAX_IMAGE_PIXELS at a lower resolution: a poster-sized page at a
 * high DPI would otherwise need gigabytes of canvas); otherwise the image the IR carries (`image.uri`
 * as a data URI, as the DOCX, HTML and Markdown parsers and Docling's exports keep it) as PNG.
 */
export async function picturePngs(
  doc: DoclingDocument,
  pictures: readonly PictureItem[],
  pdf: PdfSource | undefined,
  dpi: number,
): Promise<PicturePng[]> {
  const regions = pictures.map((picture) => boxesOf(doc, [picture])[0]);
  const rendered = pdf && regions.some(Boolean) ? await renderPdfRegions(pdf, regions, dpi) : [];
  return Promise.all(
    pictures.map(async (picture, index): Promise<PicturePng> => {
      const png = rendered[index];
      return png ? { png } : embeddedImagePng(picture.image?.uri);
    }),
  );
}

async function renderPdfRegions(
  source: PdfSource,
  regions: ReadonlyArray<ChunkBox | undefined>,
  dpi: number,
): Promise<Array<Uint8Array | undefined>> {
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
  const scale = Math.min(dpi / POINTS_PER_INCH, Math.sqrt(MAX_IMAGE_PIXELS / area));
  const width = Math.max(1, Math.round((right - left) * scale));
  const height = Math.max(1, Math.round((bottom - top) * scale));
  const canvas = createCanvas(width, height);
  const viewport = page.getViewport({ scale, offsetX: -left * scale, offsetY: -top * scale });
  // pdf.js only calls the standard canvas API, which @napi-rs/canvas implements.
  await page.render({ canvas: canvas as unknown as RenderParameters['canvas'], viewport, background: 'white' }).promise;
  return new Uint8Array(await canvas.encode('png'));
}

/**
 * The image of a `data:` URI as PNG: PNG bytes as they are, other raster formats decoded and
 * re-encoded once their header shows a sane size. Vector drawings (EMF, WMF, SVG) are not drawn:
 * there is no EMF/WMF renderer here, and an SVG can name other files and URLs to draw.
 */
async function embeddedImagePng(uri: string | undefined): Promise<PicturePng> {
  if (!uri) return undefined;
  if (!/^data:/i.test(uri)) return { problem: `its image is not embedded (${uri.slice(0, 80)}) and is not read` };
  const bytes = dataUriBytes(uri);
  const header = bytes && readImageHeader(bytes);
  if (!bytes || !header) return { problem: 'its image is not in a format that can be converted to PNG' };
  if (!header.raster) return { problem: `its ${header.mimetype} image is a vector drawing, which is not converted to PNG` };
  const oversize = oversizeProblem(header);
  if (oversize) return { problem: oversize };
  if (header.mimetype === 'image/png') return { png: bytes };
  try {
    const image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const canvas = createCanvas(image.width, image.height);
    canvas.getContext('2d').drawImage(image, 0, 0);
    return { png: new Uint8Array(await canvas.encode('png')) };
  } catch {
    return { problem: `its ${header.mimetype} image cannot be decoded` };
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}
