import { throwIfAborted } from './cancellation';
import { measureCoverage } from './evaluate/coverage/measure-coverage';
import { serializeCanonical, serializeCanonicalJsonl, toCanonical, type CanonicalInput } from './export/canonical';
import type { CanonicalDocument } from './export/canonical-schema';
import { enrichChunks, termStatisticsOf, textsBeforeStep, type EnrichmentOptions, type LlmRunReport } from './enrich/enrich-chunks';
import type { BatchDocument } from './enrich/cross-doc/related-chunks';
import type { PictureImageSource } from './enrich/step';
import type { DoclingDocument, PictureItem } from './ir/types';
import type { Chunk } from '../../src-shared/chunk';
import { picturePngs } from './export/artifacts/picture-png';
import type { BatchTermStatistics } from './enrich/terms/term-statistics';
import { StratumError } from '../../src-shared/errors';
import { writeArtifacts, type WrittenArtifacts } from './export/artifacts/write-artifacts';
import { writeDoclingChunks } from './export/docling-chunks';
import type { OutputFormat } from '../../src-shared/export-options';
import { stemOf } from '../../src-shared/file-names';
import type { OcrMode, ParseInput, ParseOptions, ParseProgress, XlsxValues } from './parse/parser';
import { documentWarnings } from './parse/document-builder';
import { parseDocument, type ChunkingProgress, type ParsedDocument } from './pipeline';
import { chunkWithHandEdits, type EditedChunks } from './edits/edited-chunks';
import type { HandEdit } from '../../src-shared/hand-edits';
import { resolveChunkingConfig, type ResolvedChunkingConfig } from './pipeline-config';

/** One file through parse, chunk and export: the unit of work of the CLI batch and the worker pool. */
export interface ChunkJob extends ExportOptions {
  /** Base name with extension; selects the parser. */
  fileName: string;
  bytes: Uint8Array;
  /** A config as a user writes it; validated in the job. */
  config: unknown;
  password?: string;
  /** Scanned PDF pages: built-in OCR (`auto`, default) or none. */
  ocr?: OcrMode;
  /** An OCR-JSON file whose pages fill the PDF's scanned pages. */
  ocrJson?: ParseInput;
  /** XLSX cells as Docling reads them (`docling`, default) or as the sheet formats them. */
  xlsxValues?: XlsxValues;
  /** The folder the file was read from: relative image paths of HTML and Markdown are read inside it (ParseOptions). */
  documentFolder?: string;
}

export interface ExportOptions {
  format: OutputFormat;
  /** Canonical output only: whether chunks carry `contextualized_text` (default true). */
  contextualizedText?: boolean;
  /** Write the pictures (PNG) and tables (Markdown) as files and name them in the output. */
  artifacts?: ArtifactOptions;
  /** Enrichment steps run over the chunks before they are written (canonical and JSONL output). */
  enrich?: EnrichmentOptions;
  /** Hand edits applied to the strategy's chunks, before enrichment and export. */
  edits?: readonly HandEdit[];
}

/** A parsed document with its source bytes, which its PDF pictures are rendered from. */
export interface ExportSource extends ParsedDocument {
  bytes: Uint8Array;
  password?: string;
}

export interface ArtifactOptions {
  /** Absolute folder the files go to. */
  folder: string;
  /** `{doc_stem}` of the file names; default: the file name without its extension. */
  stem?: string;
  /** Resolution of pictures rendered from PDF pages. */
  imageDpi: number;
}

export interface ChunkJobResult {
  output: string;
  chunkCount: number;
  /** Things the user should know that did not stop the job (pictures without image data). */
  notes?: string[];
  /** What the enrichment asked of its LLM: the estimate before, the usage after (or the estimate alone). */
  llm?: LlmRunReport;
}

/** The resolution pictures are rendered at for a vision LLM when the export writes no artifacts. */
const LLM_PICTURE_DPI = 144;

/** Parse progress, then `{ stage: 'chunk', done: <chunks so far>, total: 0 }` (the total is unknown while chunking). */
export type JobProgress = ParseProgress;

export interface JobOptions {
  signal?: AbortSignal;
  onProgress?: (progress: JobProgress) => void;
}

export async function runChunkJob(job: ChunkJob, options: JobOptions = {}): Promise<ChunkJobResult> {
  const { signal, onProgress } = options;
  const parsed = await parseDocument(job.fileName, job.bytes, { signal, onProgress, ...parseOptionsOf(job) });
  throwIfAborted(signal);
  const progress: ChunkingProgress = { onChunk: (done) => onProgress?.({ stage: 'chunk', done, total: 0 }) };
  return exportParsedDocument(
    { ...parsed, bytes: job.bytes, password: job.password },
    resolveChunkingConfig(job.config),
    job,
    progress,
    signal,
  );
}

/** One file's share of what its batch's steps need of every document (`collectBatchInputs`). */
export interface BatchInputs {
  /** For `keywords`: the file's term statistics. */
  terms?: BatchTermStatistics;
  /** For `cross-doc`: the file's chunks, as the steps before it leave their texts. */
  document?: BatchDocument;
}

/** The step that relates each document to the others of its batch. */
const CROSS_DOC_STEP = 'cross-doc';

/**
 * The first pass of a batch whose steps depend on every document of it (keywords weighed against the
 * batch, cross-document relations): one file parsed and chunked, and its share of what they need.
 */
export async function collectBatchInputs(job: ChunkJob, options: JobOptions = {}): Promise<BatchInputs> {
  const { signal, onProgress } = options;
  const parsed = await parseDocument(job.fileName, job.bytes, { signal, onProgress, ...parseOptionsOf(job) });
  throwIfAborted(signal);
  const chunks = [...chunkWithHandEdits(parsed, resolveChunkingConfig(job.config), job.edits).chunks];
  const steps = job.enrich?.steps ?? [];
  const terms = steps.some((step) => step.name === 'keywords') ? termStatisticsOf(chunks) : undefined;
  const document =
    job.enrich && steps.some((step) => step.name === CROSS_DOC_STEP)
      ? await batchDocumentOf(parsed, job.fileName, chunks, job.enrich, signal)
      : undefined;
  return { ...(terms ? { terms } : {}), ...(document ? { document } : {}) };
}

/** A document's chunks as `cross-doc`'s batch phase relates them (the CLI's batch, the workbench's document set). */
export async function batchDocumentOf(
  document: { doc: DoclingDocument; docId: string },
  fileName: string,
  chunks: readonly Chunk[],
  enrich: EnrichmentOptions,
  signal?: AbortSignal,
): Promise<BatchDocument> {
  return { docId: document.docId, sourceFile: fileName, chunks: await textsBeforeStep(document, chunks, enrich, CROSS_DOC_STEP, signal) };
}

/**
 * Chunks a parsed document and writes the chunks in `options.format`, its artifacts too if asked:
 * the export of the CLI's jobs and of the workbench, which holds its documents parsed.
 */
export async function exportParsedDocument(
  source: ExportSource,
  resolved: ResolvedChunkingConfig,
  options: ExportOptions,
  progress: ChunkingProgress = {},
  signal?: AbortSignal,
): Promise<ChunkJobResult> {
  let chunkCount = 0;
  const counting: ChunkingProgress = {
    onChunk: (done) => {
      chunkCount = done;
      progress.onChunk?.(done);
    },
  };
  const enrich = options.enrich !== undefined && options.enrich.steps.length > 0 ? options.enrich : undefined;
  if (enrich && options.format === 'docling') {
    throw new StratumError(
      'invalid-config',
      'enrichment steps go with canonical or JSONL output (docling chunk JSON has no place for them)',
    );
  }
  // what the parse could not read as it should (a ragged CSV row, a picture without its image) comes first
  const parseNotes = documentWarnings(source.doc);
  const withNotes = (result: ChunkJobResult, notes: readonly string[] = []): ChunkJobResult => {
    const all = [...parseNotes, ...notes];
    return all.length > 0 ? { ...result, notes: all } : result;
  };
  const edited = chunkWithHandEdits(source, resolved, options.edits, counting);
  // hand edits join, split and drop chunks: the count is the edited run's
  if (edited.handEdits) chunkCount = edited.handEdits.chunkCount;
  const editNotes = edited.handEdits?.notes ?? [];
  if (enrich?.llm?.estimateOnly) {
    const run = await enrichChunks(source, [...edited.chunks], enrich, { signal, pictureImages: pictureImagesOf(source, options) });
    return withNotes({ output: '', chunkCount, ...(run.llm ? { llm: run.llm } : {}) }, editNotes);
  }
  if (enrich) {
    const { canonical, notes, llm } = await enrichedCanonical(source, resolved, edited, enrich, options, signal);
    return withNotes({ output: renderCanonical(canonical, options.format), chunkCount, ...(llm ? { llm } : {}) }, [...editNotes, ...notes]);
  }
  const artifacts = options.artifacts ? await writeSourceArtifacts(source, options.artifacts) : undefined;
  const output = renderOutput(source, resolved, options, edited, artifacts?.files);
  return withNotes({ output, chunkCount }, [...editNotes, ...(artifacts?.notes ?? [])]);
}

/** Each picture's image as a vision LLM is shown it: what the export writes as its PNG. */
function pictureImagesOf(source: ExportSource, options: ExportOptions): PictureImageSource {
  const pdf = source.format === 'pdf' ? { bytes: source.bytes, fileName: source.fileName, password: source.password } : undefined;
  const dpi = options.artifacts?.imageDpi ?? LLM_PICTURE_DPI;
  return async (picture: PictureItem) => {
    const [outcome] = await picturePngs(source.doc, [picture], pdf, dpi);
    if (!outcome) return { problem: 'the picture has no image data' };
    if ('problem' in outcome) return { problem: outcome.problem };
    return { dataUrl: `data:image/png;base64,${Buffer.from(outcome.png).toString('base64')}` };
  };
}

function writeSourceArtifacts(
  source: ExportSource,
  options: ArtifactOptions,
  redact?: (text: string) => string,
): Promise<WrittenArtifacts> {
  return writeArtifacts({
    doc: source.doc,
    stem: options.stem ?? stemOf(source.fileName),
    folder: options.folder,
    imageDpi: options.imageDpi,
    pdf: source.format === 'pdf' ? { bytes: source.bytes, fileName: source.fileName, password: source.password } : undefined,
    redact,
  });
}

function renderOutput(
  parsed: ParsedDocument,
  resolved: ResolvedChunkingConfig,
  options: ExportOptions,
  edited: EditedChunks,
  artifactFiles?: ReadonlyMap<string, string>,
): string {
  if (options.format === 'docling') return writeDoclingChunks(parsed.doc, edited.chunks);
  const canonical = toCanonical({
    doc: parsed.doc,
    docId: parsed.docId,
    sourceFile: parsed.fileName,
    format: parsed.format,
    chunks: edited.chunks,
    config: resolved.config,
    tokenizerId: resolved.tokenizer.id,
    artifactFiles,
    contextualizedText: options.contextualizedText,
    ...handEditContent(parsed.doc, edited),
  });
  return renderCanonical(canonical, options.format);
}

/** What canonical JSON says of a run's hand edits: the rules with their results, and the coverage with the text they excluded. */
function handEditContent(doc: DoclingDocument, edited: EditedChunks): Pick<CanonicalInput, 'handEdits' | 'coverage'> {
  if (!edited.handEdits) return {};
  const { records, excludedRefs } = edited.handEdits;
  return { handEdits: records, coverage: measureCoverage(doc, [...edited.chunks], { excludedRefs }) };
}

/**
 * Chunks, enriches and exports: the chunks are all made before the first step, which sees them
 * together; the artifacts are written after the steps, with the texts they masked masked in them too.
 */
async function enrichedCanonical(
  source: ExportSource,
  resolved: ResolvedChunkingConfig,
  edited: EditedChunks,
  enrich: EnrichmentOptions,
  options: ExportOptions,
  signal: AbortSignal | undefined,
): Promise<{ canonical: CanonicalDocument; notes: string[]; llm?: LlmRunReport }> {
  const chunks = [...edited.chunks];
  const coverage = measureCoverage(source.doc, chunks, { excludedRefs: edited.handEdits?.excludedRefs });
  const run = await enrichChunks(source, chunks, enrich, {
    signal,
    pictureImages: pictureImagesOf(source, options),
    countTokens: (text) => resolved.tokenizer.count(text),
  });
  const artifacts = options.artifacts ? await writeSourceArtifacts(source, options.artifacts, run.redact) : undefined;
  const canonical = toCanonical({
    doc: source.doc,
    docId: source.docId,
    sourceFile: source.fileName,
    format: source.format,
    chunks: run.chunks,
    config: resolved.config,
    tokenizerId: resolved.tokenizer.id,
    documentEnrichments: run.documentEnrichments,
    redact: run.redact,
    coverage,
    ...(edited.handEdits ? { handEdits: edited.handEdits.records } : {}),
    artifactFiles: artifacts?.files,
    contextualizedText: options.contextualizedText,
  });
  return { canonical, notes: artifacts?.notes ?? [], ...(run.llm ? { llm: run.llm } : {}) };
}

function renderCanonical(canonical: CanonicalDocument, format: OutputFormat): string {
  return format === 'jsonl' ? serializeCanonicalJsonl(canonical) : serializeCanonical(canonical);
}

/** What of a job the parser reads beside the file. */
function parseOptionsOf({ password, ocr, ocrJson, documentFolder, xlsxValues }: ChunkJob): ParseOptions {
  return { password, ocr, ocrJson, documentFolder, xlsxValues };
}
