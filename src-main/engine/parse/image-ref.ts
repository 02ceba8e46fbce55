import type { ImageRef } from '../ir/types';
import { readImageHeader, type ImageHeader } from './image-header';

/**
 * A raster image of more pixels than this is never decoded (about 200 MB as RGBA): a picture that
 * large is a decompression bomb more often than a photograph, so it is kept without its image.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** The decoder (Skia, in @napi-rs/canvas) crashes the process on a BMP 65,536 pixels wide: no side may reach that. */
const MAX_IMAGE_SIDE = 65_535;
/** The largest image file a picture carries in the IR (as base64, a third more). */
export const MAX_IMAGE_BYTES = 32 * 1024 * 1024;
/** Docling records the images of DOCX and HTML pictures at 72 dpi. */
const IMAGE_DPI = 72;

/** A picture's image, or why it has none (for the document's warnings). */
export type ImageOutcome = { image: ImageRef } | { problem: string };

/**
 * The image as a DoclingDocument carries it: its media type and size in pixels as its header
 * states them (never a declared type or size), the bytes as a `data:` URI.
 */
export function imageRefOf(bytes: Uint8Array): ImageOutcome {
  if (bytes.length > MAX_IMAGE_BYTES) return { problem: `its image is larger than ${MAX_IMAGE_BYTES / (1024 * 1024)} MB` };
  const header = readImageHeader(bytes);
  if (!header) return { problem: 'its image is not in a format Stratum reads (PNG, JPEG, GIF, WebP, BMP, EMF, WMF, SVG)' };
  const oversize = oversizeProblem(header);
  if (oversize) return { problem: oversize };
  const { mimetype, width, height } = header;
  const uri = `data:${mimetype};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`;
  return { image: { mimetype, dpi: IMAGE_DPI, size: { width, height }, uri } };
}

/** Why a raster image is too large to decode, as its header states its size; undefined when it is not. */
export function oversizeProblem(header: ImageHeader): string | undefined {
  const { width, height } = header;
  if (!header.raster) return undefined;
  if (width * height > MAX_IMAGE_PIXELS)
    return `its ${width}×${height} image has more than ${MAX_IMAGE_PIXELS.toLocaleString('en')} pixels`;
  if (Math.max(width, height) > MAX_IMAGE_SIDE)
    return `its ${width}×${height} image is more than ${MAX_IMAGE_SIDE.toLocaleString('en')} pixels on a side`;
  return undefined;
}

/**
 * The bytes of a `data:` URI (base64 or percent-encoded); undefined for anything else, or when
 * they would be larger than MAX_IMAGE_BYTES (checked before decoding).
 */
export function dataUriBytes(uri: string): Uint8Array | undefined {
  const match = /^data:[^,]*?(;base64)?,(.*)$/is.exec(uri.trim());
  if (!match) return undefined;
  const [, base64, payload = ''] = match;
  const decodedLength = base64 ? (payload.length * 3) / 4 : payload.length;
  if (decodedLength > MAX_IMAGE_BYTES + 4) return undefined;
  try {
    if (!base64) return new TextEncoder().encode(decodeURIComponent(payload));
    const bytes = Buffer.from(payload.replace(/\s+/g, ''), 'base64');
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch {
    // A malformed percent-escape
    return undefined;
  }
}
