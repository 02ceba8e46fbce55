import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { StratumError } from '../../../../../src-shared/errors';
import { cancelledError, isCancelledError } from '../../../cancellation';
import type { PageImage } from './render-page';
import type { OcrParagraph } from './recognized-page';

/** How long one page may take before its OCR is given up (the worker is then restarted for the next page). */
const OCR_PAGE_TIMEOUT_MS = 90_000;

/** Reads the text of rendered pages; one engine instance serves the pages of one parse. */
export interface PageRecognizer {
  /** Paragraphs in reading order, in image pixels. Throws `cancelledError()` on abort, an `OcrTimeoutError` past the time limit. */
  recognize(image: PageImage, signal: AbortSignal | undefined): Promise<OcrParagraph[]>;
  /** Ends the engine's worker thread. */
  close(): Promise<void>;
}

export class OcrTimeoutError extends Error {}

/**
 * Tesseract (tesseract.js, WebAssembly in a worker thread) with English from the installed
 * `@tesseract.js-data/eng` package. Everything is local: the core and worker script from
 * node_modules, the language data from the package folder, no cache written; nothing is fetched.
 */
export function createTesseractRecognizer(timeoutMs = OCR_PAGE_TIMEOUT_MS): PageRecognizer {
  let engine: { worker: Promise<Worker>; ended: boolean } | undefined;
  const endings: Promise<unknown>[] = [];
  // Not awaited by a cancelled page: a worker still starting is ended once it has started.
  const stop = (): void => {
    const running = engine;
    engine = undefined;
    if (!running) return;
    running.ended = true;
    // A worker that failed to start has nothing to end.
    endings.push(
      running.worker.then(
        (worker) => worker.terminate(),
        () => undefined,
      ),
    );
  };
  return {
    async recognize(image, signal) {
      engine ??= { worker: startWorker(), ended: false };
      const current = engine;
      const work = current.worker.then((worker) => {
        // A job sent to an ended tesseract.js worker never settles and its send fails unhandled.
        if (current.ended) throw new Error('the OCR engine was stopped');
        return worker.recognize(
          Buffer.from(image.pgm.buffer, image.pgm.byteOffset, image.pgm.byteLength),
          {},
          { blocks: true, text: false },
        );
      });
      try {
        const result = await withinLimits(work, signal, timeoutMs);
        return (result.data.blocks ?? []).flatMap((block) => block.paragraphs);
      } catch (error) {
        // A recognition cut short leaves the WebAssembly engine busy: only ending the thread stops it.
        if (error instanceof OcrTimeoutError || isCancelledError(error)) stop();
        throw error;
      }
    },
    async close() {
      stop();
      await Promise.all(endings);
    },
  };
}

function startWorker(): Promise<Worker> {
  const { langPath, gzip } = englishData();
  return createWorker('eng', OEM.LSTM_ONLY, {
    langPath,
    gzip,
    cachePath: path.join(tmpdir(), 'stratum-tesseract'),
    cacheMethod: 'none',
    // Without a handler tesseract.js throws worker errors from its message listener (uncaught); the job's promise carries them.
    errorHandler: () => undefined,
  });
}

/** The LSTM-only integer model (the one tesseract.js itself picks for LSTM), gzipped or not as installed. */
function englishData(): { langPath: string; gzip: boolean } {
  const packageFolder = path.dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json'));
  const langPath = path.join(packageFolder, '4.0.0_best_int');
  const gzip = existsSync(path.join(langPath, 'eng.traineddata.gz'));
  if (!gzip && !existsSync(path.join(langPath, 'eng.traineddata'))) {
    throw new StratumError('io', `OCR language data missing in ${langPath} (reinstall @tesseract.js-data/eng)`);
  }
  return { langPath, gzip };
}

function withinLimits<T>(work: Promise<T>, signal: AbortSignal | undefined, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const cancelled = () => reject(cancelledError());
    if (signal?.aborted) return cancelled();
    const timer = setTimeout(() => reject(new OcrTimeoutError(`OCR took longer than ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
    signal?.addEventListener('abort', cancelled, { once: true });
    work.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancelled);
    });
  });
}
