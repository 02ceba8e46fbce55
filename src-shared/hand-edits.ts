import { z } from 'zod';

/**
 * Hand edits: what an analyst fixes that no setting fixes, kept as rules anchored to the source so
 * that they apply again after a config change or a new parse. A rule names source places as
 * `source_spans` do (code points of the source text, or of a page's text for PDF) and carries the
 * words it was made on (coverage words: case folded letter and digit runs), by which it is found
 * again when the text moved. The engine applies them (`src-main/engine/edits/`).
 *
 * ```yaml
 * edits:
 *   - { kind: merge, from: { offset: 120 }, to: { offset: 980 }, first: [the, scope], last: [of, this, part] }
 *   - { kind: split, at: { offset: 1460, page: 3 }, before: [results, are], after: [shown, in, table] }
 * ```
 */
export const HAND_EDIT_KINDS = ['merge', 'split', 'pin', 'exclude'] as const;
export type HandEditKind = (typeof HAND_EDIT_KINDS)[number];

/** Words kept on each side of an anchor: enough to find the place again, few enough to read in a config file. */
export const ANCHOR_WORDS = 6;

const offsetSchema = z.number({ error: 'must be a source offset' }).int({ error: 'must be a source offset' }).nonnegative();

/** A place between two source characters: its code-point offset, in the page's text when the source has pages. */
export const sourcePointSchema = z.strictObject(
  { offset: offsetSchema, page: z.number().int().positive().optional() },
  { error: 'must be { offset, page? }' },
);
export type SourcePoint = z.infer<typeof sourcePointSchema>;

const wordsSchema = z.array(z.string().min(1).max(200), { error: 'must be a list of words' }).max(4 * ANCHOR_WORDS);
const idSchema = z
  .string()
  .regex(/^[\w-]{1,40}$/, { error: 'must be a short id (letters, digits, dashes)' })
  .optional();

/** A source region `[from, to)` with its first and last words. */
const regionFields = {
  id: idSchema,
  from: sourcePointSchema,
  to: sourcePointSchema,
  first: wordsSchema.min(1, { error: 'must name the first words of the region' }),
  last: wordsSchema.min(1, { error: 'must name the last words of the region' }),
};

export const handEditSchema = z.discriminatedUnion(
  'kind',
  [
    /** the chunks from the one holding `from` to the one holding `to`, as one chunk */
    z.strictObject({ kind: z.literal('merge'), ...regionFields }),
    /** the region stays in one chunk: the chunks that cut it are joined */
    z.strictObject({ kind: z.literal('pin'), ...regionFields }),
    /** the region is in no chunk (coverage reports it as left out by hand) */
    z.strictObject({ kind: z.literal('exclude'), ...regionFields }),
    /** a chunk boundary at `at`, between the words `before` and `after` */
    z.strictObject({
      kind: z.literal('split'),
      id: idSchema,
      at: sourcePointSchema,
      before: wordsSchema.min(1, { error: 'must name the words before the split' }),
      after: wordsSchema.min(1, { error: 'must name the words after the split' }),
    }),
  ],
  { error: `must be a hand edit: kind ${HAND_EDIT_KINDS.join(', ')}` },
);
export type HandEdit = z.infer<typeof handEditSchema>;
export type RegionEdit = Extract<HandEdit, { kind: 'merge' | 'pin' | 'exclude' }>;
export type SplitEdit = Extract<HandEdit, { kind: 'split' }>;

/** Far more than an analyst makes on one document; a bound on the work one run does. */
export const MAX_HAND_EDITS = 500;

export const handEditsSchema = z.array(handEditSchema).max(MAX_HAND_EDITS, { error: `must hold at most ${MAX_HAND_EDITS} edits` });

export const HAND_EDIT_STATUSES = ['applied', 'unmatched', 'conflicting'] as const;
export type HandEditStatus = (typeof HAND_EDIT_STATUSES)[number];

/** What became of one rule in one run. */
export const handEditResultSchema = z.object({
  /** position in the rule list, from 0 */
  rule: z.number().int().nonnegative(),
  id: z.string().optional(),
  kind: z.enum(HAND_EDIT_KINDS),
  status: z.enum(HAND_EDIT_STATUSES),
  /** what was done, or why not, in words */
  message: z.string(),
  /** indices of the chunks the rule made or changed, in the run's final numbering */
  chunks: z.array(z.number().int().nonnegative()),
  /** a merged or pinned chunk over the token limit: allowed, and said */
  overLimit: z.boolean(),
});
export type HandEditResult = z.infer<typeof handEditResultSchema>;

/**
 * What a user asks the workbench to make a rule of, on the chunks of the run on screen (indices of
 * that run) or on a place in an item's text (`ref` as in `Chunk.docItems`, `offset` in code points of
 * the item's text as the document view shows it).
 */
export const handEditRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('merge'), chunks: z.array(z.number().int().nonnegative()).min(2).max(1000) }),
  z.object({ kind: z.literal('split'), ref: z.string().min(1).max(200), offset: z.number().int().nonnegative() }),
  z.object({
    kind: z.enum(['pin', 'exclude']),
    from: z.object({ ref: z.string().min(1).max(200), offset: z.number().int().nonnegative() }),
    to: z.object({ ref: z.string().min(1).max(200), offset: z.number().int().nonnegative() }),
  }),
]);
export type HandEditRequest = z.infer<typeof handEditRequestSchema>;
