import { parentPort } from 'node:worker_threads';
import { errorToWire } from '../engine/worker/engine-messages';
import { parseDocument } from '../engine/pipeline';
import { parseRequestSchema, type ParseReply } from './parse-messages';

/**
 * Parses one file on its own thread, so that cancelling can stop a parser that never yields (the
 * workbench terminates this thread) and the workbench keeps answering while a large file is read.
 */
const port = parentPort;
if (!port) throw new Error('parse-thread runs as a worker thread');

port.once('message', (raw: unknown) => {
  const reply = (message: ParseReply) => port.postMessage(message);
  const parsed = parseRequestSchema.safeParse(raw);
  if (!parsed.success) {
    reply({ type: 'failed', error: { code: null, message: `parse-thread: invalid request: ${parsed.error.message}` } });
    return;
  }
  const { fileName, bytes, password } = parsed.data;
  parseDocument(fileName, bytes, {
    onProgress: (progress) => reply({ type: 'progress', progress }),
    onPreview: (doc) => reply({ type: 'preview', doc }),
    ...(password === undefined ? {} : { password }),
  }).then(
    ({ doc, docId, format }) => reply({ type: 'done', parsed: { doc, docId, format } }),
    (error: unknown) => reply({ type: 'failed', error: errorToWire(error) }),
  );
});
