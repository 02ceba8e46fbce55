import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

const root = import.meta.dirname;

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
    plugins: [react()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      rolldownOptions: {
        input: resolve(root, 'src-renderer/index.html'),
      },
    },
  },
});
