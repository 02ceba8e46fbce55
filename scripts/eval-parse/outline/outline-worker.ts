import { parentPort } from 'node:worker_threads';
import { isStratumError } from '../../../src-shared/errors';
import { evaluateOutlineDocument } from './evaluate-outline-document';
import { isOutlineRequest, OUTLINE_WORKER_READY, type OutlineReply } from './outline-evaluator';

/** Entry of the worker thread that scores one PDF at a time against its outline, so that a stuck parser can be stopped. */
const port = parentPort;
if (!port) throw new Error('outline-worker.ts runs only as a worker thread (see outline-evaluator.ts)');

port.on('message', (raw: unknown) => {
  if (!isOutlineRequest(raw)) throw new Error('outline worker: unexpected message');
  evaluateOutlineDocument(raw.path, raw.fileName).then(
    (evaluation): void => port.postMessage({ ok: true, evaluation } satisfies OutlineReply),
    (error: unknown): void => port.postMessage({ ok: false, error: describeError(error) } satisfies OutlineReply),
  );
});

port.postMessage(OUTLINE_WORKER_READY);

function describeError(error: unknown): string {
  if (isStratumError(error)) return `${error.code}: ${error.message}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
