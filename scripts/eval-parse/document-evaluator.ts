import { z } from 'zod';
import { startModuleWorker } from '../../src-main/engine/worker/module-worker';
import { threadLimits } from '../../src-main/engine/worker/thread-limits';
import type { Reference } from './corpus';
import { EvaluationThread } from './evaluation-thread';
import type { DocumentEvaluation } from './evaluate-document';
import type { DocumentScores } from './score-document';

/** What eval-parse.ts asks of document-worker.ts: a document scored against its reference. */
export const evaluateDocumentMethod = {
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
};

export type EvaluationRequest = z.infer<typeof evaluateDocumentMethod.payload>;

/** Scores documents against Docling's groundtruth on a worker thread (see EvaluationThread). */
export class DocumentEvaluator extends EvaluationThread<typeof evaluateDocumentMethod> {
  constructor(timeoutMs: number) {
    // a document that outgrows the parse heap cap fails on its own; the next one gets a fresh thread
    const resourceLimits = { maxOldGenerationSizeMb: threadLimits().parseHeapMb };
    super(
      'document worker',
      () => startModuleWorker(import.meta.url, 'document-worker', { resourceLimits }),
      evaluateDocumentMethod,
      timeoutMs,
    );
  }
}
