import { parentPort } from 'node:worker_threads';
import { runChunkJob } from '../pipeline-job';
import { errorToWire, toWorkerMessageSchema, type FromWorkerMessage, type ToWorkerMessage } from './engine-messages';

/** Entry of an engine worker thread: runs the chunk jobs the pool sends, reports progress and results. */
const port = parentPort;
if (!port) throw new Error('engine-worker.ts runs only as a worker thread (see worker-pool.ts)');

const running = new Map<number, AbortController>();

function post(message: FromWorkerMessage): void {
  port!.postMessage(message);
}

async function run(message: Extract<ToWorkerMessage, { type: 'run' }>): Promise<void> {
  const controller = new AbortController();
  running.set(message.jobId, controller);
  try {
    const result = await runChunkJob(message.job, {
      signal: controller.signal,
      onProgress: (progress) => post({ type: 'progress', jobId: message.jobId, progress }),
    });
    post({ type: 'done', jobId: message.jobId, result });
  } catch (error) {
    post({ type: 'failed', jobId: message.jobId, error: errorToWire(error) });
  } finally {
    running.delete(message.jobId);
  }
}

port.on('message', (raw: unknown) => {
  const message = toWorkerMessageSchema.parse(raw);
  if (message.type === 'cancel') running.get(message.jobId)?.abort();
  else void run(message);
});
