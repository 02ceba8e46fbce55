import { readFileSync } from 'node:fs';
import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { readImageHeader } from './image-header';
import { bmpImage, canvasImage } from './parser.test-support';

describe('readImageHeader', () => {
  it.each(['png', 'jpeg', 'webp', 'gif'] as const)('reads the size of a %s as its decoder does', async (format) => {
    const bytes = await canvasImage(format);
    const decoded = await loadImage(Buffer.from(bytes));
    expect(readImageHeader(bytes)).toEqual({ mimetype: `image/${format}`, width: decoded.width, height: decoded.height, raster: true });
    expect(decoded.width).toBe(37);
  });

  it('reads BMP (bottom-up and top-down), the PNG of a corpus DOCX, and a lossless WebP', async () => {
    for (const height of [5, -5]) {
      const bytes = bmpImage(7, height);
      expect((await loadImage(Buffer.from(bytes))).height).toBe(5);
      expect(readImageHeader(bytes)).toMatchObject({ mimetype: 'image/bmp', width: 7, height: 5 });
    }
    const icon = readFileSync(new URL('../../../test-data/html-images/images/icon.png', import.meta.url));
    expect(readImageHeader(icon)).toMatchObject({ mimetype: 'image/png', width: 48, height: 48 });
    // VP8L: a 14-bit width and height less one, packed after the signature byte 0x2f.
    const lossless = new Uint8Array(30);
    lossless.set([...'RIFF'].map((c) => c.charCodeAt(0)));
    lossless.set(
      [...'WEBPVP8L'].map((c) => c.charCodeAt(0)),
      8,
    );
    lossless[20] = 0x2f;
    new DataView(lossless.buffer).setUint32(21, (300 - 1) | ((200 - 1) << 14), true);
    expect(readImageHeader(lossless)).toMatchObject({ mimetype: 'image/webp', width: 300, height: 200 });
  });

  it('reads the drawing size of vector formats and marks them as not raster', () => {
    const svg = (root: string) => new TextEncoder().encode(`<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" ${root}></svg>`);
    expect(readImageHeader(svg('width="120px" height="40"'))).toEqual({ mimetype: 'image/svg+xml', width: 120, height: 40, raster: false });
    expect(readImageHeader(svg('viewBox="0 0 64.4 32"'))).toMatchObject({ width: 64, height: 32 });
    expect(readImageHeader(svg('width="10cm"'))).toMatchObject({ width: 0, height: 0 });
    const wmf = new Uint8Array(40);
    const view = new DataView(wmf.buffer);
    view.setUint32(0, 0x9ac6cdd7, true);
    view.setInt16(10, 1440, true);
    view.setInt16(12, 720, true);
    view.setUint16(14, 1440, true);
    expect(readImageHeader(wmf)).toEqual({ mimetype: 'image/x-wmf', width: 72, height: 36, raster: false });
  });

  it('recognises nothing else, nor a truncated header', async () => {
    const png = await canvasImage('png');
    expect(readImageHeader(png.subarray(0, 20))).toBeUndefined();
    expect(readImageHeader(new TextEncoder().encode('<html><body>not an image</body></html>'))).toBeUndefined();
    expect(readImageHeader(new Uint8Array([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]))).toBeUndefined(); // TIFF
    expect(readImageHeader(new Uint8Array())).toBeUndefined();
  });
});
