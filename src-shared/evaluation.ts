import { z } from 'zod';
import { chunkBoxSchema, sourceSpanSchema } from './chunk-place-schemas';

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
  /** the tokens the strategy keeps its embedded chunks to: what "over the limit" means */
  tokenLimit: z.number().int().positive(),
  /** parents of other chunks (parent-child, layered): not embedded as such, so neither in the histogram nor over the limit */
  parents: z.number().int().nonnegative(),
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

/**
 * What text that reaches no chunk is: furniture (running headers and footers, page and margin line numbers), text
 * inside a picture (a chart's labels, a diagram's text), or body text.
 */
export const leftOutKinds = ['furniture', 'picture', 'body'] as const;
export type LeftOutKind = (typeof leftOutKinds)[number];

/** Why text reaches no chunk; each kind has its reasons (`LEFT_OUT_REASONS`). */
export const leftOutReasons = ['furniture', 'picture-text', 'empty-heading', 'table-cell', 'excluded-by-hand', 'not-chunked'] as const;
export type LeftOutReason = (typeof leftOutReasons)[number];

/** What each reason means, as the workbench shows it and canonical JSON states it. */
export const LEFT_OUT_REASONS: Record<LeftOutReason, string> = {
  furniture: 'running headers, footers, page numbers and margin line numbers: chunkers leave furniture out',
  'picture-text': "text inside a picture (a chart's labels, a diagram's text): chunkers show a picture by its caption",
  'empty-heading': 'a heading with no text under it: the strategy emits no chunk for an empty section (alwaysEmitHeadings keeps it)',
  'table-cell': "table text the table's serialisation leaves out (a triplet table's corner cell, a picture in a cell)",
  'excluded-by-hand': 'body text a hand edit (an exclude rule) took out of the chunks',
  'not-chunked': 'body text the strategy put in no chunk',
};

/** What each reason's words are, in a few words: "25 inside pictures". */
export const LEFT_OUT_LABELS: Record<LeftOutReason, string> = {
  furniture: 'in running headers, footers and page or line numbers',
  'picture-text': 'inside pictures',
  'empty-heading': 'in headings of empty sections',
  'table-cell': 'of tables, not serialised',
  'excluded-by-hand': 'excluded by hand',
  'not-chunked': 'of body text',
};

/** A share as a percentage that never rounds a loss away: 0.0004 shows as "<0.1 %", 0.9996 as ">99.9 %". */
export function percentText(share: number): string {
  if (share > 0 && share < 0.001) return '<0.1 %';
  if (share < 1 && share > 0.999) return '>99.9 %';
  return `${(share * 100).toFixed(1)} %`;
}

/** Words of one item that reach no chunk, consecutive in its text (a table's cells: every cell left out). */
export const coveragePlaceSchema = z.object({
  /** the item (`self_ref`); for table cells, the table */
  ref: z.string(),
  kind: z.enum(leftOutKinds),
  reason: z.enum(leftOutReasons),
  /** the picture whose text this is (kind `picture`) */
  picture: z.string().nullable(),
  words: z.number().int().positive(),
  page: z.number().int().nullable(),
  /** `[start, end)` UTF-16 offsets into the item's text; null for table cells */
  range: z.tuple([z.number().int(), z.number().int()]).nullable(),
  /** the text left out, its first characters when long */
  text: z.string(),
  sourceSpans: z.array(sourceSpanSchema),
  /** top-left page coordinates, like a chunk's boxes */
  bboxes: z.array(chunkBoxSchema),
});
export type CoveragePlace = z.infer<typeof coveragePlaceSchema>;

/**
 * The words of a parse (coverage words, `src-main/engine/evaluate/coverage/`) and what became of
 * them under one config: `words` = `inChunks` + `furniture` + `pictures` + `notInChunks`, the last
 * three counting only words that reach no chunk.
 */
export const documentCoverageSchema = z.object({
  words: z.number().int().nonnegative(),
  inChunks: z.number().int().nonnegative(),
  furniture: z.number().int().nonnegative(),
  pictures: z.number().int().nonnegative(),
  notInChunks: z.number().int().nonnegative(),
  /** inChunks / words; 1 for a document without words */
  share: z.number(),
  /** the words left out, by reason (reasons with none are not listed) */
  leftOut: z.array(z.object({ kind: z.enum(leftOutKinds), reason: z.enum(leftOutReasons), words: z.number().int().positive() })),
  /** every place of text that reaches no chunk, in reading order (body and pictures), then furniture */
  places: z.array(coveragePlaceSchema),
});
export type DocumentCoverage = z.infer<typeof documentCoverageSchema>;

export const lintRules = [
  'over-limit',
  'heading-only',
  'tiny-orphan',
  'table-split-from-header',
  'caption-split',
  'list-cut-mid-item',
  'sentence-cut',
  'heading-path-over-budget',
  'text-not-in-chunks',
] as const;
export type LintRule = (typeof lintRules)[number];

export const lintFindingSchema = z.object({
  rule: z.enum(lintRules),
  severity: z.enum(['error', 'warning', 'info']),
  /** the chunk the finding is about; null for a finding about the document (text in no chunk) */
  chunkId: z.string().nullable(),
  chunkIndex: z.number().int().nonnegative().nullable(),
  message: z.string(),
  /** the document item where the finding lies (the cut, the table, the caption): a jump scrolls the views there */
  ref: z.string().optional(),
  /** where the text a document finding is about lies, in reading order (a jump goes to the first) */
  places: z.array(coveragePlaceSchema).optional(),
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

/**
 * For each chunk of A (by index), the chunks of B that hold some of its source characters, with the
 * share of A's characters and of B's they have in common (Compare A/B's mapping A#n ↔ B#m).
 */
export const chunkCorrespondenceSchema = z.array(
  z.array(z.object({ b: z.number().int().nonnegative(), ofA: z.number().min(0).max(1), ofB: z.number().min(0).max(1) })),
);
export type ChunkCorrespondence = z.infer<typeof chunkCorrespondenceSchema>;
