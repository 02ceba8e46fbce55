import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { onDiskPath, packageFolder } from './package-files';

describe('onDiskPath', () => {
  it('names the unpacked copy of a file inside app.asar', () => {
    expect(onDiskPath('/opt/Stratum/resources/app.asar/node_modules/x/a.wasm')).toBe(
      '/opt/Stratum/resources/app.asar.unpacked/node_modules/x/a.wasm',
    );
    expect(onDiskPath('C:\\Stratum\\resources\\app.asar\\node_modules\\x')).toBe(
      'C:\\Stratum\\resources\\app.asar.unpacked\\node_modules\\x',
    );
  });

  it('leaves paths outside an archive, and paths already unpacked, as they are', () => {
    expect(onDiskPath('/work/stratum/node_modules/x/a.wasm')).toBe('/work/stratum/node_modules/x/a.wasm');
    expect(onDiskPath('/r/app.asar.unpacked/node_modules/x')).toBe('/r/app.asar.unpacked/node_modules/x');
    expect(onDiskPath('/r/notes.asarx/a')).toBe('/r/notes.asarx/a');
  });
});

describe('packageFolder', () => {
  it('finds an installed package by its package.json', () => {
    const folder = packageFolder('pdfjs-dist');
    expect(existsSync(path.join(folder, 'package.json'))).toBe(true);
    expect(path.basename(folder)).toBe('pdfjs-dist');
  });
});
