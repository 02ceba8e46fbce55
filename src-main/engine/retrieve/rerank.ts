import { z } from 'zod';
import { StratumError } from '../../../src-shared/errors';
import { checkpoint } from '../cancellation';
import { LlmRequestError, postJson } from '../llm/http-json';
import type { LlmSession } from '../llm/llm-session';
import { DEFAULT_RETRY_POLICY, withRetries } from '../llm/retry';
import type { RankedPosition, Retriever } from './retriever';

const NEVER_ABORTED = new AbortController().signal;

/** Scores candidates for a query: one relevance score per document, in order, higher is more relevant. */
export interface Reranker {
  readonly name: string;
  score(query: string, documents: readonly string[], signal?: AbortSignal): Promise<number[]>;
}

const cohereAnswerSchema = z.object({
  results: z.array(z.object({ index: z.number().int().nonnegative(), relevance_score: z.number() })),
});
const teiAnswerSchema = z.array(z.object({ index: z.number().int().nonnegative(), score: z.number() }));

export interface HttpRerankerSettings {
  baseUrl: string;
  protocol: 'cohere' | 'tei';
  model?: string;
  apiKey?: string;
  timeoutMs: number;
  retries: number;
}

/**
 * A `/rerank` endpoint: `cohere` as Cohere, Jina, vLLM and LocalAI serve it (`{model, query,
 * documents}` → `{results: [{index, relevance_score}]}`), `tei` as text-embeddings-inference does
 * (`{query, texts}` → `[{index, score}]`). Retried on 429, 5xx and network failures; an answer that
 * does not score every document once is an error, never a partial ranking.
 */
export function httpReranker(settings: HttpRerankerSettings): Reranker {
  const baseUrl = settings.baseUrl.replace(/\/+$/, '');
  const label = `rerank (${settings.model ?? baseUrl})`;
  const retry = { ...DEFAULT_RETRY_POLICY, retries: settings.retries };
  return {
    name: label,
    async score(query, documents, signal = NEVER_ABORTED) {
      const body =
        settings.protocol === 'tei'
          ? { query, texts: documents }
          : { ...(settings.model ? { model: settings.model } : {}), query, documents, top_n: documents.length };
      const answer = await withRetries(
        () =>
          postJson({
            label,
            url: `${baseUrl}/rerank`,
            headers: settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {},
            body,
            timeoutMs: settings.timeoutMs,
            signal,
          }),
        retry,
        signal,
      );
      return scoresFromAnswer(answer, documents.length, label);
    },
  };
}

function scoresFromAnswer(answer: unknown, count: number, label: string): number[] {
  const cohere = cohereAnswerSchema.safeParse(answer);
  const tei = teiAnswerSchema.safeParse(answer);
  const pairs = cohere.success
    ? cohere.data.results.map(({ index, relevance_score }) => ({ index, score: relevance_score }))
    : tei.success
      ? tei.data
      : undefined;
  if (!pairs) throw new LlmRequestError(`${label}: the answer is not a list of scores`, false);
  const scores = new Array<number | undefined>(count).fill(undefined);
  for (const { index, score } of pairs) if (index < count) scores[index] = score;
  if (pairs.length !== count || scores.some((score) => score === undefined)) {
    throw new LlmRequestError(`${label}: ${pairs.length} scores answer ${count} documents`, false);
  }
  return scores as number[];
}

/** What an LLM reads of each candidate: enough to judge it, not a whole parent section. */
const LLM_PASSAGE_CHARACTERS = 1500;

const LLM_RERANK_SYSTEM =
  'You rate how well passages answer a question, for a search engine. For each numbered passage give a score from 0 ' +
  "(unrelated) to 10 (answers the question fully). Answer with a JSON array of the scores in the passages' order, nothing else.";

/** The pipeline's LLM as a reranker: one request per question, the candidates numbered, a score of 0 to 10 each. */
export function llmReranker(session: LlmSession): Reranker {
  return {
    name: `llm (${session.model})`,
    async score(query, documents, signal) {
      const passages = documents.map((text, index) => `[${index + 1}] ${text.slice(0, LLM_PASSAGE_CHARACTERS)}`).join('\n\n');
      const answer = await session.chat(
        {
          system: LLM_RERANK_SYSTEM,
          messages: [{ role: 'user', content: [{ type: 'text', text: `Question: ${query}\n\nPassages:\n\n${passages}` }] }],
          maxOutputTokens: 8 * documents.length + 16,
        },
        signal,
      );
      const scores = parseScoreList(answer);
      if (scores?.length !== documents.length) {
        throw new StratumError(
          'llm',
          `llm reranker (${session.model}): the answer is not ${documents.length} scores: "${answer.slice(0, 80)}"`,
        );
      }
      return scores;
    },
  };
}

function parseScoreList(answer: string): number[] | undefined {
  const list = /\[[^\]]*\]/.exec(answer)?.[0];
  if (!list) return undefined;
  try {
    const parsed: unknown = JSON.parse(list);
    return Array.isArray(parsed) && parsed.every((value) => typeof value === 'number') ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A retriever whose best `candidates` per query are reranked: the reranker's scores order them (ties
 * by the first ranking), and the best `depth` are kept. `texts` are the pool's search texts.
 */
export function rerankingRetriever(base: Retriever, reranker: Reranker, texts: readonly string[], candidates: number): Retriever {
  return {
    async rank(queries, depth, { signal, onProgress } = {}) {
      const first = await base.rank(queries, Math.max(candidates, depth), { signal });
      const ranked: RankedPosition[][] = [];
      for (const [index, query] of queries.entries()) {
        await checkpoint(signal);
        onProgress?.(index, queries.length);
        const list = first[index]!;
        const scores =
          list.length === 0
            ? []
            : await reranker.score(
                query,
                list.map(({ position }) => texts[position]!),
                signal,
              );
        ranked.push(
          list
            .map(({ position }, order) => ({ position, score: scores[order]!, order }))
            .sort((a, b) => b.score - a.score || a.order - b.order)
            .slice(0, depth)
            .map(({ position, score }) => ({ position, score })),
        );
      }
      onProgress?.(queries.length, queries.length);
      return ranked;
    },
  };
}
