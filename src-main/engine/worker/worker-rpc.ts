import type { Worker } from 'node:worker_threads';
import { StratumError } from '../../../src-shared/errors';
import {
  RpcClient,
  type RpcCallOptions,
  type RpcClientOptions,
  type RpcMethods,
  type RpcPayload,
  type RpcProgress,
  type RpcResult,
} from './thread-rpc';

export interface WorkerClientOptions extends RpcClientOptions {
  /** The error the calls in flight fail with when the thread reached its heap cap (`resourceLimits`): `too-large` naming the work. */
  outOfMemoryError?: () => Error;
}

/**
 * An `RpcClient` over a worker thread: when the thread ends (an exception, running out of memory,
 * `process.exit`, terminated) its calls in flight fail at once, and a thread that does not stop a
 * cancelled call is terminated.
 */
export function connectWorker<M extends RpcMethods>(worker: Worker, methods: M, options: WorkerClientOptions): RpcClient<M> {
  const client = new RpcClient(worker, methods, { onUnresponsive: () => void worker.terminate(), ...options });
  const outOfMemory = options.outOfMemoryError ?? (() => new StratumError('too-large', `${options.name} ran out of memory`));
  // the cause keeps the thread's error and its code (ERR_WORKER_OUT_OF_MEMORY) for callers that classify deaths
  worker.on('error', (error) => {
    const failure = isOutOfMemory(error) ? outOfMemory() : new Error(`${options.name} failed: ${error.message}`);
    failure.cause = error;
    client.fail(failure);
  });
  worker.on('exit', (exitCode) => client.fail(new Error(`${options.name} stopped (exit code ${exitCode})`)));
  return client;
}

/** Node ends a thread past its `resourceLimits` heap with this error; the process goes on. */
function isOutOfMemory(error: Error): boolean {
  return (error as Error & { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY';
}

/**
 * A long-lived thread that is started again when it has ended: the calls in flight when it ended
 * fail, the next call starts a new thread. State the thread held (open documents) is gone with it.
 */
export class RestartingThread<M extends RpcMethods> {
  private current: { worker: Worker; client: RpcClient<M> } | undefined;
  private closed = false;

  constructor(
    private readonly start: () => Worker,
    private readonly methods: M,
    private readonly options: WorkerClientOptions,
  ) {}

  call<K extends keyof M & string>(
    method: K,
    payload: RpcPayload<M[K]>,
    callOptions?: RpcCallOptions<RpcProgress<M[K]>>,
  ): Promise<RpcResult<M[K]>> {
    if (this.closed) return Promise.reject(new Error(`${this.options.name} is closed`));
    return this.connection().client.call(method, payload, callOptions);
  }

  /** Resolves once the thread (started now if there is none) serves calls. */
  ready(): Promise<void> {
    if (this.closed) return Promise.reject(new Error(`${this.options.name} is closed`));
    return this.connection().client.ready;
  }

  /** Ends the current thread (its calls in flight fail); the next call starts a new one. */
  async stop(): Promise<void> {
    const current = this.current;
    this.current = undefined;
    await current?.worker.terminate();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.stop();
  }

  private connection(): { worker: Worker; client: RpcClient<M> } {
    if (!this.current || this.current.client.failed) {
      const worker = this.start();
      this.current = { worker, client: connectWorker(worker, this.methods, this.options) };
    }
    return this.current;
  }
}
