import { z } from 'zod';
import { chunkBoxSchema } from './chunk-place-schemas';
import { configFileSchema } from './config';
import { DOCUMENT_SET_LIMITS } from './document-set';
import { llmConfigSchema } from './pipeline-config';
import { evalQuestionSchema, referenceRangeSchema, retrievalConfigFileSchema, RETRIEVER_KINDS } from './retrieval';

/**
 * The workbench's quality lab (issue 12) as the API carries it: retrieval previews, evaluations, sweeps
 * and question generation run on the workbench thread as lab runs the renderer polls, and where
 * their chunks and reference passages lie in a document, for the views to draw them.
 */

const documentIdSchema = z.string().regex(/^[0-9a-f]{8,64}$/, 'a document id is a hex content hash');
/** The documents retrieval searches: the open document, or the open documents of its set (folder mode). */
const poolDocumentsSchema = z.array(documentIdSchema).min(1).max(DOCUMENT_SET_LIMITS.files);
const labRunIdSchema = z.string().min(1).max(64);

/** Questions a set may hold in the workbench (chunkeval's has 276). */
export const MAX_LAB_QUESTIONS = 5000;
/** Configurations a sweep of the workbench runs (the CLI's sweep file allows more). */
export const MAX_LAB_SWEEP_CONFIGS = 60;

/** A stretch of one item's text (UTF-16 offsets into the text the views show); `whole` for a table or picture. */
export const itemRangeSchema = z.object({ ref: z.string(), start: z.number().int(), end: z.number().int(), whole: z.boolean() });
export type ItemRange = z.infer<typeof itemRangeSchema>;

/** Where source characters lie in a document: the item texts they were read into, and their lines' boxes on the pages. */
export const sourcePlaceSchema = z.object({
  documentId: documentIdSchema,
  items: z.array(itemRangeSchema),
  bboxes: z.array(chunkBoxSchema),
});
export type SourcePlace = z.infer<typeof sourcePlaceSchema>;

export const labSideSchema = z.enum(['A', 'B']);
export type LabSide = z.infer<typeof labSideSchema>;

/** A retrieved chunk as the lab lists it: its rank and score, which document and chunk, and where it lies. */
export const labHitSchema = z.object({
  rank: z.number().int().positive(),
  score: z.number(),
  chunkId: z.string(),
  chunkIndex: z.number().int().nonnegative(),
  corpusId: z.string(),
  documentId: documentIdSchema,
  tokenCount: z.number().int().nonnegative(),
  /** the chunk's first characters */
  excerpt: z.string(),
  place: sourcePlaceSchema,
  /** with expansion: the chunks a reader reads for this hit beyond it */
  expandedTo: z.array(z.object({ chunkIndex: z.number().int(), place: sourcePlaceSchema })).optional(),
});
export type LabHit = z.infer<typeof labHitSchema>;

const common = {
  documentIds: poolDocumentsSchema,
  /** retriever, k, search text, expansion, and the embedding / rerank / llm providers (never keys) */
  settings: retrievalConfigFileSchema,
};
const sidesConfig = { configA: configFileSchema, configB: configFileSchema.optional() };

export const labRunRequestSchema = z.discriminatedUnion('task', [
  z.object({ task: z.literal('search'), ...common, ...sidesConfig, query: z.string().trim().min(1).max(2000) }),
  z.object({
    task: z.literal('evaluate'),
    ...common,
    ...sidesConfig,
    questions: z.array(evalQuestionSchema).min(1).max(MAX_LAB_QUESTIONS),
  }),
  z.object({
    task: z.literal('sweep'),
    ...common,
    questions: z.array(evalQuestionSchema).min(1).max(MAX_LAB_QUESTIONS),
    /** a sweep file (`{base, configs, grid}`, as `stratum eval --sweep` reads), or the sweep form's grid written as one */
    sweepFile: z.object({ fileName: z.string().min(1).max(1024), content: z.string().max(1_000_000) }),
  }),
  z.object({
    task: z.literal('generate'),
    documentId: documentIdSchema,
    llm: llmConfigSchema,
    questionsPerPassage: z.number().int().positive().max(10).default(3),
  }),
]);
export type LabRunRequest = z.input<typeof labRunRequestSchema>;
export type LabTask = LabRunRequest['task'];

const metricSummarySchema = z.object({
  questions: z.number().int(),
  recall: z.number(),
  precision: z.number(),
  iou: z.number(),
  precisionOmega: z.number(),
  recallAtK: z.number(),
  mrr: z.number(),
  ndcgAtK: z.number(),
  tokensRead: z.number(),
});
export type LabMetricSummary = z.infer<typeof metricSummarySchema>;

/** One question's result under one config: its metrics and the chunks it retrieved (places asked for with `getLabQuestion`). */
const labQuestionResultSchema = metricSummarySchema.omit({ questions: true }).extend({
  question: z.number().int(),
  hits: z.array(z.object({ rank: z.number().int(), score: z.number(), chunkId: z.string(), corpusId: z.string() })),
});

export const labEvaluationSchema = z.object({
  side: labSideSchema,
  label: z.string(),
  retriever: z.enum(RETRIEVER_KINDS),
  k: z.number().int(),
  chunks: z.number().int(),
  meanChunkChars: z.number(),
  overall: metricSummarySchema,
  perCorpus: z.record(z.string(), metricSummarySchema),
  questions: z.array(labQuestionResultSchema),
});
export type LabEvaluation = z.infer<typeof labEvaluationSchema>;

export const sweepRowSchema = metricSummarySchema.omit({ questions: true }).extend({
  label: z.string(),
  strategy: z.string(),
  chunks: z.number(),
  meanChunkChars: z.number(),
  paretoRecall: z.boolean(),
  paretoIou: z.boolean(),
});

export const labRunResultSchema = z.discriminatedUnion('task', [
  z.object({
    task: z.literal('search'),
    query: z.string(),
    sides: z.array(z.object({ side: labSideSchema, label: z.string(), hits: z.array(labHitSchema) })),
  }),
  z.object({ task: z.literal('evaluate'), sides: z.array(labEvaluationSchema) }),
  /** the rows as `stratum eval --csv` writes them, and that CSV */
  z.object({ task: z.literal('sweep'), k: z.number().int(), rows: z.array(sweepRowSchema), csv: z.string() }),
  z.object({
    task: z.literal('generate'),
    questions: z.array(evalQuestionSchema),
    /** quoted references not found verbatim in the source, and questions left without any */
    droppedReferences: z.number().int(),
    droppedQuestions: z.number().int(),
  }),
]);
export type LabRunResult = z.infer<typeof labRunResultSchema>;

export const labRunStatusSchema = z.object({
  runId: labRunIdSchema,
  task: z.enum(['search', 'evaluate', 'sweep', 'generate']),
  state: z.enum(['running', 'done', 'failed', 'cancelled']),
  /** what the run does now: `stage` (chunk, index, embed, search, rerank, score, generate), of which config in a sweep */
  progress: z
    .object({ stage: z.string(), done: z.number(), total: z.number(), config: z.number().optional(), configs: z.number().optional() })
    .nullable(),
  result: labRunResultSchema.nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type LabRunStatus = z.infer<typeof labRunStatusSchema>;

/** A question of an evaluation drawn on the documents: its reference passages and each side's retrieved chunks. */
export const labQuestionPlacesSchema = z.object({
  references: z.array(sourcePlaceSchema),
  sides: z.array(z.object({ side: labSideSchema, hits: z.array(labHitSchema) })),
});
export type LabQuestionPlaces = z.infer<typeof labQuestionPlacesSchema>;

export const labApiSchemas = {
  /** Starts a lab run on the workbench thread: poll `getLabRun`, stop with `cancelLabRun`. */
  startLabRun: { request: labRunRequestSchema, response: z.object({ runId: labRunIdSchema }) },
  getLabRun: { request: z.object({ runId: labRunIdSchema }), response: labRunStatusSchema },
  cancelLabRun: { request: z.object({ runId: labRunIdSchema }), response: z.object({ cancelled: z.boolean() }) },
  /** Where a question of a finished evaluation run lies, and what each side retrieved for it. */
  getLabQuestion: {
    request: z.object({ runId: labRunIdSchema, question: z.number().int().nonnegative() }),
    response: labQuestionPlacesSchema,
  },
  /**
   * A question set's file (chunkeval's CSV or the JSON form) read for the pool's documents: every
   * reference checked against its source; questions about documents not in the pool are left out and counted.
   */
  loadQuestionSet: {
    request: z.object({ fileName: z.string().min(1).max(1024), content: z.string().max(64_000_000), documentIds: poolDocumentsSchema }),
    response: z.object({
      questions: z.array(evalQuestionSchema),
      leftOut: z.array(z.object({ corpusId: z.string(), questions: z.number().int() })),
    }),
  },
  /**
   * Passages selected in a document's view as references (code points of the source, or of a page's
   * text for a PDF), with their document's corpus id.
   */
  referencesOfSelection: {
    request: z.object({ documentId: documentIdSchema, ranges: z.array(itemRangeSchema).min(1).max(100) }),
    response: z.object({ corpusId: z.string(), references: z.array(referenceRangeSchema) }),
  },
  /** Where references lie in a document (the question editor draws the passages picked). */
  placesOfReferences: {
    request: z.object({ documentId: documentIdSchema, references: z.array(referenceRangeSchema).max(1000) }),
    response: z.object({ places: z.array(sourcePlaceSchema) }),
  },
} as const;
