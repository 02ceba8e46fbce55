import { setImmediate as nextTurn } from 'node:timers/promises';
import { parentPort } from 'node:worker_threads';
import { chunkDocument, parseDocument } from '../../src-main/engine/pipeline';
import { isStratumError } from '../../src-shared/errors';
import { describeThrown, parseRequestSchema, type FromWorker, type ParseRequest, type WorkerResult } from './worker-protocol';

/**
 * Entry of a fuzz worker thread: parses one input at a time through the engine's parse entry and says
 * how it ended. Stray rejections and exceptions are reported instead of killing the thread, charged to
 * the input that was running.
 */
const port = parentPort;
if (!port) throw new Error('fuzz-worker.ts runs only as a worker thread (see parse-pool.ts)');

let running: number | null = null;
let lastFinished: number | null = null;

const post = (message: FromWorker): void => port.postMessage(message);
const reportStray = (thrown: unknown): void => post({ type: 'stray', id: running ?? lastFinished, error: describeThrown(thrown) });
process.on('unhandledRejection', reportStray);
process.on('uncaughtException', reportStray);

port.on('message', (raw: unknown) => void parse(parseRequestSchema.parse(raw)));

async function parse(request: ParseRequest): Promise<void> {
  running = request.id;
  const started = performance.now();
  const result = await parseOnce(request);
  const ms = performance.now() - started;
  // Rejections a parser leaves behind surface within a turn or two of the event loop: let them be charged to this input.
  await nextTurn();
  await nextTurn();
  running = null;
  lastFinished = request.id;
  post({ type: 'result', id: request.id, result, ms });
}

async function parseOnce({ fileName, bytes, ocr, chunk }: ParseRequest): Promise<WorkerResult> {
  try {
    const { doc, docId } = await parseDocument(fileName, bytes, { ocr });
    const items = doc.texts.length + doc.tables.length + doc.pictures.length;
    return { kind: 'parsed', items, chunks: chunk ? countChunks(chunkDocument(doc, docId, {})) : null };
  } catch (error) {
    if (isStratumError(error) && error.code) return { kind: 'clean-error', code: error.code, message: error.message.slice(0, 1000) };
    return { kind: 'crash', error: describeThrown(error) };
  }
}

function countChunks(chunks: Iterable<unknown>): number {
  let count = 0;
  for (const _ of chunks) count++;
  return count;
}

/**
 * A one-page PDF without content: parsing it loads pdf.js and the PDF modules, which the engine imports
 * on first use, and chunking it loads the default tokenizer, so that the first mutant of a worker is
 * not charged seconds of loading (on a loaded machine, enough to pass the deadline).
 */
const WARM_UP_PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n' +
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 100 100]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);

async function warmUp(): Promise<void> {
  const { doc, docId } = await parseDocument('warm-up.pdf', WARM_UP_PDF, { ocr: 'off' });
  countChunks(chunkDocument(doc, docId, {}));
}

await warmUp();
post({ type: 'ready' });
