import { z } from 'zod';
import { isStratumError } from '../../src-shared/errors';
import { startModuleWorker } from '../../src-main/engine/worker/module-worker';
import { threadLimits } from '../../src-main/engine/worker/thread-limits';
import { RestartingThread } from '../../src-main/engine/worker/worker-rpc';
import type { Reference } from './corpus';
import type { DocumentEvaluation } from './evaluate-document';
import type { DocumentScores } from './score-document';

/** A worker that has not loaded its modules within this time is considered broken. */
const STARTUP_TIMEOUT_MS = 60_000;

/** What eval-parse.ts asks of document-worker.ts. */
export const documentWorkerMethods = {
  evaluate: {
    payload: z.object({
      path: z.string(),
      fileName: z.string(),
      reference: z.object({
        kind: z.enum(['docling-json', 'docling-yaml', 'markdown-export']),
        path: z.string(),
      }) satisfies z.ZodType<Reference>,
    }),
    result: z.object({
      scores: z.custom<DocumentScores>((value) => typeof value === 'object' && value !== null, 'must be scores'),
      parseMs: z.number(),
    }) satisfies z.ZodType<DocumentEvaluation>,
  },
};

export type EvaluationRequest = z.infer<typeof documentWorkerMethods.evaluate.payload>;
export type EvaluationReply = { ok: true; evaluation: DocumentEvaluation } | { ok: false; error: string };

/**
 * Evaluates documents one at a time on a worker thread, which is reused (its tokenizer vocabulary and
 * fonts stay loaded) until a document overruns its time: then the document's parse is cancelled and
 * the worker terminated if it does not stop, because a parser stuck in synchronous work never sees
 * the cancel. The time counts from when the worker is ready, not from its start.
 */
export class DocumentEvaluator {
  // a document that outgrows the parse heap cap fails on its own; the next one gets a fresh thread
  private readonly thread = new RestartingThread(
    () => startModuleWorker(import.meta.url, 'document-worker', { resourceLimits: { maxOldGenerationSizeMb: threadLimits().parseHeapMb } }),
    documentWorkerMethods,
    { name: 'document worker' },
  );

  constructor(private readonly timeoutMs: number) {}

  async evaluate(request: EvaluationRequest): Promise<EvaluationReply> {
    try {
      await this.startedWithin(STARTUP_TIMEOUT_MS);
    } catch (error) {
      return { ok: false, error: `document worker did not start: ${describeError(error)}` };
    }
    try {
      return { ok: true, evaluation: await this.thread.call('evaluate', request, { deadlineMs: this.timeoutMs }) };
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
