import { cpSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

const root = import.meta.dirname;
const rendererOut = resolve(root, 'out/renderer');

/**
 * pdf.js fetches these by name at run time, so they ship beside the renderer under `pdfjs/` rather than
 * as hashed assets: fonts a PDF names but does not embed, CMaps of CJK text, and the decoders of
 * JPEG 2000 and JBIG2 images in their JavaScript builds (the CSP allows no WebAssembly compilation).
 */
function pdfjsRuntimeData(): Plugin {
  return {
    name: 'stratum-pdfjs-runtime-data',
    apply: 'build',
    writeBundle() {
      for (const folder of ['standard_fonts', 'cmaps', 'wasm']) {
        cpSync(resolve(root, 'node_modules/pdfjs-dist', folder), resolve(rendererOut, 'pdfjs', folder), {
          recursive: true,
          filter: isPdfjsRuntimeFile,
        });
      }
    },
  };
}

function isPdfjsRuntimeFile(path: string): boolean {
  return !path.endsWith('.wasm') && !basename(path).startsWith('quickjs');
}

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      lib: {
        entry: {
          index: resolve(root, 'src-main/app/main.ts'),
          cli: resolve(root, 'src-main/cli/main.ts'),
          server: resolve(root, 'src-main/server/main.ts'),
          'engine-worker': resolve(root, 'src-main/engine/worker/engine-worker.ts'),
          'workbench-thread': resolve(root, 'src-main/workbench/workbench-thread.ts'),
          'parse-thread': resolve(root, 'src-main/workbench/parse-thread.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      lib: {
        entry: { index: resolve(root, 'src-main/app/preload.ts') },
        formats: ['cjs'],
      },
    },
  },
  renderer: {
    root: resolve(root, 'src-renderer'),
    plugins: [react(), pdfjsRuntimeData()],
    build: {
      outDir: rendererOut,
      rolldownOptions: {
        input: resolve(root, 'src-renderer/index.html'),
      },
    },
  },
});
