import { z } from 'zod';
import { OCR_MODES } from '../../src-main/engine/parse/parser';

/** The messages between the fuzz pool and a fuzz worker; the pool validates what a worker sends. */

export const parseRequestSchema = z.object({
  id: z.number().int().nonnegative(),
  fileName: z.string().min(1),
  bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
  ocr: z.enum(OCR_MODES),
  /** Also chunk what parsed, with the default config: the chunkers read every part of the document. */
  chunk: z.boolean(),
});
export type ParseRequest = z.infer<typeof parseRequestSchema>;

/** What the parse entry did with one input, as the worker saw it. */
const workerResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('parsed'), items: z.number().int().nonnegative(), chunks: z.number().int().nonnegative().nullable() }),
  z.object({ kind: z.literal('clean-error'), code: z.string(), message: z.string() }),
  z.object({ kind: z.literal('crash'), error: z.string() }),
]);
export type WorkerResult = z.infer<typeof workerResultSchema>;

export const fromWorkerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('result'), id: z.number().int().nonnegative(), result: workerResultSchema, ms: z.number().nonnegative() }),
  // An unhandled rejection or uncaught exception, charged to the input running then (or the last one, when idle).
  z.object({ type: z.literal('stray'), id: z.number().int().nonnegative().nullable(), error: z.string() }),
]);
export type FromWorker = z.infer<typeof fromWorkerSchema>;

/** The name, message and first stack frames of anything thrown: enough to find the cause, short enough to read. */
export function describeThrown(thrown: unknown): string {
  if (!(thrown instanceof Error)) return `non-Error thrown: ${String(thrown).slice(0, 500)}`;
  const frames = (thrown.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at ')).slice(0, 8);
  return [`${thrown.name}: ${thrown.message.slice(0, 1000)}`, ...frames].join('\n');
}
