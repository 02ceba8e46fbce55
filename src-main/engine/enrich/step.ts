import type { z } from 'zod';
import type { Chunk } from '../../../src-shared/chunk';
import type { DoclingDocument } from '../ir/types';
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
  /** Reports `done` of `total` units of the step's work (chunks, most often). */
  progress(done: number, total: number): void;
  /** Term counts over every document of a batch (CLI batch mode); absent for a document on its own. */
  readonly batch?: BatchTermStatistics;
}

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
  /** Bumped when the step's output for the same input changes; part of every cache key and recorded in the output. */
  readonly version: string;
  readonly description: string;
  readonly optionsSchema: z.ZodType<Options>;
  /** Whether the step has anything to do on this document (a step that does not is skipped and reported). */
  supports(document: DoclingDocument): boolean;
  enrich(document: DoclingDocument, chunks: readonly Chunk[], context: EnrichmentContext<Options>): Promise<StepOutput>;
}
