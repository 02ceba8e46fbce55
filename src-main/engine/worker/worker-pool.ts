import type { Worker } from 'node:worker_threads';
import { cancelledError } from '../cancellation';
import type { ChunkJob, ChunkJobResult, JobOptions } from '../pipeline-job';
import { errorFromWire, fromWorkerMessageSchema, type FromWorkerMessage, type ToWorkerMessage } from './engine-messages';
import { startModuleWorker } from './module-worker';

/** How long a cancelled job may take to notice its abort before its worker is terminated. */
const CANCEL_GRACE_MS = 300;

interface PendingJob {
  jobId: number;
  job: ChunkJob;
  options: JobOptions;
  resolve(result: ChunkJobResult): void;
  reject(error: Error): void;
}

/**
 * Runs chunk jobs on at most `size` worker threads, first come first served. Workers start on demand
 * and stay for the next job (their parse cache stays warm); idle workers do not keep the process alive.
 * Cancelling a running job asks its worker to stop and terminates it if it does not within a moment
 * (chunking is synchronous, so a worker busy chunking never sees the message).
 */
export class EngineWorkerPool {
  private readonly queue: PendingJob[] = [];
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, PendingJob>();
  private nextJobId = 0;
  private closed = false;

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`worker pool size must be a positive integer, got ${size}`);
  }

  run(job: ChunkJob, options: JobOptions = {}): Promise<ChunkJobResult> {
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'));
    if (options.signal?.aborted) return Promise.reject(cancelledError());
    const { signal } = options;
    return new Promise<ChunkJobResult>((resolve, reject) => {
      const onAbort = () => this.cancel(pending);
      // A caller may share one signal between many jobs: each job removes its listener when it ends.
      const pending: PendingJob = {
        jobId: this.nextJobId++,
        job,
        options,
        resolve: (result) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(result);
        },
        reject: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(pending);
      this.dispatch();
    });
  }

  /** Terminates every worker; queued and running jobs fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new Error('the worker pool was closed'));
    const workers = [...this.idle.splice(0), ...this.busy.keys()];
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0 && (this.idle.length > 0 || this.workerCount < this.size)) {
      const pending = this.queue.shift()!;
      const worker = this.idle.pop() ?? this.spawn();
      this.busy.set(worker, pending);
      worker.ref();
      this.post(worker, { type: 'run', jobId: pending.jobId, job: pending.job });
    }
  }

  /** Worker threads alive now, idle or busy; never more than `size`. */
  get workerCount(): number {
    return this.idle.length + this.busy.size;
  }

  private spawn(): Worker {
    const worker = startModuleWorker(import.meta.url, 'engine-worker');
    worker.on('message', (raw: unknown) => this.receive(worker, raw));
    worker.on('error', (error) => this.settle(worker, () => this.busy.get(worker)?.reject(error)));
    worker.on('exit', (exitCode) => this.retire(worker, exitCode));
    return worker;
  }

  private receive(worker: Worker, raw: unknown): void {
    const parsed = fromWorkerMessageSchema.safeParse(raw);
    const pending = this.busy.get(worker);
    if (!pending) return;
    if (!parsed.success) {
      this.settle(worker, () => pending.reject(new Error(`engine worker sent an invalid message: ${parsed.error.message}`)));
      void worker.terminate();
      return;
    }
    const message: FromWorkerMessage = parsed.data;
    if (message.jobId !== pending.jobId) return;
    if (message.type === 'progress') {
      pending.options.onProgress?.(message.progress);
      return;
    }
    this.settle(worker, () => {
      if (message.type === 'done') pending.resolve(message.result);
      else pending.reject(errorFromWire(message.error));
    });
    this.release(worker);
  }

  /** Runs `finish` for the worker's job once, and forgets the job. */
  private settle(worker: Worker, finish: () => void): void {
    if (!this.busy.has(worker)) return;
    finish();
    this.busy.delete(worker);
  }

  private release(worker: Worker): void {
    worker.unref();
    this.idle.push(worker);
    this.dispatch();
  }

  private retire(worker: Worker, exitCode: number): void {
    const pending = this.busy.get(worker);
    this.settle(worker, () =>
      pending?.reject(pending.options.signal?.aborted ? cancelledError() : new Error(`engine worker stopped unexpectedly (exit code ${exitCode})`)),
    );
    const idleIndex = this.idle.indexOf(worker);
    if (idleIndex >= 0) this.idle.splice(idleIndex, 1);
    if (!this.closed) this.dispatch();
  }

  private cancel(pending: PendingJob): void {
    const queueIndex = this.queue.indexOf(pending);
    if (queueIndex >= 0) {
      this.queue.splice(queueIndex, 1);
      pending.reject(cancelledError());
      return;
    }
    const worker = [...this.busy].find(([, job]) => job === pending)?.[0];
    if (!worker) return;
    this.post(worker, { type: 'cancel', jobId: pending.jobId });
    setTimeout(() => {
      if (this.busy.get(worker) === pending) void worker.terminate();
    }, CANCEL_GRACE_MS).unref();
  }

  private post(worker: Worker, message: ToWorkerMessage): void {
    worker.postMessage(message);
  }
}
