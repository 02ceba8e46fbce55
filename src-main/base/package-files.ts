import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The path a file has on disk. In the packaged app our code and its packages live in `app.asar`, an
 * archive only Electron's own `fs` and module loader read; the files electron-builder.ts lists in
 * `asarUnpack` sit at the same place under `app.asar.unpacked`. A path handed to something that opens
 * it by itself (tesseract.js's worker thread, its WebAssembly, a data folder) must name that copy.
 * Outside a packaged app the path is returned as it is.
 */
export function onDiskPath(file: string): string {
  return file.replace(/\.asar(?=[\\/])/, '.asar.unpacked');
}

/**
 * The folder of an installed package, as `from` (a module's URL or path) resolves it, on disk. From the
 * module itself by default: every chunk of the build sits in `out/main`, so they all resolve alike.
 */
export function packageFolder(name: string, from: string | URL = import.meta.url): string {
  return onDiskPath(path.dirname(createRequire(from).resolve(`${name}/package.json`)));
}
