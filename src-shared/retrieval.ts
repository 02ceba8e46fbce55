import { z } from 'zod';
import { embeddingConfigSchema, llmConfigSchema } from './pipeline-config';
import { apiKeyEnvSchema, providerBaseUrlSchema, retriesSchema, timeoutSecondsSchema } from './provider-settings';

/**
 * The chunk quality lab's contract: retrieval settings, question sets and what an evaluation
 * reports. Computed by `src-main/engine/retrieve/` and `src-main/engine/evaluate/retrieval/`, shown
 * by the workbench and written by `stratum eval --json`.
 */

export const RETRIEVER_KINDS = ['bm25', 'dense', 'hybrid'] as const;
export type RetrieverKind = (typeof RETRIEVER_KINDS)[number];

/** What a chunk is searched by: its own text, or its contextualized text (heading path, and the enrichment `context` when present). */
export const RETRIEVAL_TEXTS = ['text', 'contextualized'] as const;
export type RetrievalText = (typeof RETRIEVAL_TEXTS)[number];

export const EXPANSION_MODES = ['none', 'parent', 'neighbours'] as const;
export type ExpansionMode = (typeof EXPANSION_MODES)[number];

export const RERANK_PROTOCOLS = ['cohere', 'tei'] as const;

/**
 * A reranker: a `/rerank` endpoint (`cohere`: `{model, query, documents}` → `{results: [{index,
 * relevance_score}]}`, as Cohere, Jina, vLLM and LocalAI serve it; `tei`: text-embeddings-inference's
 * `{query, texts}` → `[{index, score}]`), or the pipeline's LLM asked to rate each candidate (`llm`).
 */
export const rerankConfigSchema = z.discriminatedUnion('provider', [
  z.strictObject({
    provider: z.literal('http'),
    protocol: z.enum(RERANK_PROTOCOLS).default('cohere'),
    baseUrl: providerBaseUrlSchema,
    model: z.string().min(1).optional(),
    /** none for a local server */
    apiKeyEnv: apiKeyEnvSchema.optional(),
    timeoutSeconds: timeoutSecondsSchema.default(60),
    retries: retriesSchema.default(3),
  }),
  z.strictObject({ provider: z.literal('llm') }),
]);
export type RerankConfig = z.infer<typeof rerankConfigSchema>;

export const retrievalSettingsSchema = z.strictObject({
  retriever: z.enum(RETRIEVER_KINDS).default('bm25'),
  /** Chunks retrieved per question. */
  k: z.number().int().positive().max(1000).default(5),
  searchText: z.enum(RETRIEVAL_TEXTS).default('text'),
  /** BM25's term-frequency saturation and length normalisation (Lucene's defaults). */
  bm25: z.strictObject({ k1: z.number().nonnegative().default(1.2), b: z.number().min(0).max(1).default(0.75) }).prefault({}),
  /** Reciprocal rank fusion: each list adds 1 / (rrfK + rank) to a chunk's score (Cormack et al. use 60). */
  rrfK: z.number().positive().default(60),
  /** Candidates each list of a hybrid retrieval, and a reranker, reads before the top k is kept. */
  candidates: z.number().int().positive().max(1000).default(50),
  /** Hits expanded to their parent chunk (parent-child, layered) or their ±1 neighbours, within `expansionTokens`. */
  expansion: z.enum(EXPANSION_MODES).default('none'),
  expansionTokens: z.number().int().positive().default(2048),
  /** Reranks each question's `candidates` before the top k is kept. */
  rerank: rerankConfigSchema.optional(),
});
export type RetrievalSettings = z.infer<typeof retrievalSettingsSchema>;
export type RetrievalSettingsInput = z.input<typeof retrievalSettingsSchema>;

/**
 * A retrieval config file (`stratum eval --retrieval-config`, the workbench's lab settings): the
 * settings, the embedding provider dense and hybrid retrieval need, and the LLM an `llm` reranker
 * or question generation asks. Keys are never in it (`apiKeyEnv` names their variables).
 */
export const retrievalConfigFileSchema = retrievalSettingsSchema.extend({
  embedding: embeddingConfigSchema.optional(),
  llm: llmConfigSchema.optional(),
});
export type RetrievalConfigFile = z.infer<typeof retrievalConfigFileSchema>;

/** A chunk of a retrieval pool, as the workbench shows a hit: which document, which chunk, its size. */
export interface PooledChunkInfo {
  /** Position in the pool, from 0: documents in the order given, chunks in document order. */
  position: number;
  /** The document's corpus id: the file name without its extension (`wikitexts` for `wikitexts.md`). */
  corpusId: string;
  chunkId: string;
  chunkIndex: number;
  /** Characters of the source the chunk names (its `source_spans`). */
  sourceChars: number;
  tokenCount: number;
}

export interface RetrievalHit {
  position: number;
  /** The hit's chunk and document, so that a view can find and highlight it without the pool. */
  chunkId: string;
  corpusId: string;
  /** 1 for the best hit. */
  rank: number;
  /** The retriever's score: BM25, cosine similarity, the fused RRF score or the reranker's. */
  score: number;
  /** With expansion: the pool positions a reader reads for this hit (the hit first), within the token budget. */
  expandedTo?: number[];
}

/** `[start, end)` in code points of the corpus file (or, with `page`, of that page's text). */
export const referenceRangeSchema = z.strictObject({
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  page: z.number().int().positive().optional(),
  /** The referenced text, checked against the source when the set is loaded. */
  content: z.string().optional(),
});
export type ReferenceRange = z.infer<typeof referenceRangeSchema>;

export const evalQuestionSchema = z.strictObject({
  question: z.string().min(1),
  corpusId: z.string().min(1),
  references: z.array(referenceRangeSchema).min(1),
});
export type EvalQuestion = z.infer<typeof evalQuestionSchema>;

/** The JSON form of a question set (resources/question-set.md). */
export const questionSetSchema = z.strictObject({
  version: z.literal(1),
  questions: z.array(evalQuestionSchema),
});
export type QuestionSet = z.infer<typeof questionSetSchema>;

/**
 * A question set in its JSON form (resources/question-set.md): what the workbench saves for a document
 * and question generation writes.
 */
export function questionSetJson(questions: readonly EvalQuestion[]): string {
  const set: QuestionSet = { version: 1, questions: [...questions] };
  return `${JSON.stringify(set, null, 2)}\n`;
}

/** Span-level metrics (chunkeval's definitions, fractions). */
export interface SpanMetrics {
  recall: number;
  precision: number;
  iou: number;
  precisionOmega: number;
}

/** Chunk-level metrics: a chunk is relevant when its source overlaps a reference by at least one character. */
export interface RankMetrics {
  recallAtK: number;
  mrr: number;
  ndcgAtK: number;
  /** Tokens of the top-k chunks (and of what expansion added), under the config's tokenizer. */
  tokensRead: number;
}

export type QuestionMetrics = SpanMetrics & RankMetrics;

export interface QuestionResult extends QuestionMetrics {
  /** Index in the question set. */
  question: number;
  hits: RetrievalHit[];
}

export interface MetricSummary extends QuestionMetrics {
  questions: number;
}

/** One configuration's evaluation: averages over all questions, per corpus, and each question's own. */
export interface EvaluationResult {
  retriever: RetrieverKind;
  k: number;
  chunks: number;
  meanChunkChars: number;
  overall: MetricSummary;
  perCorpus: Record<string, MetricSummary>;
  questions: QuestionResult[];
}

/** What a long evaluation reports as it goes. */
export interface EvaluationProgress {
  stage: 'chunk' | 'index' | 'embed' | 'search' | 'rerank' | 'score';
  done: number;
  total: number;
  /** The configuration being evaluated, from 0, in a sweep. */
  config?: number;
}

/** One configuration's evaluation, as a sweep or an A/B comparison lists them. */
export interface ConfigEvaluation {
  /** The chunk config as given (`{strategy, size, ...}`). */
  config: unknown;
  result: EvaluationResult;
}

/** One configuration of a sweep, as its table, CSV and charts show it. */
export interface SweepRow {
  label: string;
  strategy: string;
  chunks: number;
  meanChunkChars: number;
  tokensRead: number;
  recall: number;
  precision: number;
  iou: number;
  precisionOmega: number;
  recallAtK: number;
  mrr: number;
  ndcgAtK: number;
  /** No other configuration has at least its recall for fewer tokens read (or more recall for as few). */
  paretoRecall: boolean;
  /** No other configuration has at least its IoU with fewer chunks (or more IoU with as few). */
  paretoIou: boolean;
}

/** A configuration against a baseline curve: its gain over the curve at its own mean chunk size and at its own recall. */
export interface CurveComparison {
  label: string;
  /** Recall minus the baseline's recall at the same mean chunk size (linear between its points, extended past its ends). */
  recallAtSize: number;
  /** IoU minus the baseline's IoU at the same recall. */
  iouAtRecall: number;
}
