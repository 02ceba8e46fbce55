import type { z } from 'zod';
import type { Chunk } from '../../../src-shared/chunk';
import type { DoclingDocument, PictureItem } from '../ir/types';
import type { LlmSession } from '../llm/llm-session';
import type { CrossDocumentInput } from './cross-doc/cross-document-batch';
import type { BatchTermStatistics } from './terms/term-statistics';

/** What a step is given besides the document and its chunks. */
export interface EnrichmentContext<Options> {
  readonly docId: string;
  /** The step's options, parsed (defaults applied) by its `optionsSchema`. */
  readonly options: Options;
  readonly signal?: AbortSignal;
  /**
   * A per-chunk result the step may reuse from an earlier run: cached under (step, version, options,
   * chunk text). A re-chunk computes it again only for chunks whose text changed.
   */
  memo<T>(chunk: Chunk, compute: () => T): T;
  /**
   * `memo` for work that waits (an LLM answer): the result is kept once it arrives, never a failure
   * and never an estimate's empty answer. `dependsOn` names what else the result depends on (a hash
   * of the document text the chunk is situated in); results of another LLM model are kept apart.
   */
  memoAsync<T>(chunk: Chunk, compute: () => Promise<T>, dependsOn?: string): Promise<T>;
  /** Reports `done` of `total` units of the step's work (chunks, most often). */
  progress(done: number, total: number): void;
  /** Term counts over every document of a batch (CLI batch mode); absent for a document on its own. */
  readonly batch?: BatchTermStatistics;
  /** This document's share of its batch's cross-document relations (`needsBatch` steps); absent for a document on its own. */
  readonly crossDocument?: CrossDocumentInput;
  /** The pipeline's LLM (its `llm:` block), for the steps that ask one; absent without it. */
  readonly llm?: LlmSession;
  /** The redaction of the steps before this one (PII masking), for document text a step sends besides the chunks'. */
  redact(text: string): string;
  /** A picture's image as a `data:` URL, or why it has none (a PDF's pictures are rendered from their page). */
  pictureImage(picture: PictureItem): Promise<PictureImage>;
}

export type PictureImage = { dataUrl: string } | { problem: string };

/** Where a step's pictures come from: the host knows the source file (a PDF's bytes). */
export type PictureImageSource = (picture: PictureItem) => Promise<PictureImage>;

/** What a step produced, applied to the chunks by the runner. */
export interface StepOutput {
  /** By chunk, in the chunks' order: the value of `chunk.enrichments[<chunkKey>]`; undefined leaves the key out. */
  chunks: ReadonlyArray<unknown>;
  /** Document-level results, recorded in `document.enrichments` beside the step's name, version and timestamp. */
  document?: Record<string, unknown>;
  /** By chunk: texts that replace the chunk's own (PII masking); undefined keeps the chunk's. */
  texts?: ReadonlyArray<ChunkTexts | undefined>;
  /**
   * Applied to every other text the export writes, as the chunk texts were: the title, table cells,
   * captions, artifact files, and what earlier steps wrote (the runner applies it to those).
   */
  redact?: (text: string) => string;
}

export interface ChunkTexts {
  text: string;
  contextualizedText: string;
  headingPath: string[];
}

/**
 * An enrichment step, selected by `name` in a pipeline config's `enrich` list. `enrich` may be
 * called again with the same document and new chunks (a re-chunk); what depends on one chunk's text
 * alone goes through `context.memo`, so that only changed chunks cost anything.
 */
export interface EnrichmentStep<Options> {
  readonly name: string;
  /**
   * The key of its result on each chunk when it differs from `name`: the canonical format names a
   * chunk's one topic `topic`, written by the `topics` step.
   */
  readonly chunkKey?: string;
  /**
   * The chunk key is shared with another step (`cross-doc` writes `references.cross_document` beside the
   * `references` step's `intra_document`): the step's record is merged into the one the chunk has.
   * The runner also merges when another step of the same run wrote the key first.
   */
  readonly sharesChunkKey?: boolean;
  /** Bumped when the step's output for the same input changes; part of every cache key and recorded in the output. */
  readonly version: string;
  readonly description: string;
  readonly optionsSchema: z.ZodType<Options>;
  /**
   * `required`: the step asks the pipeline's LLM and cannot run without one; `optional`: it does
   * better with one (abstractive summary, topic names, classification) and has an offline way.
   */
  readonly usesLlm?: 'required' | 'optional';
  /**
   * The step relates a document to the other documents of its batch: a host runs its batch phase
   * once every document is chunked (`crossDocument`); a document on its own skips it, saying why.
   */
  readonly needsBatch?: boolean;
  /**
   * The step may replace chunk texts (`StepOutput.texts`): a batch phase reads the texts as the
   * steps before it of this kind leave them, so that it sees what they masked.
   */
  readonly rewritesTexts?: boolean;
  /** Whether the step has anything to do on this document (a step that does not is skipped and reported). */
  supports(document: DoclingDocument): boolean;
  enrich(document: DoclingDocument, chunks: readonly Chunk[], context: EnrichmentContext<Options>): Promise<StepOutput>;
}
