import { setImmediate as nextTurn } from 'node:timers/promises';
import { parentPort } from 'node:worker_threads';
import { chunkDocument, parseDocument } from '../../src-main/engine/pipeline';
import { serveRpc } from '../../src-main/engine/worker/thread-rpc';
import { isStratumError } from '../../src-shared/errors';
import { fuzzWorkerMethods, type ParseEnding, type ParseInput } from './parse-pool';

/**
 * Entry of a fuzz worker thread: parses one input at a time through the engine's parse entry and says
 * how it ended. A rejection nobody handled fails the input running then (the thread RPC sees to it), or,
 * when none is, is told to the pool, which charges it to the last one.
 */
const port = parentPort;
if (!port) throw new Error('fuzz-worker.ts runs only as a worker thread (see parse-pool.ts)');

async function parse(input: ParseInput): Promise<{ ending: ParseEnding; ms: number }> {
  const started = performance.now();
  const ending = await parseOnce(input);
  const ms = performance.now() - started;
  // Rejections a parser leaves behind surface within a turn or two of the event loop: waiting lets them fail this input.
  await nextTurn();
  await nextTurn();
  return { ending, ms };
}

async function parseOnce({ fileName, bytes, ocr, chunk }: ParseInput): Promise<ParseEnding> {
  try {
    const { doc, docId } = await parseDocument(fileName, bytes, { ocr });
    const items = doc.texts.length + doc.tables.length + doc.pictures.length;
    return { kind: 'parsed', items, chunks: chunk ? countChunks(chunkDocument(doc, docId, {})) : null };
  } catch (error) {
    if (isStratumError(error)) return { kind: 'clean-error', code: error.code, message: error.message.slice(0, 1000) };
    return { kind: 'crash', error: describeThrown(error) };
  }
}

/** The name, message and first stack frames of anything thrown: enough to find the cause, short enough to read. */
function describeThrown(thrown: unknown): string {
  if (!(thrown instanceof Error)) return `non-Error thrown: ${String(thrown).slice(0, 500)}`;
  const frames = (thrown.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .slice(0, 8);
  return [`${thrown.name}: ${thrown.message.slice(0, 1000)}`, ...frames].join('\n');
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

// serveRpc says the thread is ready: only once the engine is loaded, so that the pool's deadline counts parsing alone
await warmUp();
serveRpc(port, fuzzWorkerMethods, { parse });
