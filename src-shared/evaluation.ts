import { z } from 'zod';

/**
 * What the workbench reports about a chunking run: statistics, lint findings and the boundary diff
 * of two runs. Computed by `src-main/engine/evaluate/`, shown by the renderer.
 */

const histogramBinSchema = z.object({
  /** inclusive lower bound in tokens */
  from: z.number(),
  /** exclusive upper bound in tokens (inclusive for the last bin) */
  to: z.number(),
  count: z.number().int().nonnegative(),
});

export const chunkStatsSchema = z.object({
  count: z.number().int().nonnegative(),
  minTokens: z.number(),
  medianTokens: z.number(),
  maxTokens: z.number(),
  meanTokens: z.number(),
  totalTokens: z.number(),
  overLimit: z.number().int().nonnegative(),
  headingOnly: z.number().int().nonnegative(),
  histogram: z.array(histogramBinSchema),
});
export type ChunkStats = z.infer<typeof chunkStatsSchema>;

export const lintRules = [
  'over-limit',
  'heading-only',
  'tiny-orphan',
  'table-split-from-header',
  'caption-split',
  'list-cut-mid-item',
  'sentence-cut',
] as const;
export type LintRule = (typeof lintRules)[number];

export const lintFindingSchema = z.object({
  rule: z.enum(lintRules),
  severity: z.enum(['error', 'warning', 'info']),
  chunkId: z.string(),
  chunkIndex: z.number().int().nonnegative(),
  message: z.string(),
});
export type LintFinding = z.infer<typeof lintFindingSchema>;

/** A chunk start, located by the document item it starts in and the offset inside that item's source span. */
const boundarySchema = z.object({
  /** reading-order index of the chunk's first item */
  itemOrder: z.number().int(),
  /** code-point offset of the chunk start in the source (0 when the strategy gives no spans) */
  offset: z.number(),
  chunkIndex: z.number().int().nonnegative(),
});
export type Boundary = z.infer<typeof boundarySchema>;

export const boundaryDiffSchema = z.object({
  /** boundaries at the same place in A and B */
  unchanged: z.number().int().nonnegative(),
  /** a boundary of A that moved to a nearby place in B (no shared boundary between them) */
  moved: z.array(z.object({ a: boundarySchema, b: boundarySchema })),
  /** in B only */
  appeared: z.array(boundarySchema),
  /** in A only */
  vanished: z.array(boundarySchema),
});
export type BoundaryDiff = z.infer<typeof boundaryDiffSchema>;
