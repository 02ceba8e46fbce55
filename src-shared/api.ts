import { z } from 'zod';
import type { ApiMethodName } from './api-methods';
import type { Chunk } from './chunk';
import { chunkBoxSchema, sourceSpanSchema } from './chunk-place-schemas';
import { chunkingConfigSchema, configFileSchema, MAX_CONFIG_TEXT_LENGTH } from './config';
import { boundaryDiffSchema, chunkCorrespondenceSchema, chunkStatsSchema, documentCoverageSchema, lintFindingSchema } from './evaluation';
import { exportOptionsSchema, outputFormatSchema } from './export-options';
import { enrichmentSettingsSchema } from './pipeline-config';
import { DOCUMENT_SET_LIMITS } from './document-set';
import { handEditRequestSchema, handEditResultSchema, handEditSchema, handEditsSchema } from './hand-edits';
import { labApiSchemas } from './lab';

/**
 * The one API the renderer talks to. The Electron preload (IPC) and the browser client (HTTP) both
 * implement `StratumApi`; both hosts validate every request against `apiSchemas` before acting on it
 * and send results back in a `ApiResult` envelope so that typed errors survive the boundary.
 */

const documentIdSchema = z.string().regex(/^[0-9a-f]{8,64}$/, 'a document id is a hex content hash');
const jobIdSchema = z.string().min(1).max(64);
const fileNameSchema = z.string().min(1).max(1024);

export const chunkSchema = z.object({
  id: z.string(),
  index: z.number().int().nonnegative(),
  text: z.string(),
  contextualizedText: z.string(),
  tokenCount: z.number().int().nonnegative(),
  headingPath: z.array(z.string()),
  docItems: z.array(z.string()),
  pageStart: z.number().int().nullable(),
  pageEnd: z.number().int().nullable(),
  bboxes: z.array(chunkBoxSchema),
  sourceSpans: z.array(sourceSpanSchema),
  contextSpans: z.array(sourceSpanSchema),
  parentId: z.string().nullable(),
  layer: z.string().nullable(),
  siblingOrder: z.number().int().nonnegative().nullable(),
  firstItem: z.string().nullable(),
  lastItem: z.string().nullable(),
  contentFlags: z.object({
    has_table: z.boolean(),
    has_image: z.boolean(),
    has_code: z.boolean(),
    has_formula: z.boolean(),
    has_list: z.boolean(),
  }),
  headingOnly: z.boolean(),
  enrichments: z.record(z.string(), z.unknown()),
}) satisfies z.ZodType<Chunk>;

const itemRangeSchema = z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative(), z.number().int().nonnegative()]);

/**
 * Where a chunk lies inside the items it holds in part (items it holds whole are not named): what the text view draws
 * exactly. Each range is `[position in docItems, start, end)`. Asked for per run (`getChunkExtents`) once the run has
 * settled on screen, never with its summaries: reading them back costs more than the option -> chunks path can spare.
 */
export const chunkExtentsSchema = z.object({
  /** UTF-16 ranges of the item's `DocumentItemView.text`, from the chunk's source spans */
  ranges: z.array(itemRangeSchema),
  /** a table's body rows `[first, end)` when the chunk holds only some of them */
  tableRows: z.array(itemRangeSchema),
  /** the items (headings) its context (heading path) was read from */
  contextItems: z.array(z.string()),
});
export type ChunkExtents = z.infer<typeof chunkExtentsSchema>;

/**
 * A chunk as the chunk views draw it: where it lies and how big it is, without its texts, so that a
 * run of a 300-page document crosses to the renderer as a few hundred kilobytes instead of megabytes
 * on every edit. `getChunk` gives a chunk whole (the inspector).
 */
export const chunkSummarySchema = chunkSchema
  .pick({ id: true, index: true, tokenCount: true, docItems: true, pageStart: true, pageEnd: true, bboxes: true, headingOnly: true })
  .extend({
    /** its text's first characters, markup and whitespace left out (src-shared/chunk-start.ts) */
    startNeedle: z.string(),
  });
export type ChunkSummary = z.infer<typeof chunkSummarySchema>;

/** The lines of a PDF page a chunk's source characters lie on, 1-based, in the page's text (README: source spans). */
export const sourceLinesSchema = z.object({
  page: z.number().int(),
  first: z.number().int().positive(),
  last: z.number().int().positive(),
});
export type SourceLines = z.infer<typeof sourceLinesSchema>;

/**
 * What the chunk list shows of a chunk beyond its summary: its first characters, heading path, content and place among
 * layers. Asked for once a run has settled (`getChunkCards`); the whole texts, which a search needs, only when searched
 * (`getChunkTexts`): a long run's texts are megabytes and never delay its chunks.
 */
export const chunkCardSchema = chunkSchema.pick({ headingPath: true, contentFlags: true, parentId: true, layer: true }).extend({
  /** the text's first characters (CHUNK_CARD_PREVIEW_LENGTH code units, never half a code point) */
  preview: z.string(),
  sourceLines: z.array(sourceLinesSchema),
});
export type ChunkCard = z.infer<typeof chunkCardSchema>;

/** How much of a chunk's text its card carries: the three lines a card shows, and some. */
export const CHUNK_CARD_PREVIEW_LENGTH = 320;

export const jobProgressSchema = z.object({ stage: z.string(), done: z.number(), total: z.number() });
export type JobProgress = z.infer<typeof jobProgressSchema>;

const apiErrorSchema = z.object({ code: z.string(), message: z.string() });

export const jobStatusSchema = z.object({
  jobId: jobIdSchema,
  state: z.enum(['running', 'done', 'failed', 'cancelled']),
  progress: jobProgressSchema.nullable(),
  /** set when `state` is `done` */
  documentId: documentIdSchema.nullable(),
  /**
   * While a long document is still being read: a document of its first pages (open like any other),
   * to show until `documentId` is set. Absent when the job gives no preview.
   */
  previewDocumentId: documentIdSchema.optional(),
  /** set when `state` is `failed` */
  error: apiErrorSchema.nullable(),
});
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** A table cell as the text view draws it: `[row, column, rows spanned, columns spanned, header, text]`. */
const gridCellSchema = z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int(), z.boolean(), z.string()]);

export const tableGridViewSchema = z.object({
  rows: z.number().int().nonnegative(),
  columns: z.number().int().nonnegative(),
  /** each cell once (a merged cell at its first row and column), in row order */
  cells: z.array(gridCellSchema),
});
export type TableGridView = z.infer<typeof tableGridViewSchema>;

/** One node of the document as the workbench shows it, in reading order. */
export const documentItemViewSchema = z.object({
  /** the IR item's self_ref, e.g. `#/texts/3`, as in `Chunk.docItems` */
  ref: z.string(),
  label: z.string(),
  text: z.string(),
  /** nesting depth in the body tree, from 1 */
  depth: z.number().int(),
  /** for titles (0) and section headers (1..), else null */
  headingLevel: z.number().int().nullable(),
  page: z.number().int().nullable(),
  contentLayer: z.string(),
  /** a table's or picture's caption text (its name in the outline), else null */
  caption: z.string().nullable(),
  /** a table's cells, to draw it as a grid; absent on other items */
  grid: tableGridViewSchema.optional(),
});
export type DocumentItemView = z.infer<typeof documentItemViewSchema>;

/**
 * An item as the page view's overlay of item types and reading order draws it: its boxes on the pages (top-left origin,
 * as chunk boxes), its label, and its place in the body's reading order (null for furniture, which is in no order).
 */
export const pageItemSchema = z.object({
  ref: z.string(),
  label: z.string(),
  order: z.number().int().nonnegative().nullable(),
  boxes: z.array(chunkBoxSchema),
});
export type PageItem = z.infer<typeof pageItemSchema>;

export const documentViewSchema = z.object({
  documentId: documentIdSchema,
  name: z.string(),
  fileName: z.string(),
  format: z.string(),
  mimeType: z.string(),
  pages: z.array(z.object({ pageNo: z.number().int(), width: z.number(), height: z.number() })),
  items: z.array(documentItemViewSchema),
  /** Whether `getPdfBytes` can serve the page view. */
  hasPdf: z.boolean(),
  /**
   * The parse's headings held against the PDF's outline (bookmarks), its author's heading list, by the
   * outline evaluation's matching rule; null when the document has no outline.
   */
  /**
   * What the parse could not read as it should, in the parser's words (a ragged CSV row, a picture
   * without its image, a page read with OCR): the document's `metadata.warnings`.
   */
  warnings: z.array(z.string()),
  outlineHeadings: z
    .object({
      /** outline entries with a title */
      entries: z.number().int().nonnegative(),
      /** entries a heading of the parse matches */
      matched: z.number().int().nonnegative(),
      /** the parse's titles and section headers */
      headings: z.number().int().nonnegative(),
      /** matched / entries */
      recall: z.number(),
      /** matched / the parse's headings no deeper than the deepest one matched */
      precision: z.number(),
    })
    .nullable(),
});
export type DocumentView = z.infer<typeof documentViewSchema>;

export const chunkRunSchema = z.object({
  /** the config with defaults applied, as canonical JSON records it */
  config: chunkingConfigSchema,
  chunks: z.array(chunkSummarySchema),
  stats: chunkStatsSchema,
  findings: z.array(lintFindingSchema),
  elapsedMs: z.number(),
  /** what became of each hand edit of the run, in the order of its rules; absent without any */
  handEdits: z.array(handEditResultSchema).optional(),
});
export type ChunkRun = z.infer<typeof chunkRunSchema>;

/**
 * How much of the document's text a run's chunks hold, and where the rest lies: asked for once a run
 * is shown (`getCoverage`), so that measuring it never delays the chunks of an edit.
 */
export const runCoverageSchema = z.object({
  coverage: documentCoverageSchema,
  /** the lint finding "text not in any chunk", when some body or picture text is in none */
  finding: lintFindingSchema.nullable(),
});
export type RunCoverage = z.infer<typeof runCoverageSchema>;

/** A preset is a pipeline config: the chunk config and, when it has any, the enrichment steps. */
export const presetSchema = z.object({
  name: z.string().min(1).max(80),
  builtin: z.boolean(),
  config: configFileSchema,
  enrichment: enrichmentSettingsSchema.optional(),
  /** the hand edits saved with it (the pipeline config's `edits:`) */
  edits: handEditsSchema.optional(),
});
export type Preset = z.infer<typeof presetSchema>;

export const catalogSchema = z.object({
  strategies: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      /** JSON Schema (draft 2020-12) of the strategy's options; the config panel is generated from it */
      optionsSchema: z.record(z.string(), z.unknown()),
      /** the one setting that sizes its chunks (the config panel shows it alone); null for a strategy without a size */
      size: z
        .object({
          /** `maxTokens` or one of the strategy's options */
          option: z.string(),
          /** the option saying what the size counts; null when it always counts `unit` */
          unitOption: z.string().nullable(),
          /** what the size counts when no unit option says */
          unit: z.enum(['tokens', 'words', 'characters']),
          /** the option capping chunk size whose unset value is `maxTokens`; null when none */
          limitOption: z.string().nullable(),
        })
        .nullable(),
    }),
  ),
  tokenizers: z.array(z.object({ id: z.string(), defaultMaxTokens: z.number().int().positive() })),
  /** The enrichment steps a pipeline can list, with the JSON Schema of their options (the config panel's step editor) */
  enrichmentSteps: z.array(z.object({ name: z.string(), description: z.string(), optionsSchema: z.record(z.string(), z.unknown()) })),
  formats: z.array(z.object({ format: z.string(), extensions: z.array(z.string()) })),
});
export type Catalog = z.infer<typeof catalogSchema>;

/** One step of an enrichment run as the run log shows it. */
export const enrichmentStepLogSchema = z.object({
  name: z.string(),
  version: z.string(),
  status: z.enum(['done', 'failed', 'skipped']),
  /** why it failed or was skipped */
  message: z.string().optional(),
  milliseconds: z.number(),
  /** per-chunk results taken from the enrichment cache, and computed */
  cacheHits: z.number().int().nonnegative(),
  cacheMisses: z.number().int().nonnegative(),
  /** what a step asked of an LLM (requests, tokens, cost), when it reports it */
  llm: z.record(z.string(), z.unknown()).optional(),
});
export type EnrichmentStepLog = z.infer<typeof enrichmentStepLogSchema>;

/** What the chunk list filters on and the views mark, per chunk of the run (the inspector fetches the rest). */
export const chunkEnrichmentSummarySchema = z.object({
  keywords: z.array(z.string()),
  topic: z.object({ id: z.number().int(), label: z.string() }).nullable(),
  /** personal-data spans in the chunk text */
  piiCount: z.number().int().nonnegative(),
  /** intra-document references in the chunk text, and those resolved to a chunk */
  references: z.object({ found: z.number().int().nonnegative(), resolved: z.number().int().nonnegative() }),
});
export type ChunkEnrichmentSummary = z.infer<typeof chunkEnrichmentSummarySchema>;

/** The enrichments of a run: the run log, the document's results and each chunk's summary. */
export const enrichmentViewSchema = z.object({
  steps: z.array(enrichmentStepLogSchema),
  /**
   * What the LLM steps ask of the pipeline's LLM: the estimate, counted before anything is sent, and
   * what the provider counted once the user let the run send (`sent`); null without LLM steps or LLM.
   */
  llm: z.object({ model: z.string(), estimate: z.string(), usage: z.string().nullable(), sent: z.boolean() }).nullable(),
  elapsedMs: z.number(),
  /** `document.enrichments` as canonical JSON writes it: `{name, version, timestamp, ...}` per step */
  document: z.array(z.record(z.string(), z.unknown())),
  /** by chunk index of the run */
  chunks: z.array(chunkEnrichmentSummarySchema),
  /** the personal data found in the document, as it reads in the document's text: the document view marks it */
  piiValues: z.array(z.object({ label: z.string(), text: z.string() })),
});
export type EnrichmentView = z.infer<typeof enrichmentViewSchema>;

const enrichmentRunIdSchema = z.string().min(1).max(64);

export const enrichmentStatusSchema = z.object({
  runId: enrichmentRunIdSchema,
  state: z.enum(['running', 'done', 'failed', 'cancelled']),
  progress: z.object({ step: z.string(), done: z.number(), total: z.number() }).nullable(),
  /** set when `state` is `done` */
  result: enrichmentViewSchema.nullable(),
  /** set when `state` is `failed` */
  error: apiErrorSchema.nullable(),
});
export type EnrichmentStatus = z.infer<typeof enrichmentStatusSchema>;

const bytesSchema = z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'must be bytes');

/** The largest thumbnail `getPictureThumbnail` draws: a preview, never the picture itself. */
export const MAX_THUMBNAIL_SIDE = 512;

/** A picture scaled down to a preview PNG, or why it has none (no image kept, a vector drawing). */
export const pictureThumbnailSchema = z.union([
  z.object({ png: bytesSchema, width: z.number().int().positive(), height: z.number().int().positive() }),
  z.object({ png: z.null(), problem: z.string() }),
]);
export type PictureThumbnail = z.infer<typeof pictureThumbnailSchema>;

/**
 * The documents of the folder (document set) a document was opened with, itself among them, in the
 * set's order: the `cross-doc` step relates the chunks of all of them (folder mode).
 */
const documentSetSchema = z.array(documentIdSchema).max(DOCUMENT_SET_LIMITS.files).optional();

/**
 * The hand edits held with a config (its pipeline's `edits:`), applied to its chunks: every call
 * that names a config's chunks takes them beside it, so that a change of the config applies them again.
 */
const editsSchema = handEditsSchema.optional();

/** A rule list changed, and the run of the config with it (its `handEdits` report says what became of each rule). */
const editedRunSchema = z.object({ edits: handEditsSchema, run: chunkRunSchema });

/** Request and response schema of every method. */
export const apiSchemas = {
  openDocument: {
    request: z.object({ fileName: fileNameSchema, bytes: bytesSchema, password: z.string().optional() }),
    response: z.object({ jobId: jobIdSchema }),
  },
  getJob: { request: z.object({ jobId: jobIdSchema }), response: jobStatusSchema },
  cancelJob: { request: z.object({ jobId: jobIdSchema }), response: z.object({ cancelled: z.boolean() }) },
  getDocument: { request: z.object({ documentId: documentIdSchema }), response: documentViewSchema },
  chunkDocument: {
    request: z.object({ documentId: documentIdSchema, config: configFileSchema, edits: editsSchema }),
    response: chunkRunSchema,
  },
  /**
   * Makes a rule of what the user picked on the run of `config` with `edits` (chunk indices of that
   * run, or places in item texts), anchored to the source, appends it to `edits` and runs again.
   */
  addHandEdit: {
    request: z.object({ documentId: documentIdSchema, config: configFileSchema, edits: handEditsSchema, edit: handEditRequestSchema }),
    response: editedRunSchema,
  },
  /** `edits` without the rule `id`, and the run again. */
  removeHandEdit: {
    request: z.object({ documentId: documentIdSchema, config: configFileSchema, edits: handEditsSchema, id: z.string().min(1).max(40) }),
    response: editedRunSchema,
  },
  /** Each rule with what became of it on the run of `config` (the hand edits panel). */
  listHandEdits: {
    request: z.object({ documentId: documentIdSchema, config: configFileSchema, edits: handEditsSchema }),
    response: z.object({ rules: z.array(z.object({ edit: handEditSchema, result: handEditResultSchema })) }),
  },
  /** One chunk of `chunkDocument`'s run with the same config, whole; with `enrichment`, as that pipeline enriches it. */
  getChunk: {
    request: z.object({
      documentId: documentIdSchema,
      config: configFileSchema,
      edits: editsSchema,
      index: z.number().int().nonnegative(),
      enrichment: enrichmentSettingsSchema.optional(),
      /** as `startEnrichment`'s */
      sendToLlm: z.boolean().optional(),
      documentSet: documentSetSchema,
    }),
    response: chunkSchema,
  },
  /** The chunk list's cards of `chunkDocument`'s run with the same config, by chunk index. */
  getChunkCards: {
    request: z.object({ documentId: documentIdSchema, config: configFileSchema, edits: editsSchema }),
    response: z.object({ cards: z.array(chunkCardSchema) }),
  },
  /** The extents of `chunkDocument`'s run with the same config, by chunk index: what the text view draws exactly. */
  getChunkExtents: {
    request: z.object({ documentId: documentIdSchema, config: configFileSchema, edits: editsSchema }),
    response: z.object({ extents: z.array(chunkExtentsSchema) }),
  },
  /** The texts of `chunkDocument`'s run with the same config, by chunk index: what the chunk list searches. */
  getChunkTexts: {
    request: z.object({ documentId: documentIdSchema, config: configFileSchema, edits: editsSchema }),
    response: z.object({ texts: z.array(z.string()) }),
  },
  /** The coverage of `chunkDocument`'s run with the same config. */
  getCoverage: {
    request: z.object({ documentId: documentIdSchema, config: configFileSchema, edits: editsSchema }),
    response: runCoverageSchema,
  },
  /**
   * Enriches the chunks of `chunkDocument`'s run with the same config, in the background: poll
   * `getEnrichment`. A start for another config of the document cancels the one running.
   */
  startEnrichment: {
    request: z.object({
      documentId: documentIdSchema,
      config: configFileSchema,
      edits: editsSchema,
      enrichment: enrichmentSettingsSchema,
      /**
       * Whether the LLM steps may send their requests: the user confirmed the estimate. Without it a
       * pipeline with an LLM only estimates them (its view's `llm`), and its LLM steps write nothing.
       */
      sendToLlm: z.boolean().optional(),
      documentSet: documentSetSchema,
    }),
    response: z.object({ runId: enrichmentRunIdSchema }),
  },
  getEnrichment: { request: z.object({ runId: enrichmentRunIdSchema }), response: enrichmentStatusSchema },
  cancelEnrichment: { request: z.object({ runId: enrichmentRunIdSchema }), response: z.object({ cancelled: z.boolean() }) },
  compareConfigs: {
    request: z.object({
      documentId: documentIdSchema,
      configA: configFileSchema,
      configB: configFileSchema,
      editsA: editsSchema,
      editsB: editsSchema,
    }),
    response: z.object({ a: chunkRunSchema, b: chunkRunSchema, diff: boundaryDiffSchema, correspondence: chunkCorrespondenceSchema }),
  },
  /**
   * Both sides of a comparison enriched, each by its own steps (a side without steps is not): the
   * enrichments of `configA` with `enrichmentA` are those `startEnrichment` gives A.
   */
  compareEnrichments: {
    request: z.object({
      documentId: documentIdSchema,
      configA: configFileSchema,
      enrichmentA: enrichmentSettingsSchema.optional(),
      editsA: editsSchema,
      configB: configFileSchema,
      enrichmentB: enrichmentSettingsSchema.optional(),
      editsB: editsSchema,
    }),
    response: z.object({ a: enrichmentViewSchema.nullable(), b: enrichmentViewSchema.nullable() }),
  },
  /**
   * The chunks as canonical JSON, JSONL or docling-core chunk JSON; with artifacts, one ZIP holding
   * the file and its artifacts folder (`exportFileNameOf`, `artifactsFolderNameOf`).
   */
  exportChunks: {
    request: exportOptionsSchema.extend({
      documentId: documentIdSchema,
      config: configFileSchema,
      edits: editsSchema,
      format: outputFormatSchema,
      /** the pipeline's steps, run over the chunks before they are written (canonical and JSONL) */
      enrichment: enrichmentSettingsSchema.optional(),
      /** the user confirmed the LLM estimate: the LLM steps may send (else they run as without an LLM) */
      sendToLlm: z.boolean().optional(),
    }),
    response: z.object({
      fileName: z.string(),
      mimeType: z.string(),
      content: z.union([z.string(), bytesSchema]),
      /** what the export could not include (pictures without image data), for the user to read */
      notes: z.array(z.string()),
    }),
  },
  getCatalog: { request: z.object({}), response: catalogSchema },
  countTokens: {
    request: z.object({ text: z.string().max(10_000_000), tokenizers: z.array(z.string()).max(16) }),
    response: z.object({ counts: z.array(z.object({ tokenizer: z.string(), count: z.number().int().nonnegative() })) }),
  },
  listPresets: { request: z.object({}), response: z.object({ presets: z.array(presetSchema) }) },
  savePreset: {
    request: z.object({
      name: z.string().regex(/^[\w .-]{1,80}$/, 'a preset name uses letters, digits, spaces, dots and dashes'),
      config: configFileSchema,
      enrichment: enrichmentSettingsSchema.optional(),
      edits: editsSchema,
    }),
    response: presetSchema,
  },
  parseConfigFile: {
    request: z.object({ fileName: fileNameSchema, content: z.string().max(MAX_CONFIG_TEXT_LENGTH) }),
    /** a pipeline config file: its chunk config, and its steps when it lists any */
    response: z.object({ config: configFileSchema, enrichment: enrichmentSettingsSchema.optional(), edits: editsSchema }),
  },
  getPdfBytes: { request: z.object({ documentId: documentIdSchema }), response: z.object({ bytes: bytesSchema }) },
  getPictureThumbnail: {
    request: z.object({ documentId: documentIdSchema, ref: z.string().max(64), maxSide: z.number().int().min(16).max(MAX_THUMBNAIL_SIDE) }),
    response: pictureThumbnailSchema,
  },
  /** The document's items with their boxes on the pages, body in reading order, then furniture: asked for when the overlay shows. */
  getPageItems: { request: z.object({ documentId: documentIdSchema }), response: z.object({ items: z.array(pageItemSchema) }) },
  ...labApiSchemas,
} as const satisfies Record<ApiMethodName, { request: z.ZodType; response: z.ZodType }>;

export type ApiRequest<M extends ApiMethodName> = z.input<(typeof apiSchemas)[M]['request']>;
export type ApiResponse<M extends ApiMethodName> = z.output<(typeof apiSchemas)[M]['response']>;

/** The API object the renderer uses, whatever the host. Every method rejects with an `ApiCallError` (api-result.ts). */
export type StratumApi = { [M in ApiMethodName]: (request: ApiRequest<M>) => Promise<ApiResponse<M>> };
