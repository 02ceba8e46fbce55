import { z } from 'zod';
import type { DoclingDocument } from '../../src-shared/docling/types';

/** Messages between the workbench and a parse thread; both sides validate what they receive. */
export const parseRequestSchema = z.object({
  fileName: z.string().min(1),
  bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'must be bytes'),
  password: z.string().optional(),
});
export type ParseRequest = z.infer<typeof parseRequestSchema>;

export const parseReplySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), progress: z.object({ stage: z.string(), done: z.number(), total: z.number() }) }),
  // The first pages of a long document, while the rest is read (ParseOptions.onPreview)
  z.object({ type: z.literal('preview'), doc: z.custom<DoclingDocument>((value) => typeof value === 'object' && value !== null) }),
  z.object({
    type: z.literal('done'),
    // The IR comes from our own parser on the other side: its shape is the parser's contract, not re-checked here.
    parsed: z.object({ doc: z.custom<DoclingDocument>((value) => typeof value === 'object' && value !== null), docId: z.string(), format: z.string() }),
  }),
  // `code` is a StratumErrorCode (written by the pipeline's errorToWire) or null for a bug
  z.object({ type: z.literal('failed'), error: z.object({ code: z.string().nullable(), message: z.string() }) }),
]);
export type ParseReply = z.infer<typeof parseReplySchema>;
