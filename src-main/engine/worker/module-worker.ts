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
  const candidates = [new URL(`./${name}.js`, callerUrl), new URL(`../${name}.js`, callerUrl)];
  const built = candidates.find((candidate) => existsSync(fileURLToPath(candidate)));
  if (!built) throw new Error(`${name}.js not found beside ${fileURLToPath(callerUrl)}`);
  return new Worker(built, options);
}
