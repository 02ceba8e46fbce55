import type { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { jobProgressSchema, type JobProgress } from '../../src-shared/api';
import type { DoclingDocument } from '../engine/ir/types';
import { throwIfAborted } from '../engine/cancellation';
import type { ParsedDocument } from '../engine/pipeline';
import { startModuleWorker } from '../engine/worker/module-worker';
import { connectWorker } from '../engine/worker/worker-rpc';

/** A parse may run this long (a long scanned PDF is OCRed page by page) before it fails. */
const PARSE_DEADLINE_MS = 60 * 60_000;

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
    result: z.object({ doc: documentSchema, docId: z.string(), format: z.string() }),
    /** the parser's progress, or the first pages of a long document while the rest is read (ParseOptions.onPreview) */
    progress: z.union([z.object({ step: jobProgressSchema }), z.object({ preview: documentSchema })]),
  },
};

type ParseRequest = z.input<typeof parseThreadMethods.parse.payload>;

interface ParseThreadOptions {
  signal: AbortSignal;
  onProgress: (progress: JobProgress) => void;
  /** the first pages of a long document, while the rest is read */
  onPreview?: (preview: DoclingDocument) => void;
}

/**
 * Parse threads, one started ahead of need: loading the parsers' modules takes a thread most of a
 * second, paid before a file is opened rather than after. Each thread parses one file; the next
 * spare starts once it is done, so that its start-up does not slow the parse.
 */
export class ParseThreads {
  private spare: Worker | undefined = startSpareThread();
  private closed = false;

  /** Parses a file on a fresh thread; aborting ends that thread at once, whatever the parser is doing. */
  async parse(request: ParseRequest, options: ParseThreadOptions): Promise<ParsedDocument> {
    throwIfAborted(options.signal);
    const spare = this.spare;
    this.spare = undefined;
    const worker = spare && !stoppedThreads.has(spare) ? spare : startModuleWorker(import.meta.url, 'parse-thread');
    worker.ref();
    const thread = connectWorker(worker, parseThreadMethods, { name: 'parse thread', deadlineMs: PARSE_DEADLINE_MS });
    try {
      const parsed = await thread.call('parse', request, {
        signal: options.signal,
        onProgress: (event) => ('step' in event ? options.onProgress(event.step) : options.onPreview?.(event.preview)),
      });
      return { ...parsed, fileName: request.fileName };
    } finally {
      void worker.terminate();
      if (!this.closed) this.spare ??= startSpareThread();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.spare?.terminate();
    this.spare = undefined;
  }
}

/** Spare threads that stopped while waiting (a failed start): never handed a file. */
const stoppedThreads = new WeakSet<Worker>();

/** A thread waiting for its file does not keep the process alive, and its failure only retires it. */
function startSpareThread(): Worker {
  const worker = startModuleWorker(import.meta.url, 'parse-thread');
  worker.unref();
  worker.on('error', () => stoppedThreads.add(worker));
  worker.on('exit', () => stoppedThreads.add(worker));
  return worker;
}
