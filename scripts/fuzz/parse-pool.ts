import type { ResourceLimits, Worker } from 'node:worker_threads';
import { z } from 'zod';
import { OCR_MODES } from '../../src-main/engine/parse/parser';
import { startModuleWorker } from '../../src-main/engine/worker/module-worker';
import { CallDeadlineError, type RpcClient } from '../../src-main/engine/worker/thread-rpc';
import { connectWorker } from '../../src-main/engine/worker/worker-rpc';
import type { Outcome } from './outcome';

/** How the parse entry ended on one input, as the worker saw it; a call that fails is the pool's to classify. */
const parseEndingSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('parsed'), items: z.number().int().nonnegative(), chunks: z.number().int().nonnegative().nullable() }),
  z.object({ kind: z.literal('clean-error'), code: z.string(), message: z.string() }),
  z.object({ kind: z.literal('crash'), error: z.string() }),
]);
export type ParseEnding = z.infer<typeof parseEndingSchema>;

/** What the pool asks of a fuzz worker (fuzz-worker.ts). */
export const fuzzWorkerMethods = {
  parse: {
    payload: z.object({
      fileName: z.string().min(1),
      bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array, { error: 'must be a Uint8Array' }),
      ocr: z.enum(OCR_MODES),
      /** Also chunk what parsed, with the default config: the chunkers read every part of the document. */
      chunk: z.boolean(),
    }),
    /** `ms`: time in the parse entry, without the wait for the thread. */
    result: z.object({ ending: parseEndingSchema, ms: z.number().nonnegative() }),
  },
};

export type ParseInput = z.infer<typeof fuzzWorkerMethods.parse.payload>;
/** One input to parse; its `id` names it in `onLateCrash`. */
export type ParseRequest = ParseInput & { id: number };

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
  /** A stray rejection, or the death of an idle worker, charged to an input whose outcome was already given. */
  onLateCrash?: (id: number, error: string) => void;
}

interface Job {
  request: ParseRequest;
  resolve(outcome: Outcome): void;
}

interface Slot {
  worker: Worker;
  client: RpcClient<typeof fuzzWorkerMethods>;
  /** Resolves once the worker has warmed up and serves calls; rejects when it died or did not in time. */
  ready: Promise<void>;
  job?: Job;
  started?: number;
  /** The input this worker last gave an outcome for: what goes wrong while it is idle is charged to it. */
  lastInput?: number;
}

const DEFAULT_STARTUP_MS = 120_000;
const MEMORY_CHECK_MS = 250;
const OUT_OF_MEMORY = 'ERR_WORKER_OUT_OF_MEMORY';

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
      void this.run(slot, this.waiting.shift()!);
    }
  }

  private async run(slot: Slot, job: Job): Promise<void> {
    slot.job = job;
    try {
      await slot.ready;
    } catch (error) {
      this.finish(slot, job, { class: 'crash', detail: `the worker did not start: ${messageOf(error)}`, ms: 0 }, true);
      return;
    }
    // the RSS watchdog may have given the input its outcome while the worker started
    if (slot.job !== job) return;
    slot.started = performance.now();
    const { fileName, bytes, ocr, chunk } = job.request;
    try {
      const { ending, ms } = await slot.client.call('parse', { fileName, bytes, ocr, chunk }, { deadlineMs: this.options.deadlineMs });
      this.finish(slot, job, outcomeOf(ending, ms), false);
    } catch (error) {
      // the call failed, not the parse: the thread hung, died, or was left with a rejection nobody handled
      this.finish(slot, job, this.failureOf(error, this.elapsed(slot)), true);
    }
  }

  private failureOf(error: unknown, ms: number): Outcome {
    const { deadlineMs } = this.options;
    if (error instanceof CallDeadlineError) return { class: 'hang', detail: `no result within ${deadlineMs / 1000} s`, ms: deadlineMs };
    // connectWorker keeps the worker's `error` event as the cause: its code tells the heap cap from other deaths
    const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
    return { class: 'crash', detail: cause?.code === OUT_OF_MEMORY ? this.heapCapDetail() : messageOf(error), ms };
  }

  private heapCapDetail(): string {
    return `the worker reached its heap cap (${this.options.heapMb} MB)`;
  }

  private spawn(): Slot {
    const resourceLimits: ResourceLimits = { maxOldGenerationSizeMb: this.options.heapMb };
    const worker = this.options.startWorker?.(resourceLimits) ?? startModuleWorker(import.meta.url, 'fuzz-worker', { resourceLimits });
    const lateCrash = (error: string) => {
      if (slot.lastInput !== undefined) this.options.onLateCrash?.(slot.lastInput, error);
    };
    // The thread tells only of rejections while it had no call: the last one it answered left them, even if the next is sent.
    const onStrayRejection = (error: Error) => lateCrash(error.message);
    const client = connectWorker(worker, fuzzWorkerMethods, { name: 'fuzz worker', onStrayRejection });
    const slot: Slot = { worker, client, ready: readyWithin(client, this.options.startupMs ?? DEFAULT_STARTUP_MS) };
    this.slots.add(slot);
    // A thread that dies while an input runs fails that input's call; one that dies idle, after its last input.
    worker.on('error', (error: Error & { code?: string }) => {
      this.drop(slot);
      if (!slot.job) lateCrash(error.code === OUT_OF_MEMORY ? this.heapCapDetail() : error.message);
      this.dispatch();
    });
    worker.on('exit', () => {
      this.drop(slot);
      this.dispatch();
    });
    return slot;
  }

  /** Gives the input its outcome once; a lost worker is dropped and terminated, and the next input gets a new one. */
  private finish(slot: Slot, job: Job, outcome: Outcome, workerLost: boolean): void {
    if (slot.job !== job) return;
    slot.job = undefined;
    slot.started = undefined;
    slot.lastInput = job.request.id;
    if (workerLost) {
      this.drop(slot);
      void slot.worker.terminate();
    }
    job.resolve(outcome);
    if (!workerLost && this.slots.has(slot)) this.idle.push(slot);
    this.dispatch();
  }

  private drop(slot: Slot): void {
    this.slots.delete(slot);
    const idleAt = this.idle.indexOf(slot);
    if (idleAt >= 0) this.idle.splice(idleAt, 1);
  }

  private checkMemory(): void {
    const rssMb = process.memoryUsage.rss() / (1024 * 1024);
    if (rssMb <= this.options.rssLimitMb) return;
    const busy = [...this.slots].filter((slot) => slot.job);
    const { rssLimitMb } = this.options;
    const detail = `the process passed ${rssLimitMb} MB resident (${Math.round(rssMb)} MB) with ${busy.length} input(s) parsing`;
    for (const slot of busy) this.finish(slot, slot.job!, { class: 'crash', detail, ms: this.elapsed(slot) }, true);
  }

  private elapsed(slot: Slot): number {
    return slot.started === undefined ? 0 : performance.now() - slot.started;
  }
}

/** The client's readiness, or a failure once `startupMs` has passed without it. */
function readyWithin(client: RpcClient<typeof fuzzWorkerMethods>, startupMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('not ready in time')), startupMs);
  });
  const ready = Promise.race([client.ready, late]).finally(() => clearTimeout(timer));
  // a worker that fails before any input waits on it must not be an unhandled rejection
  ready.catch(() => undefined);
  return ready;
}

function outcomeOf(ending: ParseEnding, ms: number): Outcome {
  switch (ending.kind) {
    case 'parsed':
      return { class: 'parsed', detail: `${ending.items} item(s)${ending.chunks === null ? '' : `, ${ending.chunks} chunk(s)`}`, ms };
    case 'clean-error':
      return { class: 'clean-error', detail: `${ending.code}: ${ending.message}`, ms };
    case 'crash':
      return { class: 'crash', detail: ending.error, ms };
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
