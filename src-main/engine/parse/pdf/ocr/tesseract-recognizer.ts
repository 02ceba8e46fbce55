import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { StratumError } from '../../../../../src-shared/errors';
import { cancelledError, isCancelledError } from '../../../cancellation';
import { tesseractEnglishDataFolder, tesseractOrientationDataFolder, tesseractWorkerScript } from '../../../runtime-files';
import type { QuarterTurn } from './page-orientation';
import { greyscalePng, type PageImage } from './render-page';
import type { OcrParagraph } from './recognized-page';

/** How long one page may take before its OCR is given up (the worker is then restarted for the next page). */
const OCR_PAGE_TIMEOUT_MS = 90_000;

/** Reads the text of rendered pages; one engine instance serves the pages of one parse. */
export interface PageRecognizer {
  /** Paragraphs in reading order, in image pixels. Throws `cancelledError()` on abort, an `OcrTimeoutError` past the time limit. */
  recognize(image: PageImage, signal: AbortSignal | undefined): Promise<OcrParagraph[]>;
  /**
   * The clockwise quarter turn that sets the page's text upright, by tesseract's orientation
   * detection; undefined when it finds too little text to tell or its data is not installed.
   */
  uprightTurn(image: PageImage, signal: AbortSignal | undefined): Promise<QuarterTurn | undefined>;
  /** Ends the engine's worker threads. */
  close(): Promise<void>;
}

export class OcrTimeoutError extends Error {}

/**
 * Tesseract (tesseract.js, WebAssembly in a worker thread) with English from the installed
 * `@tesseract.js-data/eng` package, and page orientation detection (tesseract's legacy engine in a
 * second worker) with the data of `@tesseract.js-data/osd`. Everything is local: the cores and
 * worker script from node_modules, the data from the package folders, no cache written; nothing is
 * fetched. The worker script and data are named by their paths on disk (`runtime-files.ts`), which in
 * the packaged app are outside app.asar.
 */
export function createTesseractRecognizer(timeoutMs = OCR_PAGE_TIMEOUT_MS): PageRecognizer {
  const endings: Promise<unknown>[] = [];
  const reader = workerSlot(startWorker, endings);
  // Orientation detection needs tesseract's legacy engine and its own data: a second worker, started on the first scan.
  const detector = workerSlot(startOrientationWorker, endings);
  return {
    async recognize(image, signal) {
      const result = await reader.run((worker) => worker.recognize(pgmBuffer(image), {}, { blocks: true, text: false }), signal, timeoutMs);
      return (result.data.blocks ?? []).flatMap((block) => block.paragraphs);
    },
    async uprightTurn(image, signal) {
      if (!orientationDataFolder()) return undefined;
      const png = greyscalePng(image);
      const pngBuffer = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
      const result = await detector.run((worker) => worker.detect(pngBuffer), signal, timeoutMs);
      const degrees = result.data.orientation_degrees;
      return degrees === 0 || degrees === 90 || degrees === 180 || degrees === 270 ? degrees : undefined;
    },
    async close() {
      reader.stop();
      detector.stop();
      await Promise.all(endings);
    },
  };
}

/** One tesseract.js worker, started when first used and ended (to be started again) when a job is cut short. */
function workerSlot(start: () => Promise<Worker>, endings: Promise<unknown>[]) {
  let engine: { worker: Promise<Worker>; ended: boolean } | undefined;
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
  const run = async <T>(job: (worker: Worker) => Promise<T>, signal: AbortSignal | undefined, timeoutMs: number): Promise<T> => {
    engine ??= { worker: start(), ended: false };
    const current = engine;
    const work = current.worker.then((worker) => {
      // A job sent to an ended tesseract.js worker never settles and its send fails unhandled.
      if (current.ended) throw new Error('the OCR engine was stopped');
      return job(worker);
    });
    try {
      return await withinLimits(work, signal, timeoutMs);
    } catch (error) {
      // A job cut short leaves the WebAssembly engine busy: only ending the thread stops it.
      if (error instanceof OcrTimeoutError || isCancelledError(error)) stop();
      throw error;
    }
  };
  return { run, stop };
}

function pgmBuffer(image: PageImage): Buffer {
  return Buffer.from(image.pgm.buffer, image.pgm.byteOffset, image.pgm.byteLength);
}

function startWorker(): Promise<Worker> {
  const { langPath, gzip } = englishData();
  return createWorker('eng', OEM.LSTM_ONLY, {
    workerPath: tesseractWorkerScript(),
    langPath,
    gzip,
    cachePath: path.join(tmpdir(), 'stratum-tesseract'),
    cacheMethod: 'none',
    // Without a handler tesseract.js throws worker errors from its message listener (uncaught); the job's promise carries them.
    errorHandler: () => undefined,
  });
}

function startOrientationWorker(): Promise<Worker> {
  return createWorker('osd', OEM.TESSERACT_ONLY, {
    workerPath: tesseractWorkerScript(),
    langPath: orientationDataFolder(),
    gzip: true,
    legacyCore: true,
    legacyLang: true,
    cachePath: path.join(tmpdir(), 'stratum-tesseract'),
    cacheMethod: 'none',
    errorHandler: () => undefined,
  });
}

/** The folder of tesseract's orientation and script data from `@tesseract.js-data/osd`, if installed. */
function orientationDataFolder(): string | undefined {
  try {
    const folder = tesseractOrientationDataFolder();
    return existsSync(path.join(folder, 'osd.traineddata.gz')) ? folder : undefined;
  } catch {
    return undefined;
  }
}

/** The English model, gzipped or not as installed. */
function englishData(): { langPath: string; gzip: boolean } {
  const langPath = tesseractEnglishDataFolder();
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
