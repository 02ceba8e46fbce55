import { z } from 'zod';
import { chunkingConfigSchema } from '../../../src-shared/config';
import { leftOutKinds, leftOutReasons } from '../../../src-shared/evaluation';
import { HAND_EDIT_STATUSES, handEditSchema } from '../../../src-shared/hand-edits';
import { chunkEnrichmentsSchema, documentEnrichmentSchema } from './canonical-enrichments-schema';

/**
 * Stratum canonical JSON: what a RAG pipeline ingests. A superset of Stratum canonical v1.2 (every
 * v1.2 field keeps its name and meaning); `schema_version` is `1.2.<minor additions>`, so a v1.2
 * consumer reads it unchanged, except an export asked to leave out `contextualized_text`. The key order of every object is the order of its schema below; the
 * writer serialises the validated (re-ordered) object, which makes the bytes deterministic.
 */
export const CANONICAL_SCHEMA_VERSION = '1.2.4';

const refSchema = z
  .string()
  .regex(/^#\/(body|furniture|\w+\/\d+)$/)
  .describe('A JSON pointer into the DoclingDocument, e.g. `#/texts/3`.');

const artifactFileSchema = z
  .string()
  .regex(/^[^/\\]+_(img_\d{3,}\.png|table_\d{3,}\.md)$/)
  .describe('An artifact file in the artifacts folder: `{doc_stem}_img_{NNN}.png` or `{doc_stem}_table_{NNN}.md`.');

const artifactEntrySchema = z.union([artifactFileSchema, refSchema]);

export const chunkBoxSchema = z
  .object({
    page: z.number().int().positive(),
    l: z.number(),
    t: z.number(),
    r: z.number(),
    b: z.number(),
  })
  .describe('A bounding box in page coordinates with the origin at the top left (y grows downwards).');

const contentFlagsSchema = z.object({
  has_table: z.boolean(),
  has_image: z.boolean(),
  has_code: z.boolean(),
  has_formula: z.boolean(),
  has_list: z.boolean(),
});

const offsetSchema = z.number().int().nonnegative();

const sourceSpanSchema = z
  .union([z.tuple([offsetSchema, offsetSchema]), z.tuple([offsetSchema, offsetSchema, z.number().int().positive()])])
  .describe(
    "`[start, end)` code points of the source file (Markdown, TXT, HTML), or `[start, end, page]` of that page's text " +
      '(PDF, OCR: every line of the page in reading order joined by "\\n").',
  );

const canonicalChunkSchema = z.object({
  id: z.string().min(1).describe('Deterministic: the same document, config and span always give the same id.'),
  index: z.number().int().nonnegative().describe('Position in document order, from 0.'),
  text: z.string(),
  contextualized_text: z
    .string()
    .optional()
    .describe(
      'What is embedded: heading path and captions before the text. Absent when the export left it out (`stratum chunk --no-contextualized-text`).',
    ),
  token_count: z.number().int().nonnegative().describe('Tokens of `contextualized_text` under `tokenizer.id`.'),
  heading_path: z.array(z.string()),
  page_start: z.number().int().positive().nullable(),
  page_end: z.number().int().positive().nullable(),
  source_spans: z
    .array(sourceSpanSchema)
    .describe(
      "The source characters the chunk's own text came from, exactly: a chunk cut inside an item names its part only, a chunk " +
        "holding some rows of a table those rows' cells only; overlap is named by both chunks. `[start, end)` code points of the " +
        'file for Markdown, TXT and HTML (HTML: the text nodes, never a tag; a character reference whole); `[start, end, page]` ' +
        "of the page text for PDF, a scanned page's being the text its OCR read. Characters the chunk text adds have none: list " +
        "markers, table pipes and rules, triplet joints, Markdown emphasis, escapes' backslashes, link targets, joining spaces and " +
        'newlines. Sorted by page, then start; disjoint. Empty where the format has no source text (DOCX, DoclingDocument JSON, ' +
        'OCR-JSON, CSV, XLSX, PPTX, layout-engine JSON), for every item.',
    ),
  context_spans: z
    .array(sourceSpanSchema)
    .describe(
      'What the chunk is embedded with or repeats as context, not its own text: the source of the heading path in ' +
        '`contextualized_text`, and of a table header repeated over its rows (a triplet table: the column labels after its first row).',
    ),
  bboxes: z
    .array(chunkBoxSchema)
    .describe(
      "Where the chunk's characters lie: for PDF the boxes of exactly their lines (of a table, the lines of the cells it holds; " +
        'of a scanned page, the OCR lines), else the boxes of its items.',
    ),
  doc_items: z.array(refSchema).describe('The DoclingDocument items the chunk came from, in order.'),
  first_item: refSchema.nullable().describe('The first of `doc_items`: the item the chunk begins in.'),
  last_item: refSchema.nullable().describe('The last of `doc_items`: the item the chunk ends in.'),
  parent_id: z.string().nullable(),
  layer: z.string().nullable(),
  sibling_order: z
    .number()
    .int()
    .nonnegative()
    .nullable()
    .describe('Position among the chunks with the same `parent_id`, from 0, where the strategy builds layers; null otherwise.'),
  heading_only: z.boolean(),
  content_flags: contentFlagsSchema,
  artifacts: z
    .object({ images: z.array(artifactEntrySchema), tables: z.array(artifactEntrySchema) })
    .describe('The document-level artifacts this chunk contains, each named by its `file` when it has one, else by its `id`.'),
  enrichments: chunkEnrichmentsSchema,
});

const tableArtifactSchema = z.object({
  id: refSchema,
  caption: z.string().nullable(),
  page: z.number().int().positive().nullable(),
  bbox: chunkBoxSchema.nullable(),
  num_rows: z.number().int().nonnegative(),
  num_cols: z.number().int().nonnegative(),
  cells: z.array(z.array(z.string())).describe('The grid of cell texts, row by row; spanned cells repeat their text.'),
  file: artifactFileSchema.optional().describe('The table as a Markdown file, when artifacts were written.'),
});

const imageArtifactSchema = z.object({
  id: refSchema,
  caption: z.string().nullable(),
  page: z.number().int().positive().nullable(),
  bbox: chunkBoxSchema.nullable(),
  uri: z.string().nullable().describe('The image as a URI (often a data: URI) when the source carried one.'),
  file: artifactFileSchema.optional().describe('The image as a PNG file, when artifacts were written and it could be drawn.'),
});

const artifactsSchema = z.object({
  images: z.array(imageArtifactSchema),
  tables: z.array(tableArtifactSchema),
});

export const canonicalDocumentInfoSchema = z.object({
  doc_id: z.string().min(1).describe('Content hash of the source file.'),
  source_file: z.string(),
  format: z.string().describe('The parser that read it, e.g. `markdown`, `pdf`, `docling-json`.'),
  title: z.string().nullable(),
  total_pages: z.number().int().nonnegative().nullable(),
  enrichments: z
    .array(documentEnrichmentSchema)
    .describe('The log of the enrichment steps that ran, in order, with their document-level results.'),
});

const wordCountSchema = z.number().int().nonnegative();

const leftOutSchema = z.object({
  kind: z.enum(leftOutKinds).describe('`furniture`, `picture` (text inside a picture) or `body`.'),
  reason: z.enum(leftOutReasons),
  words: wordCountSchema,
  description: z.string().describe('What the reason means.'),
});

const coveragePlaceSchema = z.object({
  ref: refSchema.describe('The item whose words these are; for table cells, the table.'),
  kind: z.enum(leftOutKinds),
  reason: z.enum(leftOutReasons),
  words: z.number().int().positive(),
  page: z.number().int().positive().nullable(),
  text_range: z
    .tuple([offsetSchema, offsetSchema])
    .nullable()
    .describe("`[start, end)` UTF-16 offsets into the item's text; null for table cells."),
  source_spans: z.array(sourceSpanSchema),
  bboxes: z.array(chunkBoxSchema),
});

const coverageCountsSchema = z.object({
  words: wordCountSchema.describe("Every word of the parse: body, furniture, pictures' text, table cells."),
  in_chunks: wordCountSchema.describe('Words some chunk holds, in its text or heading path.'),
  share: z.number().min(0).max(1).describe('`in_chunks` / `words` (1 for a document without words).'),
  furniture: wordCountSchema.describe('Words of running headers, footers, page numbers and margin line numbers that no chunk holds.'),
  pictures: wordCountSchema.describe('Words inside pictures (labels of charts, text of diagrams) that no chunk holds.'),
  not_in_chunks: wordCountSchema.describe('Body words that no chunk holds.'),
  left_out: z.array(leftOutSchema).describe('The words no chunk holds, by reason.'),
});

const canonicalCoverageSchema = coverageCountsSchema
  .extend({
    places: z
      .array(coveragePlaceSchema)
      .describe('Where the words no chunk holds lie: a run of such words in one item each, body and pictures first, then furniture.'),
  })
  .describe(
    'What of the parse reaches the chunks. Words are runs of letters and digits (NFKC, case folded; Han and kana one per ' +
      'character; Thai, Lao, Khmer, Myanmar and the Tai scripts, written without spaces between words, one per letter ' +
      'with its marks); `words` = `in_chunks` + `furniture` + `pictures` + `not_in_chunks`.',
  );

const tokenizerInfoSchema = z.object({
  id: z.string().min(1),
  max_tokens: z.number().int().positive(),
});

const schemaVersionSchema = z.string().regex(/^1\.2(\.\d+)?$/);

const handEditRecordSchema = z.object({
  edit: handEditSchema.describe('The rule as the pipeline config lists it.'),
  status: z.enum(HAND_EDIT_STATUSES),
  message: z
    .string()
    .describe('What was done, or why not (unmatched: its anchor was not found again; conflicting: an earlier rule stops it).'),
  chunks: z.array(z.number().int().nonnegative()).describe('Indices of the chunks it made or changed.'),
  over_limit: z.boolean().describe('A joined chunk over the token limit: allowed, and said.'),
});

export const canonicalDocumentSchema = z
  .object({
    schema_version: schemaVersionSchema,
    document: canonicalDocumentInfoSchema.extend({ coverage: canonicalCoverageSchema }),
    tokenizer: tokenizerInfoSchema,
    config: chunkingConfigSchema,
    hand_edits: z
      .array(handEditRecordSchema)
      .optional()
      .describe('The hand edits of the pipeline config, in the order they were applied, each with what became of it; absent without any.'),
    chunks: z.array(canonicalChunkSchema),
    artifacts: artifactsSchema,
  })
  .meta({ title: 'Stratum canonical JSON', description: 'Chunks of one document as a RAG pipeline ingests them.' });

/** One line of the JSONL form: one chunk, with the document fields repeated for vector-store loaders. */
export const canonicalJsonlLineSchema = z.object({
  schema_version: schemaVersionSchema,
  document: canonicalDocumentInfoSchema.extend({
    coverage: coverageCountsSchema.describe('The counts of the canonical JSON `document.coverage`, without its places.'),
  }),
  tokenizer: tokenizerInfoSchema,
  config: chunkingConfigSchema,
  chunk: canonicalChunkSchema,
  artifacts: artifactsSchema.describe('The document-level artifacts this chunk refers to.'),
});

export type CanonicalChunk = z.infer<typeof canonicalChunkSchema>;
export type CanonicalDocument = z.infer<typeof canonicalDocumentSchema>;
export type CanonicalDocumentInfo = z.infer<typeof canonicalDocumentInfoSchema>;
export type CanonicalCoverage = z.infer<typeof canonicalCoverageSchema>;
export type CanonicalArtifacts = z.infer<typeof artifactsSchema>;
export type CanonicalJsonlLine = z.infer<typeof canonicalJsonlLineSchema>;
export type CanonicalHandEdit = z.infer<typeof handEditRecordSchema>;
export type TableArtifact = z.infer<typeof tableArtifactSchema>;
export type ImageArtifact = z.infer<typeof imageArtifactSchema>;
