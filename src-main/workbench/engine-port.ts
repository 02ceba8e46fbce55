import type { Chunk } from '../../src-shared/chunk';
import type { ChunkingConfig, ConfigFile } from '../../src-shared/config';
import type { DoclingDocument } from '../engine/ir/types';
import type { OutlineEntry } from '../engine/parse/pdf/pdf-outline';
import type { Catalog, JobProgress } from '../../src-shared/api';
import type { OutputFormat } from '../../src-shared/export-options';
import type { EnrichmentSettings } from '../../src-shared/pipeline-config';
import type { HandEdit, HandEditRequest, HandEditResult } from '../../src-shared/hand-edits';
import type { EnrichmentProgress, EnrichmentRun } from '../engine/enrich/run-enrichment';
import type { EnrichmentOptions, LlmRunReport } from '../engine/enrich/enrich-chunks';

/** A parsed source file as the workbench keeps it. */
export interface LoadedDocument {
  /** content hash of the source bytes */
  docId: string;
  fileName: string;
  format: string;
  mimeType: string;
  doc: DoclingDocument;
  /** about how much memory `doc` takes (approximateByteSize): what the workbench's caches weigh it by, with `bytes` */
  irBytes: number;
  /** the source bytes, kept for the PDF page view and the pictures an export renders from its pages */
  bytes: Uint8Array;
  /** a text format's decoded text, which its source spans index (strategies that cut the file itself read it) */
  sourceText?: string;
  /** the password an encrypted PDF was opened with (the pictures an export renders need it) */
  password?: string;
  /** a PDF's outline (bookmarks), flattened in reading order; empty when it has none, or is no PDF or a preview */
  outline?: OutlineEntry[];
}

export interface ExportRequest {
  format: OutputFormat;
  /** whether chunks carry `contextualized_text` */
  contextualizedText: boolean;
  /** write the pictures and tables as files into `folder` and name them in the export */
  artifacts?: { folder: string; imageDpi: number };
  /** the pipeline's steps, run over the chunks before they are written */
  enrichment?: EnrichmentSettings;
  /** the pipeline's LLM with its key, when the user let its steps send */
  llm?: EnrichmentOptions['llm'];
  /** the hand edits applied to the chunks */
  edits?: readonly HandEdit[];
}

export interface ExportedChunks {
  output: string;
  /** what the export could not include (pictures without image data) */
  notes: string[];
}

export interface ChunkedDocument {
  config: ChunkingConfig;
  /** the limit the strategy keeps its embedded chunks to (ResolvedChunkingConfig.tokenLimit) */
  tokenLimit: number;
  chunks: Chunk[];
  /** what became of the hand edits, and the items they excluded; absent without edits */
  handEdits?: { report: HandEditResult[]; excludedRefs: ReadonlySet<string> };
}

/**
 * What the workbench needs from the engine. The hosts and the tests pass `createEngine()`
 * (engine-adapter.ts); the seam keeps the service free of worker and registry wiring.
 */
export interface WorkbenchEngine {
  parse(
    input: { fileName: string; bytes: Uint8Array; password?: string },
    options: {
      signal: AbortSignal;
      onProgress: (progress: JobProgress) => void;
      /** a document of the first pages of a long document, while the rest is read (its `docId` is the whole document's) */
      onPreview?: (preview: LoadedDocument) => void;
    },
  ): Promise<LoadedDocument>;
  /** the strategy's chunks with `edits` applied */
  chunk(document: LoadedDocument, config: ConfigFile, edits?: readonly HandEdit[]): Promise<ChunkedDocument>;
  /** a rule made of what the user picked on `chunks` (a run of the document) */
  makeHandEdit(document: LoadedDocument, chunks: readonly Chunk[], request: HandEditRequest): HandEdit;
  /**
   * `chunks` (of `config`) through the pipeline's steps, with this thread's per-chunk cache; masked chunks
   * counted with `config`'s tokenizer. `llm`: the pipeline's LLM with the key the host resolved, or
   * only its estimate.
   */
  enrich(
    document: LoadedDocument,
    config: ConfigFile,
    chunks: readonly Chunk[],
    enrichment: EnrichmentSettings,
    options: {
      signal: AbortSignal;
      onProgress: (progress: EnrichmentProgress) => void;
      llm?: EnrichmentOptions['llm'];
      /** folder mode: the term statistics of the document's set (`keywords`) */
      batch?: EnrichmentOptions['batch'];
      /** folder mode: the document's share of its set's relations (`cross-doc`) */
      crossDocument?: EnrichmentOptions['crossDocument'];
    },
  ): Promise<EnrichmentRun & { llm?: LlmRunReport }>;
  /** The document chunked with `config`, written as `request.format`: from the parsed document, never parsed again. */
  exportChunks(document: LoadedDocument, config: ConfigFile, request: ExportRequest): Promise<ExportedChunks>;
  countTokens(text: string, tokenizerId: string): number;
  catalog(): Catalog;
  dispose(): Promise<void>;
}
