import type { JobProgress } from '../../src-shared/api';
import type { DoclingDocument } from '../../src-shared/docling/types';
import { StratumError, type StratumErrorCode } from '../../src-shared/errors';
import type { ParsedDocument } from '../engine/pipeline';
import { startModuleWorker } from '../engine/worker/module-worker';
import { parseReplySchema, type ParseRequest } from './parse-messages';

interface ParseThreadOptions {
  signal: AbortSignal;
  onProgress: (progress: JobProgress) => void;
  /** the first pages of a long document, while the rest is read */
  onPreview?: (preview: DoclingDocument) => void;
}

/** Parses a file on a fresh thread; aborting terminates that thread at once, whatever the parser is doing. */
export function parseOffThread(request: ParseRequest, options: ParseThreadOptions): Promise<ParsedDocument> {
  if (options.signal.aborted) return Promise.reject(new StratumError('cancelled', 'cancelled'));
  return new Promise((resolve, reject) => {
    const worker = startModuleWorker(import.meta.url, 'parse-thread');
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      options.signal.removeEventListener('abort', abort);
      finish();
      void worker.terminate();
    };
    const abort = () => settle(() => reject(new StratumError('cancelled', 'cancelled')));
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
