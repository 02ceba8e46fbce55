import type { Reference } from './corpus';
import type { DocumentEvaluation } from './evaluate-document';

/** What crosses the thread boundary between eval-parse.ts and document-worker.ts. */
export interface EvaluationRequest {
  path: string;
  fileName: string;
  reference: Reference;
}

export type EvaluationReply = { ok: true; evaluation: DocumentEvaluation } | { ok: false; error: string };

/** Posted once the worker has loaded every module, so that start-up does not count against a document's time. */
export const WORKER_READY = 'ready';

export function isEvaluationRequest(value: unknown): value is EvaluationRequest {
  if (!isRecord(value) || !isRecord(value.reference)) return false;
  return typeof value.path === 'string' && typeof value.fileName === 'string' && typeof value.reference.path === 'string';
}

export function isEvaluationReply(value: unknown): value is EvaluationReply {
  if (!isRecord(value)) return false;
  return value.ok === true ? isRecord(value.evaluation) : value.ok === false && typeof value.error === 'string';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
