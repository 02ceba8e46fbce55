import type { Chunk } from '../../../src-shared/chunk';
import { isStratumError } from '../../../src-shared/errors';
import { isRecord } from '../../../src-shared/is-record';
import type { EnrichmentErrorMode } from '../../../src-shared/pipeline-config';
import { checkpoint, isCancelledError } from '../cancellation';
import type { DoclingDocument } from '../ir/types';
import { addUsage, type TokenUsage } from '../llm/llm-client';
import type { LlmSession } from '../llm/llm-session';
import { type Cost, type LlmEstimate, type LlmUsageReport } from '../llm/llm-usage';
import { contentHash, EnrichmentCache } from './enrichment-cache';
import type { ResolvedEnrichmentStep } from './resolve-steps';
import type { PictureImageSource, StepOutput } from './step';
import type { CrossDocumentInput } from './cross-doc/cross-document-batch';
import type { BatchTermStatistics } from './terms/term-statistics';

export interface EnrichmentRunInput {
  doc: DoclingDocument;
  docId: string;
  chunks: readonly Chunk[];
  steps: readonly ResolvedEnrichmentStep[];
  /** `fail-fast` (default): the first failing step fails the run; `continue`: it is reported and the others run. */
  onError?: EnrichmentErrorMode;
  /** Per-chunk results kept across runs; a run without one computes everything. */
  cache?: EnrichmentCache;
  signal?: AbortSignal;
  onProgress?: (progress: EnrichmentProgress) => void;
  batch?: BatchTermStatistics;
  /** This document's share of its batch's cross-document relations (CLI batch mode). */
  crossDocument?: CrossDocumentInput;
  /** The clock of the log's timestamps. */
  now?: () => Date;
  /** The pipeline's LLM; in `estimate` mode the run only counts what it would ask. */
  llm?: LlmSession;
  /** Pictures' images, for the steps that look at them; without it a picture has no image. */
  pictureImages?: PictureImageSource;
  /** The chunker's token count: a chunk whose texts a step replaces (PII masking) is counted again with it. */
  countTokens?: (text: string) => number;
}

export interface EnrichmentProgress {
  step: string;
  done: number;
  total: number;
}

/** One entry of `document.enrichments`: a step that ran, when, and its document-level results. */
export interface DocumentEnrichment extends Record<string, unknown> {
  name: string;
  version: string;
  timestamp: string;
}

export interface StepReport {
  name: string;
  version: string;
  status: 'done' | 'failed' | 'skipped';
  /** Why it failed or was skipped. */
  message?: string;
  milliseconds: number;
  /** Per-chunk results taken from the cache and computed. */
  cacheHits: number;
  cacheMisses: number;
  /** What the step asked of the LLM: requests, disk-cache hits, tokens and cost (or, estimating, its estimate). */
  llm?: LlmUsageReport | LlmEstimate;
}

export interface EnrichmentRun {
  /** The chunks with `enrichments` filled in (and texts masked where a step masks them). */
  chunks: Chunk[];
  documentEnrichments: DocumentEnrichment[];
  report: StepReport[];
  /** Applies every step's redaction to a text the export writes besides the chunks' (title, artifacts); absent when no step masks. */
  redact?: (text: string) => string;
}

const noImages: PictureImageSource = () => Promise.resolve({ problem: 'no image source in this run' });

/**
 * Runs the steps in order over a document's chunks. Each step writes `chunk.enrichments[<step>]` (`topic` for `topics`) and
 * appends `{name, version, timestamp}` to the document's log; later steps see the texts earlier ones
 * masked. Cancellation always stops the run; any other failure stops it in `fail-fast` mode and is
 * logged and reported in `continue` mode.
 */
export async function runEnrichment(input: EnrichmentRunInput): Promise<EnrichmentRun> {
  const { doc, docId, signal, onProgress, batch, crossDocument } = input;
  const cache = input.cache ?? new EnrichmentCache();
  const now = input.now ?? (() => new Date());
  let chunks = input.chunks.map((chunk) => ({ ...chunk, enrichments: { ...chunk.enrichments } }));
  const documentEnrichments: DocumentEnrichment[] = [];
  const report: StepReport[] = [];
  const redactions: Array<(text: string) => string> = [];
  /** The step that wrote each chunk key in this run: two steps writing one key (`references`) share it. */
  const writers = new Map<string, string>();

  const redactSoFar = (text: string) => redactions.reduce((redacted, redaction) => redaction(redacted), text);
  for (const { step, options, optionsHash } of input.steps) {
    const started = performance.now();
    const entry = { name: step.name, version: step.version };
    const unsupported = !step.supports(doc)
      ? 'nothing to do in this document'
      : step.needsBatch && !crossDocument
        ? 'relates the documents of a batch: this run has one document (open a set of files, or give stratum chunk two or more)'
        : undefined;
    if (unsupported) {
      report.push({
        ...entry,
        status: 'skipped',
        message: unsupported,
        milliseconds: 0,
        cacheHits: 0,
        cacheMisses: 0,
      });
      continue;
    }
    await checkpoint(signal);
    const hashes = new Map<Chunk, string>();
    let cacheHits = 0;
    let cacheMisses = 0;
    const llm = step.usesLlm ? input.llm : undefined;
    const keyPrefix = `${step.name}\u0000${step.version}\u0000${optionsHash}\u0000${llm?.fingerprint ?? ''}\u0000`;
    const hashOf = (chunk: Chunk) => {
      let hash = hashes.get(chunk);
      if (hash === undefined) hashes.set(chunk, (hash = contentHash(chunk.text)));
      return hash;
    };
    const timestamp = now().toISOString();
    const llmBefore = llm && (llm.estimating ? llm.estimate() : llm.usage());
    const llmReport = () => (llm && llmBefore ? usageSince(llm, llmBefore) : undefined);
    try {
      const output = await step.enrich(doc, chunks, {
        docId,
        options,
        signal,
        batch,
        crossDocument,
        memo: (chunk, compute) => {
          const { value, hit } = cache.getOrCompute(keyPrefix + hashOf(chunk), compute);
          if (hit) cacheHits++;
          else cacheMisses++;
          return value;
        },
        memoAsync: async (chunk, compute, dependsOn = '') => {
          const key = `${keyPrefix}${hashOf(chunk)}\u0000${dependsOn}`;
          const cached = cache.get(key);
          if (cached !== undefined) {
            cacheHits++;
            // stored below from this step's own compute under a key naming the step: the same T
            return cached as Awaited<ReturnType<typeof compute>>;
          }
          cacheMisses++;
          const value = await compute();
          if (!input.llm?.estimating) cache.set(key, value);
          return value;
        },
        llm,
        redact: redactSoFar,
        pictureImage: input.pictureImages ?? noImages,
        progress: (done, total) => onProgress?.({ step: step.name, done, total }),
      });
      if (output.redact) {
        // What earlier steps wrote was made from the texts before this step took values out of them.
        const redact = output.redact;
        chunks = chunks.map((chunk) => ({ ...chunk, enrichments: redactStrings(chunk.enrichments, redact) }));
        documentEnrichments.splice(0, documentEnrichments.length, ...documentEnrichments.map((earlier) => redactStrings(earlier, redact)));
        redactions.push(redact);
      }
      chunks = applyOutput(step, chunks, output, input.countTokens, writers);
      const model = llm ? { model: `${llm.provider}/${llm.model}` } : {};
      documentEnrichments.push({ ...entry, timestamp, ...model, ...output.document });
      const milliseconds = performance.now() - started;
      report.push({ ...entry, status: 'done', milliseconds, cacheHits, cacheMisses, ...withLlm(llmReport()) });
    } catch (error) {
      if (isCancelledError(error) || (input.onError ?? 'fail-fast') === 'fail-fast') throw error;
      const message = isStratumError(error) || error instanceof Error ? error.message : String(error);
      documentEnrichments.push({ ...entry, timestamp, error: message });
      const milliseconds = performance.now() - started;
      report.push({ ...entry, status: 'failed', message, milliseconds, cacheHits, cacheMisses, ...withLlm(llmReport()) });
    }
  }
  return { chunks, documentEnrichments, report, ...(redactions.length > 0 ? { redact: redactSoFar } : {}) };
}

function withLlm(llm: LlmUsageReport | LlmEstimate | undefined): { llm?: LlmUsageReport | LlmEstimate } {
  return llm ? { llm } : {};
}

/** A step's share of the session's usage (or estimate): the session's totals now less those before the step. */
function usageSince(llm: LlmSession, before: LlmUsageReport | LlmEstimate): LlmUsageReport | LlmEstimate {
  if (llm.estimating && 'inputTokens' in before) {
    const now = llm.estimate();
    const inputTokens = now.inputTokens - before.inputTokens;
    const maxOutputTokens = now.maxOutputTokens - before.maxOutputTokens;
    return {
      model: now.model,
      requests: now.requests - before.requests,
      diskCacheHits: now.diskCacheHits - before.diskCacheHits,
      inputTokens,
      maxOutputTokens,
      maxCost: difference(now.maxCost, before.maxCost),
    };
  }
  const now = llm.usage();
  const earlier = before as LlmUsageReport;
  const negated: TokenUsage = { input: -earlier.tokens.input, output: -earlier.tokens.output, cachedInput: -earlier.tokens.cachedInput };
  return {
    model: now.model,
    requests: now.requests - earlier.requests,
    diskCacheHits: now.diskCacheHits - earlier.diskCacheHits,
    tokens: addUsage(now.tokens, negated),
    cost: difference(now.cost, earlier.cost),
  };
}

function difference(now: Cost, before: Cost): Cost {
  return now === 'unknown' || before === 'unknown' ? 'unknown' : Math.max(0, now - before);
}

function applyOutput(
  step: { name: string; chunkKey?: string; sharesChunkKey?: boolean },
  chunks: Chunk[],
  output: StepOutput,
  countTokens: ((text: string) => number) | undefined,
  writers: Map<string, string>,
): Chunk[] {
  const key = step.chunkKey ?? step.name;
  if (output.chunks.length !== chunks.length) {
    throw new Error(`enrichment step ${step.name} returned ${output.chunks.length} results for ${chunks.length} chunks`);
  }
  const shared = step.sharesChunkKey === true || (writers.get(key) ?? step.name) !== step.name;
  writers.set(key, step.name);
  return chunks.map((chunk, index) => {
    const value = output.chunks[index];
    const texts = output.texts?.[index];
    const earlier = chunk.enrichments[key];
    const merged = shared && isRecord(earlier) && isRecord(value) ? { ...earlier, ...value } : value;
    const enrichments = value === undefined ? chunk.enrichments : { ...chunk.enrichments, [key]: merged };
    // a chunk's token count is its contextualized text's (build-chunk.ts), which the new texts replace
    const tokenCount = texts && countTokens ? { tokenCount: countTokens(texts.contextualizedText) } : {};
    return { ...chunk, ...texts, ...tokenCount, enrichments };
  });
}

/** `value` with `redact` applied to every string in it (keys stay). */
function redactStrings<T>(value: T, redact: (text: string) => string): T {
  // Each branch rebuilds a value of the shape it was given: a string stays a string, an array an array, a record a record.
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => redactStrings(item, redact)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactStrings(item, redact)])) as T;
  }
  return value;
}
