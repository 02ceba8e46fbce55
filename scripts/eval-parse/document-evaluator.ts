import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../../src-main/engine/worker/module-worker';
import { isEvaluationReply, WORKER_READY, type EvaluationReply, type EvaluationRequest } from './worker-messages';

/** A worker that has not loaded its modules within this time is considered broken. */
const STARTUP_TIMEOUT_MS = 60_000;

/**
 * Evaluates documents one at a time on a worker thread, which is reused (its tokenizer vocabulary and
 * fonts stay loaded) until a document overruns its time: then the worker is terminated, because a
 * parser stuck in synchronous work never sees an abort signal.
 */
export class DocumentEvaluator {
  private worker: Promise<Worker> | undefined;

  constructor(private readonly timeoutMs: number) {}

  async evaluate(request: EvaluationRequest): Promise<EvaluationReply> {
    let worker: Worker;
    try {
      worker = await (this.worker ??= startDocumentWorker());
    } catch (error) {
      this.worker = undefined;
      return { ok: false, error: `document worker did not start: ${(error as Error).message}` };
    }
    return new Promise<EvaluationReply>((resolve) => {
      const finish = (reply: EvaluationReply, workerLost: boolean): void => {
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
        finish(isEvaluationReply(raw) ? raw : { ok: false, error: 'document worker sent an invalid reply' }, false);
      const onError = (error: Error): void => finish({ ok: false, error: `document worker crashed: ${error.message}` }, true);
      const onExit = (exitCode: number): void => finish({ ok: false, error: `document worker stopped (exit code ${exitCode})` }, true);
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
function startDocumentWorker(): Promise<Worker> {
  const worker = startModuleWorker(import.meta.url, 'document-worker');
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
      if (message === WORKER_READY) resolve(worker);
      else fail(new Error('unexpected first message'));
    });
  });
}
