import type { Worker } from 'node:worker_threads';
import type { JobProgress } from '../../src-shared/api';
import type { DoclingDocument } from '../../src-shared/docling/types';
import { StratumError, type StratumErrorCode } from '../../src-shared/errors';
import { cancelledError, throwIfAborted } from '../engine/cancellation';
import type { ParsedDocument } from '../engine/pipeline';
import { startModuleWorker } from '../engine/worker/module-worker';
import { parseReplySchema, type ParseRequest } from './parse-messages';

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

  /** Parses a file on a fresh thread; aborting terminates that thread at once, whatever the parser is doing. */
  async parse(request: ParseRequest, options: ParseThreadOptions): Promise<ParsedDocument> {
    throwIfAborted(options.signal);
    const spare = this.spare;
    this.spare = undefined;
    const worker = spare && !stoppedThreads.has(spare) ? spare : startModuleWorker(import.meta.url, 'parse-thread');
    worker.ref();
    try {
      return await parseOn(worker, request, options);
    } finally {
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

function parseOn(worker: Worker, request: ParseRequest, options: ParseThreadOptions): Promise<ParsedDocument> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      options.signal.removeEventListener('abort', abort);
      finish();
      void worker.terminate();
    };
    const abort = () => settle(() => reject(cancelledError()));
    options.signal.addEventListener('abort', abort, { once: true });
    worker.on('message', (raw: unknown) => {
      const reply = parseReplySchema.safeParse(raw);
      if (!reply.success) return settle(() => reject(new Error(`parse-thread sent an invalid message: ${reply.error.message}`)));
      const message = reply.data;
      if (message.type === 'progress') options.onProgress(message.progress);
      else if (message.type === 'preview') options.onPreview?.(message.doc);
      else if (message.type === 'done') settle(() => resolve({ ...message.parsed, fileName: request.fileName }));
      else settle(() => reject(message.error.code === null ? new Error(message.error.message) : new StratumError(message.error.code as StratumErrorCode, message.error.message)));
    });
    worker.on('error', (error) => settle(() => reject(error)));
    worker.on('exit', (code) => settle(() => reject(new Error(`parse-thread stopped unexpectedly (exit code ${code})`))));
    worker.postMessage(request);
  });
}
