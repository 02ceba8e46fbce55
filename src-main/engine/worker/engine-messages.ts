import { z } from 'zod';
import { StratumError, type StratumErrorCode } from '../../../src-shared/errors';
import { OCR_MODES } from '../parse/parser';
import { OUTPUT_FORMATS } from '../pipeline-job';

/** The messages between the worker pool and an engine worker; both sides validate what they receive. */

const errorCodes: Record<StratumErrorCode, true> = {
  'unsupported-format': true,
  'corrupt-file': true,
  'empty-file': true,
  encrypted: true,
  'wrong-password': true,
  'too-large': true,
  'invalid-config': true,
  cancelled: true,
  io: true,
};

const bytesSchema = z.custom<Uint8Array>((value) => value instanceof Uint8Array, { error: 'must be a Uint8Array' });

const chunkJobSchema = z.object({
  fileName: z.string().min(1),
  bytes: bytesSchema,
  config: z.unknown(),
  format: z.enum(OUTPUT_FORMATS),
  password: z.string().optional(),
  ocr: z.enum(OCR_MODES).optional(),
  ocrJson: z.object({ fileName: z.string().min(1), bytes: bytesSchema }).optional(),
  documentFolder: z.string().min(1).optional(),
  artifacts: z.object({ folder: z.string().min(1), stem: z.string().min(1).optional(), imageDpi: z.number().positive() }).optional(),
  contextualizedText: z.boolean().optional(),
});

const jobId = z.number().int().nonnegative();

export const toWorkerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('run'), jobId, job: chunkJobSchema }),
  z.object({ type: z.literal('cancel'), jobId }),
]);

/** An error as it crosses the thread boundary: a `StratumError` keeps its code, anything else is a bug (`code: null`). */
const wireErrorSchema = z.object({
  code: z.enum(Object.keys(errorCodes) as [StratumErrorCode, ...StratumErrorCode[]]).nullable(),
  message: z.string(),
});

export const fromWorkerMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('progress'),
    jobId,
    progress: z.object({ stage: z.string(), done: z.number(), total: z.number() }),
  }),
  z.object({
    type: z.literal('done'),
    jobId,
    result: z.object({ output: z.string(), chunkCount: z.number().int().nonnegative(), notes: z.array(z.string()).optional() }),
  }),
  z.object({ type: z.literal('failed'), jobId, error: wireErrorSchema }),
]);

export type ToWorkerMessage = z.infer<typeof toWorkerMessageSchema>;
export type FromWorkerMessage = z.infer<typeof fromWorkerMessageSchema>;
export type WireError = z.infer<typeof wireErrorSchema>;

export function errorToWire(error: unknown): WireError {
  if (error instanceof StratumError) return { code: error.code, message: error.message };
  return { code: null, message: error instanceof Error ? error.message : String(error) };
}

export function errorFromWire(wire: WireError): Error {
  return wire.code === null ? new Error(wire.message) : new StratumError(wire.code, wire.message);
}
