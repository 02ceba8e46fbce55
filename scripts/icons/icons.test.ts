import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../electron-builder';
import { icnsChunks, icoImages, ICNS_TYPES, pngSize } from './icon-containers';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file));

describe('the app icons in resources/ (npm run icons)', () => {
  it('are the files the builder config names, a 512 px PNG among them', () => {
    expect(config.linux?.icon).toBe('resources/icons');
    expect(config.win?.icon).toBe('resources/icon.ico');
    expect(config.mac?.icon).toBe('resources/icon.icns');
    expect(pngSize(read('resources/icon.png'))).toEqual({ width: 512, height: 512 });
    for (const size of [16, 32, 48, 64, 128, 256, 512]) {
      expect(pngSize(read(`resources/icons/${size}x${size}.png`))).toEqual({ width: size, height: size });
    }
  });

  it('hold in the ICO file the sizes Windows shows, each a PNG of the size its entry states', () => {
    const images = icoImages(read('resources/icon.ico'));
    expect(images.map((image) => image.width)).toEqual([16, 24, 32, 48, 64, 128, 256]);
    for (const image of images) expect(pngSize(image.data)).toEqual({ width: image.width, height: image.height });
  });

  it('hold in the ICNS file every chunk type macOS reads, 16 to 1024 px', () => {
    const chunks = icnsChunks(read('resources/icon.icns'));
    expect(chunks.map((chunk) => chunk.type)).toEqual(ICNS_TYPES.map((entry) => entry.type));
    chunks.forEach((chunk, index) => {
      const pixels = ICNS_TYPES[index]?.pixels ?? 0;
      expect(pngSize(chunk.data)).toEqual({ width: pixels, height: pixels });
    });
  });
});
