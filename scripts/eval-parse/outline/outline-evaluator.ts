import { z } from 'zod';
import { startModuleWorker } from '../../../src-main/engine/worker/module-worker';
import { EvaluationThread } from '../evaluation-thread';
import type { OutlineEvaluation } from './evaluate-outline-document';

/** What the outline run asks of outline-worker.ts: a PDF scored against its own outline and text layer. */
export const evaluateOutlineMethod = {
  payload: z.object({ path: z.string(), fileName: z.string() }),
  result: z.custom<OutlineEvaluation>(
    (value) => typeof value === 'object' && value !== null && 'facts' in value && 'scores' in value,
    'must be an outline evaluation',
  ),
};

/** Scores PDFs against their outlines on a worker thread (see EvaluationThread). */
export class OutlineEvaluator extends EvaluationThread<typeof evaluateOutlineMethod> {
  constructor(timeoutMs: number) {
    super('outline worker', () => startModuleWorker(import.meta.url, 'outline-worker'), evaluateOutlineMethod, timeoutMs);
  }
}
