import type { z } from 'zod';
import {
  CANONICAL_SCHEMA_VERSION,
  canonicalDocumentSchema,
  canonicalJsonlLineSchema,
  type CanonicalArtifacts,
  type CanonicalChunk,
  type CanonicalCoverage,
  type CanonicalDocument,
  type CanonicalDocumentInfo,
  type CanonicalHandEdit,
  type CanonicalJsonlLine,
  type ImageArtifact,
  type TableArtifact,
} from './canonical-schema';
import type { Chunk } from '../../../src-shared/chunk';
import { describeIssues, type ChunkingConfig } from '../../../src-shared/config';
import type { DoclingDocument, PictureItem, TableData, TableItem } from '../ir/types';
import { captionOwnersOf, shownItemRefs } from '../ir/shown-items';
import { resolveRef } from '../ir/resolve';
import { StratumError } from '../../../src-shared/errors';
import { boxesOf } from '../chunk/build-chunk';
import { LEFT_OUT_REASONS, type DocumentCoverage } from '../../../src-shared/evaluation';
import { measureCoverage } from '../evaluate/coverage/measure-coverage';

export interface CanonicalSource {
  doc: DoclingDocument;
  /** Content hash of the source file. */
  docId: string;
  sourceFile: string;
  /** The parser's `format`. */
  format: string;
}

export interface CanonicalInput extends CanonicalSource {
  chunks: Iterable<Chunk>;
  config: ChunkingConfig;
  tokenizerId: string;
  documentEnrichments?: CanonicalDocumentInfo['enrichments'];
  /** Artifact file names by item `self_ref`, when the pictures and tables were written as files. */
  artifactFiles?: ReadonlyMap<string, string>;
  /** Whether chunks carry `contextualized_text` (default true); a pipeline that builds its own leaves it out. */
  contextualizedText?: boolean;
  /** Applied to the title and the artifacts' texts (captions, cells), as enrichment masked the chunks' (PII masking). */
  redact?: (text: string) => string;
  /**
   * What of the parse the chunks hold; measured on `chunks` when absent. Enrichment may change a chunk's text (masking),
   * so an enriched export passes the coverage of the chunks the strategy made.
   */
  coverage?: DocumentCoverage;
  /** The hand edits applied to `chunks`, each with its result. */
  handEdits?: CanonicalHandEdit[];
}

/** Chunks and their document as canonical JSON, validated (which also fixes the key order). */
export function toCanonical(input: CanonicalInput): CanonicalDocument {
  const artifactFiles = input.artifactFiles ?? new Map<string, string>();
  const captionOwners = captionOwnersOf(input.doc);
  const withContext = input.contextualizedText ?? true;
  const madeChunks = Array.from(input.chunks);
  const chunks = madeChunks.map((chunk) => toCanonicalChunk(chunk, captionOwners, artifactFiles, withContext));
  const coverage = input.coverage ?? measureCoverage(input.doc, madeChunks);
  return validOutput(canonicalDocumentSchema, {
    schema_version: CANONICAL_SCHEMA_VERSION,
    document: {
      ...redactTitle(documentInfoOf(input, input.documentEnrichments ?? []), input.redact),
      coverage: toCanonicalCoverage(coverage),
    },
    tokenizer: { id: input.tokenizerId, max_tokens: input.config.maxTokens },
    config: input.config,
    ...(input.handEdits ? { hand_edits: input.handEdits } : {}),
    chunks,
    artifacts: redactArtifacts(artifactsOf(input.doc, artifactFiles), input.redact),
  });
}

/** Pretty-printed JSON with a final newline; the same document always gives the same bytes. */
export function serializeCanonical(canonical: CanonicalDocument): string {
  return `${JSON.stringify(validOutput(canonicalDocumentSchema, canonical), null, 2)}\n`;
}

/** One chunk per line, each carrying the document, tokenizer, config and the artifacts it refers to. */
function jsonlLinesOf(canonical: CanonicalDocument): CanonicalJsonlLine[] {
  // every line repeats the document: its coverage without the places, which may be many
  const { places: _places, ...coverageCounts } = canonical.document.coverage;
  const document = { ...canonical.document, coverage: coverageCounts };
  return canonical.chunks.map((chunk) => ({
    schema_version: canonical.schema_version,
    document,
    tokenizer: canonical.tokenizer,
    config: canonical.config,
    chunk,
    artifacts: {
      images: canonical.artifacts.images.filter((image) => chunk.artifacts.images.includes(image.file ?? image.id)),
      tables: canonical.artifacts.tables.filter((table) => chunk.artifacts.tables.includes(table.file ?? table.id)),
    },
  }));
}

export function serializeJsonlLines(lines: readonly CanonicalJsonlLine[]): string {
  return lines.map((line) => `${JSON.stringify(validOutput(canonicalJsonlLineSchema, line))}\n`).join('');
}

export function serializeCanonicalJsonl(canonical: CanonicalDocument): string {
  return serializeJsonlLines(jsonlLinesOf(canonical));
}

/** Reads canonical JSON; a `StratumError('corrupt-file')` naming the first bad fields when it is not. */
export function readCanonical(text: string): CanonicalDocument {
  return validInput(canonicalDocumentSchema, parseJson(text, 'canonical JSON'), 'canonical JSON');
}

export function readCanonicalJsonl(text: string): CanonicalJsonlLine[] {
  return text
    .split('\n')
    .map((line, index) => ({ line, what: `canonical JSONL line ${index + 1}` }))
    .filter(({ line }) => line.trim() !== '')
    .map(({ line, what }) => validInput(canonicalJsonlLineSchema, parseJson(line, what), what));
}

export function documentInfoOf(source: CanonicalSource, enrichments: CanonicalDocumentInfo['enrichments']): CanonicalDocumentInfo {
  const pageCount = Object.keys(source.doc.pages).length;
  return {
    doc_id: source.docId,
    source_file: source.sourceFile,
    format: source.format,
    title: titleOf(source.doc),
    total_pages: pageCount > 0 ? pageCount : null,
    enrichments,
  };
}

function toCanonicalCoverage(coverage: DocumentCoverage): CanonicalCoverage {
  return {
    words: coverage.words,
    in_chunks: coverage.inChunks,
    share: coverage.share,
    furniture: coverage.furniture,
    pictures: coverage.pictures,
    not_in_chunks: coverage.notInChunks,
    left_out: coverage.leftOut.map((entry) => ({ ...entry, description: LEFT_OUT_REASONS[entry.reason] })),
    places: coverage.places.map((place) => ({
      ref: place.ref,
      kind: place.kind,
      reason: place.reason,
      words: place.words,
      page: place.page,
      text_range: place.range,
      source_spans: place.sourceSpans,
      bboxes: place.bboxes,
    })),
  };
}

function toCanonicalChunk(
  chunk: Chunk,
  captionOwners: ReadonlyMap<string, string[]>,
  artifactFiles: ReadonlyMap<string, string>,
  withContext: boolean,
): CanonicalChunk {
  const shown = shownItemRefs(chunk.docItems, captionOwners);
  return {
    id: chunk.id,
    index: chunk.index,
    text: chunk.text,
    ...(withContext ? { contextualized_text: chunk.contextualizedText } : {}),
    token_count: chunk.tokenCount,
    heading_path: chunk.headingPath,
    page_start: chunk.pageStart,
    page_end: chunk.pageEnd,
    source_spans: chunk.sourceSpans,
    context_spans: chunk.contextSpans,
    bboxes: chunk.bboxes,
    doc_items: chunk.docItems,
    first_item: chunk.firstItem,
    last_item: chunk.lastItem,
    parent_id: chunk.parentId,
    layer: chunk.layer,
    sibling_order: chunk.siblingOrder,
    heading_only: chunk.headingOnly,
    content_flags: chunk.contentFlags,
    artifacts: {
      images: uniqueRefs(shown, '#/pictures/').map((ref) => artifactFiles.get(ref) ?? ref),
      tables: uniqueRefs(shown, '#/tables/').map((ref) => artifactFiles.get(ref) ?? ref),
    },
    enrichments: chunk.enrichments,
  };
}

function uniqueRefs(refs: readonly string[], prefix: string): string[] {
  return [...new Set(refs.filter((ref) => ref.startsWith(prefix)))];
}

/** The document's title item, else a `title` from its metadata (front matter, core properties). */
function titleOf(doc: DoclingDocument): string | null {
  const titleItem = doc.texts.find((item) => item.label === 'title' && item.content_layer === 'body');
  if (titleItem) return titleItem.text;
  const metadataTitle = doc.metadata?.['title'];
  return typeof metadataTitle === 'string' ? metadataTitle : null;
}

function artifactsOf(doc: DoclingDocument, artifactFiles: ReadonlyMap<string, string>): CanonicalArtifacts {
  return {
    images: doc.pictures.map((picture): ImageArtifact => ({
      ...placementOf(doc, picture),
      uri: picture.image?.uri ?? null,
      ...fileOf(picture, artifactFiles),
    })),
    tables: doc.tables.map((table): TableArtifact => ({
      ...placementOf(doc, table),
      num_rows: table.data.num_rows,
      num_cols: table.data.num_cols,
      cells: cellGrid(table.data),
      ...fileOf(table, artifactFiles),
    })),
  };
}

function redactTitle(info: CanonicalDocumentInfo, redact: ((text: string) => string) | undefined): CanonicalDocumentInfo {
  return redact && info.title !== null ? { ...info, title: redact(info.title) } : info;
}

function redactArtifacts(artifacts: CanonicalArtifacts, redact: ((text: string) => string) | undefined): CanonicalArtifacts {
  if (!redact) return artifacts;
  const caption = (text: string | null) => (text === null ? null : redact(text));
  return {
    images: artifacts.images.map((image) => ({ ...image, caption: caption(image.caption) })),
    tables: artifacts.tables.map((table) => ({
      ...table,
      caption: caption(table.caption),
      cells: table.cells.map((row) => row.map(redact)),
    })),
  };
}

/** `{ file }` when the item was written as an artifact file; nothing otherwise, so the key stays absent. */
function fileOf(item: TableItem | PictureItem, artifactFiles: ReadonlyMap<string, string>): { file?: string } {
  const file = artifactFiles.get(item.self_ref);
  return file === undefined ? {} : { file };
}

function placementOf(doc: DoclingDocument, item: TableItem | PictureItem): Pick<TableArtifact, 'id' | 'caption' | 'page' | 'bbox'> {
  const captions = item.captions.flatMap((ref) => {
    const caption = resolveRef(doc, ref);
    return caption && 'text' in caption ? [caption.text] : [];
  });
  return {
    id: item.self_ref,
    caption: captions.length > 0 ? captions.join(' ') : null,
    page: item.prov[0]?.page_no ?? null,
    bbox: boxesOf(doc, [item])[0] ?? null,
  };
}

/** Cell texts by row and column; a spanning cell's text fills every position it covers. */
export function cellGrid(data: TableData): string[][] {
  const grid = Array.from({ length: data.num_rows }, () => Array.from({ length: data.num_cols }, () => ''));
  for (const cell of data.table_cells) {
    for (let row = cell.start_row_offset_idx; row < cell.end_row_offset_idx; row++) {
      for (let col = cell.start_col_offset_idx; col < cell.end_col_offset_idx; col++) {
        const cells = grid[row];
        if (cells && col < cells.length) cells[col] = cell.text;
      }
    }
  }
  return grid;
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new StratumError('corrupt-file', `not valid ${what}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function validInput<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new StratumError('corrupt-file', `not valid ${what}: ${describeIssues(result.error, what)}`);
  return result.data;
}

/** What we write must match the published schema; a mismatch is our bug, so it is not a user error. */
export function validOutput<T>(schema: z.ZodType<T>, value: T): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`canonical export does not match its schema: ${describeIssues(result.error, 'document')}`);
  return result.data;
}
