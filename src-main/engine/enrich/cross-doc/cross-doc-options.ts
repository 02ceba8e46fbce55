import { z } from 'zod';

/** The options of step `cross-doc`, read by its batch phase too. */
export const crossDocOptionsSchema = z.strictObject({
  /** Related chunks kept per chunk, for each method. */
  topK: z.number().int().positive().max(50).default(3),
  /** The least BM25 score kept, as a share of the chunk's score against itself (1: the same words as often). */
  minScore: z.number().min(0).max(10).default(0.2),
  /** The least cosine similarity of two chunks' vectors kept (dense). */
  minSimilarity: z.number().min(-1).max(1).default(0.5),
  /** `auto`: BM25, and dense as well when the pipeline has an `embedding:` block; `bm25` or `dense` alone. */
  method: z.enum(['auto', 'bm25', 'dense']).default('auto'),
  /** With an LLM: a short note on how each pair of chunks relates (one request per pair). */
  explain: z.boolean().default(false),
});
export type CrossDocOptions = z.infer<typeof crossDocOptionsSchema>;
