import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts the worker entry `<name>` that lives beside the calling module. From TypeScript sources
 * (vitest, tsx) that is `<name>.ts`, loaded through tsx: Node 20 does not apply `execArgv: ['--import',
 * 'tsx']` to a worker's own entry, so a small bootstrap registers tsx first. In the electron-vite build
 * it is `out/main/<name>.js`, beside the caller or one folder up when the caller is in a shared chunk.
 */
export function startModuleWorker(callerUrl: string, name: string, options: WorkerOptions = {}): Worker {
  if (callerUrl.endsWith('.ts')) {
    const entry = JSON.stringify(new URL(`./${name}.ts`, callerUrl).href);
    const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
    return new Worker(`import(${tsx}).then((tsx) => { tsx.register(); return import(${entry}); });`, { ...options, eval: true });
  }
  const built = builtWorkerEntry(callerUrl, name);
  if (!built) throw new Error(`${name}.js not found beside ${fileURLToPath(callerUrl)}`);
  return new Worker(built, options);
}

/**
 * The built entry `<name>.js` a built module starts, beside it or one folder up. In the packaged app it
 * is inside app.asar, which Electron's module loader reads in worker threads too.
 */
export function builtWorkerEntry(callerUrl: string, name: string): URL | undefined {
  const candidates = [new URL(`./${name}.js`, callerUrl), new URL(`../${name}.js`, callerUrl)];
  return candidates.find((candidate) => existsSync(fileURLToPath(candidate)));
}
