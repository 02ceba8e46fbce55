import { parentPort } from 'node:worker_threads';
import { isStratumError } from '../../src-shared/errors';
import { evaluateDocument } from './evaluate-document';
import { isEvaluationRequest, WORKER_READY, type EvaluationReply } from './worker-messages';

/** Entry of the worker thread that evaluates one document at a time, so that a stuck parser can be stopped. */
const port = parentPort;
if (!port) throw new Error('document-worker.ts runs only as a worker thread (see document-evaluator.ts)');

port.on('message', (raw: unknown) => {
  if (!isEvaluationRequest(raw)) throw new Error('document worker: unexpected message');
  evaluateDocument(raw.path, raw.fileName, raw.reference).then(
    (evaluation): void => port.postMessage({ ok: true, evaluation } satisfies EvaluationReply),
    (error: unknown): void => port.postMessage({ ok: false, error: describeError(error) } satisfies EvaluationReply),
  );
});

port.postMessage(WORKER_READY);

function describeError(error: unknown): string {
  if (isStratumError(error)) return `${error.code}: ${error.message}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
