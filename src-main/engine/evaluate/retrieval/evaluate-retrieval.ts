import type {
  EvalQuestion,
  EvaluationProgress,
  EvaluationResult,
  MetricSummary,
  QuestionMetrics,
  QuestionResult,
  RetrievalHit,
  RetrievalSettings,
} from '../../../../src-shared/retrieval';
import { StratumError } from '../../../../src-shared/errors';
import { checkpoint } from '../../cancellation';
import { codePointLength } from '../../text/code-points';
import { expandHit } from '../../retrieve/expand-hits';
import { hitOf, type RetrievalPool } from '../../retrieve/retrieval-pool';
import type { Retriever } from '../../retrieve/retriever';
import { rankMetrics } from './rank-metrics';
import { intervalsOfSpans, overlaps, type SourceInterval } from './source-intervals';
import { precisionOmega, retrievalSpanMetrics, type ScoredChunk } from './span-metrics';

export interface EvaluateRetrievalInput {
  pool: RetrievalPool;
  questions: readonly EvalQuestion[];
  retriever: Retriever;
  settings: Pick<RetrievalSettings, 'retriever' | 'k' | 'expansion' | 'expansionTokens'>;
  signal?: AbortSignal;
  onProgress?: (progress: EvaluationProgress) => void;
}

/** Questions scored between checks for cancellation. */
const QUESTIONS_PER_STEP = 32;

/**
 * Retrieves the top k chunks of the pool for every question and scores them: chunkeval's span
 * metrics (recall, precision, IoU, precision-Ω), chunk-level Recall@k, MRR, nDCG@k and the tokens
 * read, averaged over all questions and per corpus. Chunks are placed by their own `sourceSpans`.
 */
export async function evaluateRetrieval(input: EvaluateRetrievalInput): Promise<EvaluationResult> {
  const { pool, questions, retriever, settings, signal, onProgress } = input;
  checkQuestionCorpora(pool, questions);
  const scored: ScoredChunk[] = pool.entries.map(({ corpusId, chunk }) => ({ corpusId, intervals: intervalsOfSpans(chunk.sourceSpans) }));
  const byCorpus = groupBy(
    scored.map((chunk, position) => ({ chunk, position })),
    ({ chunk }) => chunk.corpusId,
  );
  const ranked = await retriever.rank(
    questions.map((question) => question.question),
    settings.k,
    { signal, onProgress: (done, total) => onProgress?.({ stage: 'search', done, total }) },
  );
  const results: QuestionResult[] = [];
  for (const [index, question] of questions.entries()) {
    if (index % QUESTIONS_PER_STEP === 0) {
      await checkpoint(signal);
      onProgress?.({ stage: 'score', done: index, total: questions.length });
    }
    const references: SourceInterval[] = question.references.map(({ start, end, page }) => ({ page: page ?? 0, start, end }));
    const hits: RetrievalHit[] = ranked[index]!.map(({ position, score }, rank) => hitOf(pool, position, rank, score));
    if (settings.expansion !== 'none') {
      for (const hit of hits) hit.expandedTo = expandHit(pool, hit.position, settings.expansion, settings.expansionTokens);
    }
    const read = hits.map((hit) => readChunk(scored, hit));
    const corpusChunks = byCorpus.get(question.corpusId) ?? [];
    const relevant = new Set(corpusChunks.filter(({ chunk }) => overlaps(chunk.intervals, references)).map(({ position }) => position));
    results.push({
      question: index,
      hits,
      ...retrievalSpanMetrics(question.corpusId, references, read),
      precisionOmega: precisionOmega(
        references,
        corpusChunks.map(({ chunk }) => chunk),
      ),
      ...rankMetrics(
        hits.map((hit) => hit.position),
        relevant,
        settings.k,
      ),
      tokensRead: hits.reduce(
        (sum, hit) =>
          sum + (hit.expandedTo ?? [hit.position]).reduce((tokens, position) => tokens + pool.entries[position]!.chunk.tokenCount, 0),
        0,
      ),
    });
  }
  onProgress?.({ stage: 'score', done: questions.length, total: questions.length });
  const perCorpus: Record<string, MetricSummary> = {};
  for (const [corpusId, corpusResults] of groupBy(results, (result) => questions[result.question]!.corpusId)) {
    perCorpus[corpusId] = summarise(corpusResults);
  }
  return {
    retriever: settings.retriever,
    k: settings.k,
    chunks: pool.size,
    meanChunkChars: pool.size === 0 ? 0 : pool.entries.reduce((sum, { chunk }) => sum + codePointLength(chunk.text), 0) / pool.size,
    overall: summarise(results),
    perCorpus,
    questions: results,
  };
}

/** A hit as read: with expansion, the hit and what it expanded to, as one piece of text. */
function readChunk(scored: readonly ScoredChunk[], hit: RetrievalHit): ScoredChunk {
  const positions = hit.expandedTo ?? [hit.position];
  const first = scored[positions[0]!]!;
  if (positions.length === 1) return first;
  return { corpusId: first.corpusId, intervals: positions.flatMap((position) => scored[position]!.intervals) };
}

const METRIC_KEYS = ['recall', 'precision', 'iou', 'precisionOmega', 'recallAtK', 'mrr', 'ndcgAtK', 'tokensRead'] as const;

/** Means over questions (micro: every question weighs the same, as chunkeval averages). */
export function summarise(results: readonly QuestionMetrics[]): MetricSummary {
  const summary = { questions: results.length } as MetricSummary;
  for (const key of METRIC_KEYS) {
    summary[key] = results.length === 0 ? 0 : results.reduce((sum, result) => sum + result[key], 0) / results.length;
  }
  return summary;
}

/** Items by key, in first-seen key order (Node 20 has no `Map.groupBy`). */
function groupBy<Item>(items: readonly Item[], keyOf: (item: Item) => string): Map<string, Item[]> {
  const groups = new Map<string, Item[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** A question about a document the pool does not hold cannot be scored: say which, and which documents there are. */
function checkQuestionCorpora(pool: RetrievalPool, questions: readonly EvalQuestion[]): void {
  const corpora = new Set(pool.documents.map((document) => document.corpusId));
  const missing = [...new Set(questions.map((question) => question.corpusId).filter((corpusId) => !corpora.has(corpusId)))];
  if (missing.length === 0) return;
  throw new StratumError(
    'invalid-config',
    `the questions refer to ${missing.map((id) => `"${id}"`).join(', ')}, which the corpus does not hold ` +
      `(its documents: ${[...corpora].join(', ') || 'none'})`,
  );
}
