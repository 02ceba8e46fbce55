import type { Worker } from 'node:worker_threads';
import { isStratumError } from '../../src-shared/errors';
import { RestartingThread } from '../../src-main/engine/worker/worker-rpc';
import type { RpcMethod, RpcPayload, RpcResult } from '../../src-main/engine/worker/thread-rpc';

/** A worker that has not loaded its modules within this time is considered broken. */
const STARTUP_TIMEOUT_MS = 60_000;

export type EvaluationReply<Evaluation> = { ok: true; evaluation: Evaluation } | { ok: false; error: string };

/**
 * Evaluates documents one at a time through one RPC method on a worker thread, which is reused (its
 * tokenizer vocabulary and fonts stay loaded) until a document overruns its time: then the document's
 * work is cancelled and the worker terminated if it does not stop, because a parser stuck in synchronous
 * work never sees the cancel. The time counts from when the worker is ready, not from its start.
 * Every failure becomes a reply, so that one document never ends a run.
 */
export class EvaluationThread<M extends RpcMethod> {
  private readonly thread: RestartingThread<{ evaluate: M }>;

  constructor(
    private readonly name: string,
    startWorker: () => Worker,
    method: M,
    private readonly timeoutMs: number,
  ) {
    this.thread = new RestartingThread(startWorker, { evaluate: method }, { name });
  }

  async evaluate(payload: RpcPayload<M>): Promise<EvaluationReply<RpcResult<M>>> {
    try {
      await this.startedWithin(STARTUP_TIMEOUT_MS);
    } catch (error) {
      return { ok: false, error: `${this.name} did not start: ${describeError(error)}` };
    }
    try {
      return { ok: true, evaluation: await this.thread.call('evaluate', payload, { deadlineMs: this.timeoutMs }) };
    } catch (error) {
      return { ok: false, error: describeError(error) };
    }
  }

  close(): Promise<void> {
    return this.thread.close();
  }

  private async startedWithin(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`not ready after ${timeoutMs / 1000} s`)), timeoutMs);
    });
    try {
      await Promise.race([this.thread.ready(), timeout]);
    } catch (error) {
      await this.thread.stop();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}

function describeError(error: unknown): string {
  if (isStratumError(error)) return `${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
