import { parentPort } from 'node:worker_threads';
import { serveRpc } from '../../src-main/engine/worker/thread-rpc';
import { evaluateDocumentMethod } from './document-evaluator';
import { evaluateDocument } from './evaluate-document';

/** Entry of the worker thread that evaluates one document at a time, so that a stuck parser can be stopped. */
const port = parentPort;
if (!port) throw new Error('document-worker.ts runs only as a worker thread (see document-evaluator.ts)');

serveRpc(
  port,
  { evaluate: evaluateDocumentMethod },
  { evaluate: ({ path, fileName, reference }, { signal }) => evaluateDocument(path, fileName, reference, signal) },
);
