import { throwIfAborted } from './cancellation';
import { serializeCanonical, serializeCanonicalJsonl } from './export/canonical';
import { writeArtifacts, type WrittenArtifacts } from './export/artifacts/write-artifacts';
import { writeDoclingChunks } from './export/docling-chunks';
import { stemOf } from '../../src-shared/file-names';
import type { OcrMode, ParseInput, ParseProgress } from './parse/parser';
import { chunkDocument, exportCanonical, parseDocument, type ChunkingProgress, type ParsedDocument } from './pipeline';

/** canonical JSON, its JSONL form (one chunk per line) or docling-core's `{"root": [...]}` chunk JSON. */
export const OUTPUT_FORMATS = ['canonical', 'jsonl', 'docling'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** File extension of each output format. */
export const OUTPUT_EXTENSIONS: Record<OutputFormat, string> = { canonical: '.json', jsonl: '.jsonl', docling: '.json' };

/** One file through parse, chunk and export: the unit of work of the CLI batch and the worker pool. */
export interface ChunkJob {
  /** Base name with extension; selects the parser. */
  fileName: string;
  bytes: Uint8Array;
  /** A config as a user writes it; validated in the job. */
  config: unknown;
  format: OutputFormat;
  password?: string;
  /** Scanned PDF pages: built-in OCR (`auto`, default) or none. */
  ocr?: OcrMode;
  /** An OCR-JSON file whose pages fill the PDF's scanned pages. */
  ocrJson?: ParseInput;
  /** The folder the file was read from: relative image paths of HTML and Markdown are read inside it (ParseOptions). */
  documentFolder?: string;
  /** Write the pictures (PNG) and tables (Markdown) as files and name them in the output. */
  artifacts?: ArtifactOptions;
  /** Canonical output only: whether chunks carry `contextualized_text` (default true). */
  contextualizedText?: boolean;
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
}

/** Parse progress, then `{ stage: 'chunk', done: <chunks so far>, total: 0 }` (the total is unknown while chunking). */
export type JobProgress = ParseProgress;

export interface JobOptions {
  signal?: AbortSignal;
  onProgress?: (progress: JobProgress) => void;
}

export async function runChunkJob(job: ChunkJob, options: JobOptions = {}): Promise<ChunkJobResult> {
  const { signal, onProgress } = options;
  const { password, ocr, ocrJson, documentFolder } = job;
  const parsed = await parseDocument(job.fileName, job.bytes, { signal, onProgress, password, ocr, ocrJson, documentFolder });
  throwIfAborted(signal);
  let chunkCount = 0;
  const progress: ChunkingProgress = {
    onChunk: (done) => {
      chunkCount = done;
      onProgress?.({ stage: 'chunk', done, total: 0 });
    },
  };
  const artifacts = job.artifacts ? await writeJobArtifacts(parsed, job, job.artifacts) : undefined;
  const output = renderOutput(parsed, job, progress, artifacts?.files);
  return { output, chunkCount, ...(artifacts && artifacts.notes.length > 0 ? { notes: artifacts.notes } : {}) };
}

function writeJobArtifacts(parsed: ParsedDocument, job: ChunkJob, options: ArtifactOptions): Promise<WrittenArtifacts> {
  return writeArtifacts({
    doc: parsed.doc,
    stem: options.stem ?? stemOf(job.fileName),
    folder: options.folder,
    imageDpi: options.imageDpi,
    pdf: parsed.format === 'pdf' ? { bytes: job.bytes, fileName: job.fileName, password: job.password } : undefined,
  });
}

function renderOutput(parsed: ParsedDocument, job: ChunkJob, progress: ChunkingProgress, artifactFiles?: ReadonlyMap<string, string>): string {
  const content = { artifactFiles, contextualizedText: job.contextualizedText };
  switch (job.format) {
    case 'docling':
      return writeDoclingChunks(parsed.doc, chunkDocument(parsed.doc, parsed.docId, job.config, progress));
    case 'jsonl':
      return serializeCanonicalJsonl(exportCanonical(parsed, job.config, progress, content));
    case 'canonical':
      return serializeCanonical(exportCanonical(parsed, job.config, progress, content));
  }
}
