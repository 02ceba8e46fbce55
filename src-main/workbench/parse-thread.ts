import { parentPort } from 'node:worker_threads';
import { approximateByteSize } from '../engine/approximate-size';
import { readPdfOutline, type OutlineEntry } from '../engine/parse/pdf/pdf-outline';
import { parseDocument } from '../engine/pipeline';
import { serveRpc } from '../engine/worker/thread-rpc';
import { parseThreadMethods } from './parse-off-thread';

/**
 * Parses one file on its own thread, so that cancelling can stop a parser that never yields (the
 * workbench terminates this thread) and the workbench keeps answering while a large file is read.
 */
const port = parentPort;
if (!port) throw new Error('parse-thread runs as a worker thread');

serveRpc(port, parseThreadMethods, {
  async parse({ fileName, bytes, password }, { signal, progress }) {
    const { doc, docId, format } = await parseDocument(fileName, bytes, {
      signal,
      onProgress: (step) => progress({ step }),
      onPreview: (preview) => progress({ preview }),
      ...(password === undefined ? {} : { password }),
    });
    return {
      doc,
      docId,
      format,
      irBytes: approximateByteSize(doc),
      outline: format === 'pdf' ? await outlineOf(bytes, fileName, password) : [],
    };
  },
});

/** A PDF's outline, or none when it cannot be read: the parse succeeded, and the outline only measures it. */
async function outlineOf(bytes: Uint8Array, fileName: string, password: string | undefined): Promise<OutlineEntry[]> {
  try {
    return (await readPdfOutline(bytes, fileName, password)).outline;
  } catch {
    return [];
  }
}
