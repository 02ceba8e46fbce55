import { z } from 'zod';
import type { ApiMethodName } from './api-methods';
import type { Chunk } from './chunk';
import { chunkBoxSchema, sourceSpanSchema } from './chunk-place-schemas';
import { chunkingConfigSchema, configFileSchema, MAX_CONFIG_TEXT_LENGTH } from './config';
import { boundaryDiffSchema, chunkStatsSchema, documentCoverageSchema, lintFindingSchema } from './evaluation';
import { exportOptionsSchema, outputFormatSchema } from './export-options';

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
});
export type DocumentItemView = z.infer<typeof documentItemViewSchema>;

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

export const presetSchema = z.object({ name: z.string().min(1).max(80), builtin: z.boolean(), config: configFileSchema });
export type Preset = z.infer<typeof presetSchema>;

export const catalogSchema = z.object({
  strategies: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      /** JSON Schema (draft 2020-12) of the strategy's options; the config panel is generated from it */
      optionsSchema: z.record(z.string(), z.unknown()),
    }),
  ),
  tokenizers: z.array(z.object({ id: z.string(), defaultMaxTokens: z.number().int().positive() })),
  formats: z.array(z.object({ format: z.string(), extensions: z.array(z.string()) })),
});
export type Catalog = z.infer<typeof catalogSchema>;

const bytesSchema = z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'must be bytes');

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
    request: z.object({ documentId: documentIdSchema, config: configFileSchema }),
    response: chunkRunSchema,
  },
  /** One chunk of `chunkDocument`'s run with the same config, whole. */
  getChunk: {
    request: z.object({ documentId: documentIdSchema, config: configFileSchema, index: z.number().int().nonnegative() }),
    response: chunkSchema,
  },
  /** The coverage of `chunkDocument`'s run with the same config. */
  getCoverage: { request: z.object({ documentId: documentIdSchema, config: configFileSchema }), response: runCoverageSchema },
  compareConfigs: {
    request: z.object({ documentId: documentIdSchema, configA: configFileSchema, configB: configFileSchema }),
    response: z.object({ a: chunkRunSchema, b: chunkRunSchema, diff: boundaryDiffSchema }),
  },
  /**
   * The chunks as canonical JSON, JSONL or docling-core chunk JSON; with artifacts, one ZIP holding
   * the file and its artifacts folder (`exportFileNameOf`, `artifactsFolderNameOf`).
   */
  exportChunks: {
    request: exportOptionsSchema.extend({ documentId: documentIdSchema, config: configFileSchema, format: outputFormatSchema }),
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
    }),
    response: presetSchema,
  },
  parseConfigFile: {
    request: z.object({ fileName: fileNameSchema, content: z.string().max(MAX_CONFIG_TEXT_LENGTH) }),
    response: z.object({ config: configFileSchema }),
  },
  getPdfBytes: { request: z.object({ documentId: documentIdSchema }), response: z.object({ bytes: bytesSchema }) },
} as const satisfies Record<ApiMethodName, { request: z.ZodType; response: z.ZodType }>;

export type ApiRequest<M extends ApiMethodName> = z.input<(typeof apiSchemas)[M]['request']>;
export type ApiResponse<M extends ApiMethodName> = z.output<(typeof apiSchemas)[M]['response']>;

/** The API object the renderer uses, whatever the host. Every method rejects with an `ApiCallError` (api-result.ts). */
export type StratumApi = { [M in ApiMethodName]: (request: ApiRequest<M>) => Promise<ApiResponse<M>> };
