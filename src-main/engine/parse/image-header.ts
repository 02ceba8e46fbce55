/** What an image file's header says it is: its media type and its size in pixels. */
export interface ImageHeader {
  mimetype: string;
  width: number;
  height: number;
  /**
   * Pixels are decoded (PNG, JPEG, GIF, WebP, BMP): a size past the pixel limit is a decompression
   * bomb. Vector formats (EMF, WMF, SVG) are drawn, not decoded; their size is the drawing's extent.
   */
  raster: boolean;
}

/**
 * Reads the format and size from the first bytes of an image, checking each format's signature and
 * structure rather than a declared media type or file name; undefined for anything else (TIFF too).
 */
export function readImageHeader(bytes: Uint8Array): ImageHeader | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const readers = [pngHeader, jpegHeader, gifHeader, webpHeader, bmpHeader, emfHeader, wmfHeader, svgHeader];
  for (const read of readers) {
    const header = read(bytes, view);
    if (header) return header.width >= 0 && header.height >= 0 ? header : undefined;
  }
  return undefined;
}

type HeaderReader = (bytes: Uint8Array, view: DataView) => ImageHeader | undefined;

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);
}

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));
const raster = (mimetype: string, width: number, height: number): ImageHeader => ({ mimetype, width, height, raster: true });

const pngHeader: HeaderReader = (bytes, view) => {
  if (!startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) || !startsWith(bytes, ascii('IHDR'), 12) || bytes.length < 24)
    return undefined;
  return raster('image/png', view.getUint32(16), view.getUint32(20));
};

const gifHeader: HeaderReader = (bytes, view) => {
  if (!(startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) || bytes.length < 10) return undefined;
  return raster('image/gif', view.getUint16(6, true), view.getUint16(8, true));
};

const bmpHeader: HeaderReader = (bytes, view) => {
  if (!startsWith(bytes, ascii('BM')) || bytes.length < 26) return undefined;
  const infoSize = view.getUint32(14, true);
  // The OS/2 1.x header holds 16-bit sizes; every later one 32-bit, the height negative when top-down.
  if (infoSize === 12) return raster('image/bmp', view.getUint16(18, true), view.getUint16(20, true));
  if (infoSize < 40) return undefined;
  return raster('image/bmp', Math.abs(view.getInt32(18, true)), Math.abs(view.getInt32(22, true)));
};

/** The size is in the first start-of-frame segment; markers before it are skipped by their lengths. */
const jpegHeader: HeaderReader = (bytes, view) => {
  if (!startsWith(bytes, [0xff, 0xd8, 0xff])) return undefined;
  let offset = 2;
  while (offset + 9 <= bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset++;
      continue;
    }
    const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isStartOfFrame) return raster('image/jpeg', view.getUint16(offset + 7), view.getUint16(offset + 5));
    const standalone = marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
    offset += standalone ? 2 : 2 + view.getUint16(offset + 2);
  }
  return undefined;
};

const webpHeader: HeaderReader = (bytes, view) => {
  if (!startsWith(bytes, ascii('RIFF')) || !startsWith(bytes, ascii('WEBP'), 8) || bytes.length < 30) return undefined;
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunk === 'VP8 ') {
    if (!startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) return undefined;
    return raster('image/webp', view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return undefined;
    const bits = view.getUint32(21, true);
    return raster('image/webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') {
    const width = (bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16)) + 1;
    const height = (bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16)) + 1;
    return raster('image/webp', width, height);
  }
  return undefined;
};

/** EMF: the header record's bounds, inclusive, in device pixels. */
const emfHeader: HeaderReader = (bytes, view) => {
  if (bytes.length < 44 || view.getUint32(0, true) !== 1 || !startsWith(bytes, ascii(' EMF'), 40)) return undefined;
  const [left, top, right, bottom] = [8, 12, 16, 20].map((at) => view.getInt32(at, true)) as [number, number, number, number];
  return { mimetype: 'image/x-emf', width: Math.abs(right - left) + 1, height: Math.abs(bottom - top) + 1, raster: false };
};

/** WMF with the placeable header Word writes: a bounding box in units of which `inch` make an inch (sized at 72 dpi). */
const wmfHeader: HeaderReader = (bytes, view) => {
  if (bytes.length < 22 || view.getUint32(0, true) !== 0x9ac6cdd7) return undefined;
  const [left, top, right, bottom] = [6, 8, 10, 12].map((at) => view.getInt16(at, true)) as [number, number, number, number];
  const unitsPerInch = view.getUint16(14, true) || 1440;
  const pixels = (units: number) => Math.round((Math.abs(units) * 72) / unitsPerInch);
  return { mimetype: 'image/x-wmf', width: pixels(right - left), height: pixels(bottom - top), raster: false };
};

/** SVG: the root's `width`/`height` in pixels (or unitless), else its `viewBox`; 0 when it states neither. */
const svgHeader: HeaderReader = (bytes) => {
  const head = new TextDecoder('utf-8').decode(bytes.subarray(0, 4096));
  const root = /<svg\b[^>]*>/i.exec(head.replace(/^\uFEFF/, ''));
  if (!root || !/^\s*(<\?xml|<!--|<!DOCTYPE|<svg)/i.test(head.replace(/^\uFEFF/, ''))) return undefined;
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(root[0])?.[1];
  const pixels = (value: string | undefined) => {
    const match = value ? /^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$/.exec(value) : null;
    return match ? Math.round(Number(match[1])) : undefined;
  };
  const viewBox = attribute('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const boxSize =
    viewBox?.length === 4 && viewBox.every(Number.isFinite)
      ? { width: Math.round(viewBox[2]!), height: Math.round(viewBox[3]!) }
      : undefined;
  const width = pixels(attribute('width')) ?? boxSize?.width ?? 0;
  const height = pixels(attribute('height')) ?? boxSize?.height ?? 0;
  return { mimetype: 'image/svg+xml', width, height, raster: false };
};
