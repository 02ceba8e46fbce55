import { parentPort } from 'node:worker_threads';
import { serveRpc } from '../../../src-main/engine/worker/thread-rpc';
import { evaluateOutlineDocument } from './evaluate-outline-document';
import { evaluateOutlineMethod } from './outline-evaluator';

/** Entry of the worker thread that scores one PDF at a time against its outline, so that a stuck parser can be stopped. */
const port = parentPort;
if (!port) throw new Error('outline-worker.ts runs only as a worker thread (see outline-evaluator.ts)');

serveRpc(
  port,
  { evaluate: evaluateOutlineMethod },
  { evaluate: ({ path, fileName }, { signal }) => evaluateOutlineDocument(path, fileName, signal) },
);
