import type { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { jobProgressSchema, type JobProgress } from '../../src-shared/api';
import type { DoclingDocument } from '../engine/ir/types';
import { StratumError } from '../../src-shared/errors';
import { cancelledError, throwIfAborted } from '../engine/cancellation';
import type { OutlineEntry } from '../engine/parse/pdf/pdf-outline';
import type { ParsedDocument } from '../engine/pipeline';
import { startModuleWorker } from '../engine/worker/module-worker';
import { describeThreadLimit, threadLimits, type ThreadLimits } from '../engine/worker/thread-limits';
import { connectWorker } from '../engine/worker/worker-rpc';

// The IR comes from our own parser on the other side: its shape is the parser's contract, not re-checked here.
const documentSchema = z.custom<DoclingDocument>((value) => typeof value === 'object' && value !== null, 'must be a document');

/** What the workbench asks of a parse thread (parse-thread.ts). */
export const parseThreadMethods = {
  parse: {
    payload: z.object({
      fileName: z.string().min(1),
      bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'must be bytes'),
      password: z.string().optional(),
    }),
    /**
     * `irBytes`: about how much memory `doc` takes (approximateByteSize), measured here rather than on the workbench's thread;
     * `outline`: a PDF's outline (bookmarks), the author's heading list the workbench holds the parse's headings against
     */
    result: z.object({
      doc: documentSchema,
      docId: z.string(),
      format: z.string(),
      irBytes: z.number().nonnegative(),
      outline: z.array(z.object({ title: z.string(), depth: z.number().int(), page: z.number().int().nullable() })),
    }),
    /** the parser's progress, or the first pages of a long document while the rest is read (ParseOptions.onPreview) */
    progress: z.union([z.object({ step: jobProgressSchema }), z.object({ preview: documentSchema })]),
  },
};

type ParseRequest = z.input<typeof parseThreadMethods.parse.payload>;
type ParsedOnThread = ParsedDocument & { irBytes: number; outline: OutlineEntry[] };

interface ParseThreadOptions {
  signal: AbortSignal;
  onProgress: (progress: JobProgress) => void;
  /** the first pages of a long document, while the rest is read */
  onPreview?: (preview: DoclingDocument) => void;
}

/** How long after a parse the next spare thread starts: the chunks and views of the parsed file come first. */
const SPARE_DELAY_MS = 3_000;

/** The longest delay `setTimeout` takes (about 24.8 days); a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Parse threads: at most `parallelParses` at once, the other files waiting their turn (reported as
 * the stage `queued`, cancellable while they wait), each thread within the heap cap and each parse
 * within the deadline of `limits`. One thread is started ahead of need: loading the parsers' modules
 * takes a thread most of a second, paid before a file is opened rather than after. Each thread
 * parses one file; the next spare starts a few seconds after it is done, so that its start-up
 * slows neither the parse nor the chunking and views that follow it (on two cores, it would).
 */
export class ParseThreads {
  private readonly limits: ThreadLimits;
  private spare: Worker | undefined;
  private spareTimer: NodeJS.Timeout | undefined;
  private running = 0;
  /** files waiting for a thread, first come first served: each takes over the slot of the parse that ended */
  private readonly waiting: (() => void)[] = [];
  private closed = false;

  /** `limits` replace the process's (`threadLimits()`), e.g. in tests */
  constructor(limits: Partial<ThreadLimits> = {}) {
    this.limits = { ...threadLimits(), ...limits };
    this.spare = this.startSpareThread();
  }

  /** Parses a file on a fresh thread once one is free; aborting ends that thread at once, whatever the parser is doing. */
  async parse(request: ParseRequest, options: ParseThreadOptions): Promise<ParsedOnThread> {
    throwIfAborted(options.signal);
    await this.turn(options);
    try {
      return await this.parseOnThread(request, options);
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.spareTimer);
    await this.spare?.terminate();
    this.spare = undefined;
  }

  /** Resolves when this file may start; rejects with `cancelled` when aborted while it waits. */
  private turn({ signal, onProgress }: ParseThreadOptions): Promise<void> {
    if (this.running < this.limits.parallelParses) {
      this.running++;
      return Promise.resolve();
    }
    onProgress({ stage: 'queued', done: 0, total: 0 });
    return new Promise<void>((resolve, reject) => {
      const start = () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(start);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(cancelledError());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(start);
    });
  }

  private async parseOnThread(request: ParseRequest, options: ParseThreadOptions): Promise<ParsedOnThread> {
    const { fileName } = request;
    const spare = this.spare;
    this.spare = undefined;
    const worker = spare && !stoppedThreads.has(spare) ? spare : this.startThread();
    worker.ref();
    const pastDeadline = new AbortController();
    const deadlineMs = Math.min(this.limits.parseMilliseconds, MAX_TIMER_MS);
    const deadline = setTimeout(() => pastDeadline.abort(), deadlineMs);
    const thread = connectWorker(worker, parseThreadMethods, {
      name: 'parse thread',
      // the parse deadline below ends the call first, with an error that names its limit
      deadlineMs: Math.min(deadlineMs + 60_000, MAX_TIMER_MS),
      outOfMemoryError: () =>
        new StratumError('too-large', `ran out of memory reading ${fileName} (${describeThreadLimit('parseHeapMb', this.limits)})`),
    });
    try {
      const parsed = await thread.call('parse', request, {
        signal: AbortSignal.any([options.signal, pastDeadline.signal]),
        onProgress: (event) => ('step' in event ? options.onProgress(event.step) : options.onPreview?.(event.preview)),
      });
      return { ...parsed, fileName };
    } catch (error) {
      if (!pastDeadline.signal.aborted || options.signal.aborted) throw error;
      const limit = describeThreadLimit('parseMilliseconds', this.limits);
      throw new StratumError('too-large', `reading ${fileName} took longer than a parse may take (${limit})`);
    } finally {
      clearTimeout(deadline);
      // a thread past its deadline or cancelled may be stuck in the parser: it is ended, never reused
      void worker.terminate();
      this.startSpareSoon();
    }
  }

  private startSpareSoon(): void {
    if (this.closed || this.spare || this.spareTimer) return;
    this.spareTimer = setTimeout(() => {
      this.spareTimer = undefined;
      if (!this.closed) this.spare ??= this.startSpareThread();
    }, SPARE_DELAY_MS);
    this.spareTimer.unref();
  }

  private startThread(): Worker {
    return startModuleWorker(import.meta.url, 'parse-thread', { resourceLimits: { maxOldGenerationSizeMb: this.limits.parseHeapMb } });
  }

  /** A thread waiting for its file does not keep the process alive, and its failure only retires it. */
  private startSpareThread(): Worker {
    const worker = this.startThread();
    worker.unref();
    worker.on('error', () => stoppedThreads.add(worker));
    worker.on('exit', () => stoppedThreads.add(worker));
    return worker;
  }
}

/** Spare threads that stopped while waiting (a failed start): never handed a file. */
const stoppedThreads = new WeakSet<Worker>();
