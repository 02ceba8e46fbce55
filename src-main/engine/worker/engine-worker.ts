import { parentPort } from 'node:worker_threads';
import { collectBatchInputs, runChunkJob } from '../pipeline-job';
import { serveRpc } from './thread-rpc';
import { engineWorkerMethods } from './worker-pool';

/** Entry of an engine worker thread: runs the chunk jobs the pool sends, reports progress and results. */
const port = parentPort;
if (!port) throw new Error('engine-worker.ts runs only as a worker thread (see worker-pool.ts)');

serveRpc(port, engineWorkerMethods, {
  runChunkJob: (job, { signal, progress }) => runChunkJob(job, { signal, onProgress: progress }),
  collectBatchInputs: (job, { signal, progress }) => collectBatchInputs(job, { signal, onProgress: progress }),
});
