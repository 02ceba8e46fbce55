import { z } from 'zod';
import { startModuleWorker } from '../../src-main/engine/worker/module-worker';
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
    super('document worker', () => startModuleWorker(import.meta.url, 'document-worker'), evaluateDocumentMethod, timeoutMs);
  }
}
