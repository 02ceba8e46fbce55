/**
 * pdf.js for this process: its legacy build (the one Node 20 can run) and its worker module, loaded
 * so that they add what Node lacks without slowing down what Node has.
 *
 * Both modules carry core-js polyfills. Most add missing built-ins (`Promise.withResolvers`,
 * `Uint8Array.prototype.toHex`, …), which pdf.js needs. A few replace built-ins V8 already implements,
 * because core-js's feature tests ask for proposals Node 20 lacks: `Array.prototype.push` and
 * `JSON.stringify` become JavaScript functions, five to six times slower, for the whole process and
 * every library in it (parsing Markdown, chunking, serialising results). So the built-ins are noted
 * before pdf.js loads and any it replaced is put back; its additions stay.
 *
 * The worker module gets the same bracket (`loadPdfjsWorker`): pdf.js in Node runs its "worker" on
 * this thread and would otherwise import that module (and its polyfills) itself at the first PDF
 * opened. It is loaded at that first PDF, not before: a thread that reads no PDF does not hold it.
 */
import { restoreReplacedBuiltIns, snapshotBuiltIns } from './built-ins';

const builtIns = snapshotBuiltIns();
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
restoreReplacedBuiltIns(builtIns);

export const { AnnotationMode, getDocument, OPS, PasswordResponses } = pdfjs;

let workerLoaded: Promise<void> | undefined;

/** Loads pdf.js's worker module once; importing it sets `globalThis.pdfjsWorker`, which pdf.js then uses. */
export function loadPdfjsWorker(): Promise<void> {
  workerLoaded ??= (async () => {
    const before = snapshotBuiltIns();
    await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    restoreReplacedBuiltIns(before);
  })();
  return workerLoaded;
}
