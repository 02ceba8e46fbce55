import type { Chunk } from '../../../src-shared/chunk';
import type { EnrichmentErrorMode, EnrichStepEntry } from '../../../src-shared/pipeline-config';
import type { DoclingDocument } from '../ir/types';
import { EnrichmentCache } from './enrichment-cache';
import { resolveEnrichmentSteps } from './resolve-steps';
import { runEnrichment, type EnrichmentProgress, type EnrichmentRun } from './run-enrichment';
import { chunkFrequencyOf, termCountsOf, type BatchTermStatistics } from './terms/term-statistics';

/** The enrichment part of a pipeline config, as a job carries it. */
export interface EnrichmentOptions {
  steps: EnrichStepEntry[];
  onError?: EnrichmentErrorMode;
  /** Term statistics of the whole batch the document is part of (CLI batch mode). */
  batch?: BatchTermStatistics;
}

/** One cache per thread: the workbench thread re-enriches after every re-chunk, a CLI worker sees many files. */
const threadCache = new EnrichmentCache();

export interface EnrichChunksOptions {
  signal?: AbortSignal;
  onProgress?: (progress: EnrichmentProgress) => void;
  /** The chunker's tokenizer count: masked chunks are counted again (`EnrichmentRunInput.countTokens`). */
  countTokens?: (text: string) => number;
}

/** Runs a pipeline config's steps over a document's chunks, with this thread's cache. */
export function enrichChunks(
  document: { doc: DoclingDocument; docId: string },
  chunks: readonly Chunk[],
  options: EnrichmentOptions,
  { signal, onProgress, countTokens }: EnrichChunksOptions = {},
): Promise<EnrichmentRun> {
  return runEnrichment({
    doc: document.doc,
    docId: document.docId,
    chunks,
    steps: resolveEnrichmentSteps(options.steps),
    onError: options.onError,
    batch: options.batch,
    cache: threadCache,
    signal,
    onProgress,
    countTokens,
  });
}

/** A document's share of its batch's term statistics: its chunks and the content words in each. */
export function termStatisticsOf(chunks: readonly Chunk[]): BatchTermStatistics {
  return { chunkCount: chunks.length, chunkFrequency: chunkFrequencyOf(chunks.map((chunk) => termCountsOf(chunk.text))) };
}
