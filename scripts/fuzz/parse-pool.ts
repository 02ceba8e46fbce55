import type { ResourceLimits, Worker } from 'node:worker_threads';
import { startModuleWorker } from '../../src-main/engine/worker/module-worker';
import type { Outcome } from './outcome';
import { fromWorkerSchema, type FromWorker, type ParseRequest, type WorkerResult } from './worker-protocol';

export interface ParsePoolOptions {
  /** Worker threads, each parsing one input at a time. */
  size: number;
  /** Heap cap of each worker; a worker that reaches it dies, and its input is a crash. */
  heapMb: number;
  /** An input still parsing after this long is a hang: its worker is terminated. */
  deadlineMs: number;
  /**
   * Typed arrays live outside the V8 heap that `heapMb` caps: when the whole process passes this
   * resident size, every busy worker is terminated and its input is a crash.
   */
  rssLimitMb: number;
  /** A worker that has not loaded the engine within this long counts as broken. */
  startupMs?: number;
  /** How a worker thread is started; the fuzz worker unless a test gives another. */
  startWorker?: (resourceLimits: ResourceLimits) => Worker;
  /** A stray rejection charged to an input whose outcome was already given. */
  onLateCrash?: (id: number, error: string) => void;
}

interface Job {
  request: ParseRequest;
  resolve(outcome: Outcome): void;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  job?: Job;
  started?: number;
  timer?: NodeJS.Timeout;
}

const DEFAULT_STARTUP_MS = 120_000;
const MEMORY_CHECK_MS = 250;

/**
 * Parses inputs on a few reused worker threads, each with a heap cap, a deadline per input, and a
 * new thread in place of one that died or was terminated. Every input gets an outcome; only a closed pool rejects.
 */
export class ParsePool {
  private readonly idle: Slot[] = [];
  private readonly slots = new Set<Slot>();
  private readonly waiting: Job[] = [];
  private readonly memoryCheck: NodeJS.Timeout;
  private closed = false;

  constructor(private readonly options: ParsePoolOptions) {
    if (!Number.isInteger(options.size) || options.size < 1) {
      throw new RangeError(`parse pool size must be a positive integer, got ${options.size}`);
    }
    this.memoryCheck = setInterval(() => this.checkMemory(), MEMORY_CHECK_MS);
    this.memoryCheck.unref();
  }

  get size(): number {
    return this.options.size;
  }

  parse(request: ParseRequest): Promise<Outcome> {
    if (this.closed) return Promise.reject(new Error('the parse pool is closed'));
    return new Promise<Outcome>((resolve) => {
      this.waiting.push({ request, resolve });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.memoryCheck);
    const slots = [...this.slots];
    this.slots.clear();
    this.idle.length = 0;
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    while (!this.closed && this.waiting.length > 0 && (this.idle.length > 0 || this.slots.size < this.options.size)) {
      const slot = this.idle.pop() ?? this.spawn();
      void this.start(slot, this.waiting.shift()!);
    }
  }

  private async start(slot: Slot, job: Job): Promise<void> {
    slot.job = job;
    try {
      await slot.ready;
    } catch (error) {
      this.finish(slot, { class: 'crash', detail: `the worker did not start: ${(error as Error).message}`, ms: 0 }, true);
      return;
    }
    if (slot.job !== job) return;
    slot.started = performance.now();
    const { deadlineMs } = this.options;
    const hang = { class: 'hang', detail: `no result within ${deadlineMs / 1000} s`, ms: deadlineMs } as const;
    slot.timer = setTimeout(() => this.finish(slot, hang, true), deadlineMs);
    slot.worker.postMessage(job.request);
  }

  private spawn(): Slot {
    const resourceLimits: ResourceLimits = { maxOldGenerationSizeMb: this.options.heapMb };
    const worker = this.options.startWorker?.(resourceLimits) ?? startModuleWorker(import.meta.url, 'fuzz-worker', { resourceLimits });
    let markReady: () => void = () => {};
    let markBroken: (error: Error) => void = () => {};
    const slot: Slot = {
      worker,
      ready: new Promise<void>((resolve, reject) => {
        markReady = resolve;
        markBroken = reject;
      }),
    };
    slot.ready.catch(() => {});
    const startup = setTimeout(() => markBroken(new Error('not ready in time')), this.options.startupMs ?? DEFAULT_STARTUP_MS);
    this.slots.add(slot);
    worker.on('message', (raw: unknown) => {
      const parsed = fromWorkerSchema.safeParse(raw);
      if (!parsed.success) {
        this.crash(slot, `the worker sent an invalid message: ${parsed.error.message}`);
        return;
      }
      if (parsed.data.type === 'ready') {
        clearTimeout(startup);
        markReady();
      } else this.receive(slot, parsed.data);
    });
    worker.on('error', (error: Error & { code?: string }) => {
      clearTimeout(startup);
      markBroken(error);
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.crash(slot, outOfMemory ? `the worker reached its heap cap (${this.options.heapMb} MB)` : `the worker died: ${error.message}`);
    });
    worker.on('exit', (exitCode) => {
      clearTimeout(startup);
      markBroken(new Error(`exited with code ${exitCode}`));
      this.crash(slot, `the worker exited (code ${exitCode})`);
    });
    return slot;
  }

  private receive(slot: Slot, message: Exclude<FromWorker, { type: 'ready' }>): void {
    const running = slot.job?.request.id;
    if (message.type === 'stray') {
      // The parse may still be going: the thread is replaced so that the next input starts clean.
      if (message.id !== null && message.id === running) this.crash(slot, `stray: ${message.error}`);
      else if (message.id !== null) this.options.onLateCrash?.(message.id, message.error);
      return;
    }
    if (message.id === running) this.finish(slot, outcomeOf(message.result, message.ms), false);
  }

  /** Gives the slot's input its outcome once; a lost worker is dropped and replaced on demand. */
  private finish(slot: Slot, outcome: Outcome, workerLost: boolean): void {
    const job = slot.job;
    clearTimeout(slot.timer);
    slot.job = undefined;
    slot.timer = undefined;
    slot.started = undefined;
    if (workerLost && this.slots.delete(slot)) {
      const idleAt = this.idle.indexOf(slot);
      if (idleAt >= 0) this.idle.splice(idleAt, 1);
      void slot.worker.terminate();
    }
    job?.resolve(outcome);
    if (!workerLost && job && this.slots.has(slot)) {
      this.idle.push(slot);
    }
    this.dispatch();
  }

  private checkMemory(): void {
    const rssMb = process.memoryUsage.rss() / (1024 * 1024);
    if (rssMb <= this.options.rssLimitMb) return;
    const busy = [...this.slots].filter((slot) => slot.job);
    const { rssLimitMb } = this.options;
    const detail = `the process passed ${rssLimitMb} MB resident (${Math.round(rssMb)} MB) with ${busy.length} input(s) parsing`;
    for (const slot of busy) this.crash(slot, detail);
  }

  /** The slot's input crashed, or its thread did: either way the thread is replaced. */
  private crash(slot: Slot, detail: string): void {
    this.finish(slot, { class: 'crash', detail, ms: this.elapsed(slot) }, true);
  }

  private elapsed(slot: Slot): number {
    return slot.started === undefined ? 0 : performance.now() - slot.started;
  }
}

function outcomeOf(result: WorkerResult, ms: number): Outcome {
  switch (result.kind) {
    case 'parsed':
      return { class: 'parsed', detail: `${result.items} item(s)${result.chunks === null ? '' : `, ${result.chunks} chunk(s)`}`, ms };
    case 'clean-error':
      return { class: 'clean-error', detail: `${result.code}: ${result.message}`, ms };
    case 'crash':
      return { class: 'crash', detail: result.error, ms };
  }
}
