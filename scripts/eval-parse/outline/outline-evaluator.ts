import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../../../src-main/engine/worker/module-worker';
import type { OutlineEvaluation } from './evaluate-outline-document';

/** A worker that has not loaded its modules within this time is considered broken. */
const STARTUP_TIMEOUT_MS = 60_000;

/** What crosses the thread boundary between eval-parse.ts and outline-worker.ts. */
export interface OutlineRequest {
  path: string;
  fileName: string;
}

export type OutlineReply = { ok: true; evaluation: OutlineEvaluation } | { ok: false; error: string };

/** Posted once the worker has loaded every module, so that start-up does not count against a document's time. */
export const OUTLINE_WORKER_READY = 'ready';

export function isOutlineRequest(value: unknown): value is OutlineRequest {
  return isRecord(value) && typeof value.path === 'string' && typeof value.fileName === 'string';
}

function isOutlineReply(value: unknown): value is OutlineReply {
  if (!isRecord(value)) return false;
  return value.ok === true
    ? isRecord(value.evaluation) && isRecord(value.evaluation.facts)
    : value.ok === false && typeof value.error === 'string';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Scores PDFs one at a time on a worker thread, reused (tokenizer and fonts stay loaded) until a
 * document overruns its time: then the worker is terminated, because a parser stuck in synchronous
 * work never sees an abort signal. The same shape as DocumentEvaluator, for the outline run.
 */
export class OutlineEvaluator {
  private worker: Promise<Worker> | undefined;

  constructor(private readonly timeoutMs: number) {}

  async evaluate(request: OutlineRequest): Promise<OutlineReply> {
    let worker: Worker;
    try {
      worker = await (this.worker ??= startOutlineWorker());
    } catch (error) {
      this.worker = undefined;
      return { ok: false, error: `outline worker did not start: ${(error as Error).message}` };
    }
    return new Promise<OutlineReply>((resolve) => {
      const finish = (reply: OutlineReply, workerLost: boolean): void => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (workerLost) {
          this.worker = undefined;
          void worker.terminate();
        }
        resolve(reply);
      };
      const onMessage = (raw: unknown): void =>
        finish(isOutlineReply(raw) ? raw : { ok: false, error: 'outline worker sent an invalid reply' }, false);
      const onError = (error: Error): void => finish({ ok: false, error: `outline worker crashed: ${error.message}` }, true);
      const onExit = (exitCode: number): void => finish({ ok: false, error: `outline worker stopped (exit code ${exitCode})` }, true);
      const timer = setTimeout(() => finish({ ok: false, error: `timed out after ${this.timeoutMs / 1000} s` }, true), this.timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(request);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await (await worker?.catch(() => undefined))?.terminate();
  }
}

/** Resolves once the worker reports that its modules are loaded. */
function startOutlineWorker(): Promise<Worker> {
  const worker = startModuleWorker(import.meta.url, 'outline-worker');
  return new Promise<Worker>((resolve, reject) => {
    const fail = (error: Error): void => {
      clearTimeout(timer);
      void worker.terminate();
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error(`not ready after ${STARTUP_TIMEOUT_MS / 1000} s`)), STARTUP_TIMEOUT_MS);
    worker.once('error', fail);
    worker.once('message', (message: unknown) => {
      clearTimeout(timer);
      worker.off('error', fail);
      if (message === OUTLINE_WORKER_READY) resolve(worker);
      else fail(new Error('unexpected first message'));
    });
  });
}
