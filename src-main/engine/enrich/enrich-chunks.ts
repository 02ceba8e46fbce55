import type { Chunk } from '../../../src-shared/chunk';
import type { EnrichmentErrorMode, EnrichStepEntry } from '../../../src-shared/pipeline-config';
import type { DoclingDocument, PictureItem } from '../ir/types';
import { createLlmSession, type LlmAccess } from '../llm/create-llm-session';
import type { LlmEstimate, LlmUsageReport } from '../llm/llm-usage';
import type { CrossDocumentInput } from './cross-doc/cross-document-batch';
import type { BatchChunk } from './cross-doc/related-chunks';
import { EnrichmentCache } from './enrichment-cache';
import { resolveEnrichmentSteps } from './resolve-steps';
import { runEnrichment, type EnrichmentProgress, type EnrichmentRun } from './run-enrichment';
import type { PictureImage, PictureImageSource } from './step';
import { chunkFrequencyOf, termCountsOf, type BatchTermStatistics } from './terms/term-statistics';

/** The enrichment part of a pipeline config, as a job carries it. */
export interface EnrichmentOptions {
  steps: EnrichStepEntry[];
  onError?: EnrichmentErrorMode;
  /** Term statistics of the whole batch the document is part of (CLI batch mode). */
  batch?: BatchTermStatistics;
  /** The document's share of its batch's cross-document relations (CLI batch mode, `cross-doc`). */
  crossDocument?: CrossDocumentInput;
  /** The pipeline's `llm:` block with the key and the cache folder the host resolved. */
  llm?: LlmAccess & {
    /** Only estimate what the LLM steps would ask (the run's results are then incomplete: not for export). */
    estimateOnly?: boolean;
  };
}

/** One cache per thread: the workbench thread re-enriches after every re-chunk, a CLI worker sees many files. */
const threadCache = new EnrichmentCache();

export interface EnrichChunksOptions {
  signal?: AbortSignal;
  onProgress?: (progress: EnrichmentProgress) => void;
  pictureImages?: PictureImageSource;
  /** The chunker's tokenizer count: masked chunks are counted again (`EnrichmentRunInput.countTokens`). */
  countTokens?: (text: string) => number;
}

/** What a run asked of its LLM: the estimate made before, and the usage counted after (none when only estimated). */
export interface LlmRunReport {
  estimate: LlmEstimate;
  usage?: LlmUsageReport;
}

/**
 * Runs a pipeline config's steps over a document's chunks, with this thread's cache. With steps
 * that ask an LLM, the run is first made without sending anything, to estimate what it will use
 * (the offline steps' results it computes are cached for the real run).
 */
export async function enrichChunks(
  document: { doc: DoclingDocument; docId: string },
  chunks: readonly Chunk[],
  options: EnrichmentOptions,
  { signal, onProgress, pictureImages, countTokens }: EnrichChunksOptions = {},
): Promise<EnrichmentRun & { llm?: LlmRunReport }> {
  const steps = resolveEnrichmentSteps(options.steps, { hasLlm: options.llm !== undefined });
  const input = {
    doc: document.doc,
    docId: document.docId,
    chunks,
    steps,
    onError: options.onError,
    batch: options.batch,
    crossDocument: options.crossDocument,
    cache: threadCache,
    signal,
    pictureImages: pictureImages && onceEach(pictureImages),
    countTokens,
  };
  if (!options.llm || !steps.some(({ step }) => step.usesLlm)) return runEnrichment({ ...input, onProgress });
  const estimating = createLlmSession(options.llm, 'estimate');
  const estimation = await runEnrichment({ ...input, llm: estimating });
  const estimate = estimating.estimate();
  if (options.llm.estimateOnly) return { ...estimation, llm: { estimate } };
  const session = createLlmSession(options.llm, 'send');
  const run = await runEnrichment({ ...input, llm: session, onProgress });
  return { ...run, llm: { estimate, usage: session.usage() } };
}

/** A picture is rendered once for the estimate and the run. */
function onceEach(source: PictureImageSource): PictureImageSource {
  const images = new Map<PictureItem, Promise<PictureImage>>();
  return (picture) => {
    let image = images.get(picture);
    if (!image) images.set(picture, (image = source(picture)));
    return image;
  };
}

/** A document's share of its batch's term statistics: its chunks and the content words in each. */
export function termStatisticsOf(chunks: readonly Chunk[]): BatchTermStatistics {
  return { chunkCount: chunks.length, chunkFrequency: chunkFrequencyOf(chunks.map((chunk) => termCountsOf(chunk.text))) };
}

/**
 * The chunks' texts as a batch phase before step `stepName` reads them: as the offline steps before
 * it that rewrite texts (PII masking) leave them, so that it never sees what they took out.
 */
export async function textsBeforeStep(
  document: { doc: DoclingDocument; docId: string },
  chunks: readonly Chunk[],
  options: EnrichmentOptions,
  stepName: string,
  signal?: AbortSignal,
): Promise<BatchChunk[]> {
  const steps = resolveEnrichmentSteps(options.steps, { hasLlm: options.llm !== undefined });
  const before = steps.slice(
    0,
    Math.max(
      0,
      steps.findIndex(({ step }) => step.name === stepName),
    ),
  );
  const rewriting = before.filter(({ step }) => step.rewritesTexts && step.usesLlm !== 'required');
  const rewritten =
    rewriting.length === 0
      ? chunks
      : (await runEnrichment({ doc: document.doc, docId: document.docId, chunks, steps: rewriting, cache: threadCache, signal })).chunks;
  return rewritten.map((chunk) => ({ id: chunk.id, text: chunk.text }));
}
