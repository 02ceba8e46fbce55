import { StratumError } from '../../../src-shared/errors';
import type { EvaluationProgress, RetrievalHit, RetrievalSettings } from '../../../src-shared/retrieval';
import type { EmbeddingSession } from '../llm/embeddings';
import { bm25Retriever } from './bm25-retriever';
import { prepareDenseRetriever } from './dense-retriever';
import { expandHit } from './expand-hits';
import { hybridRetriever } from './rank-fusion';
import { rerankingRetriever, type Reranker } from './rerank';
import { hitOf, searchTextOf, type RetrievalPool } from './retrieval-pool';
import type { Retriever } from './retriever';

/** The providers a retrieval may use besides BM25, which needs none. */
export interface RetrievalServices {
  embeddings?: EmbeddingSession;
  reranker?: Reranker;
}

export interface RetrievalRunOptions {
  signal?: AbortSignal;
  onProgress?: (progress: EvaluationProgress) => void;
}

/**
 * The retriever the settings describe, over a pool: BM25, dense (the pool is embedded now, through
 * the session's disk cache), or both fused by reciprocal rank fusion; reranked when a reranker is
 * given. Dense and hybrid retrieval without an embedding session is a config error.
 */
export async function createRetriever(
  pool: RetrievalPool,
  settings: RetrievalSettings,
  services: RetrievalServices = {},
  { signal, onProgress }: RetrievalRunOptions = {},
): Promise<Retriever> {
  const texts = pool.entries.map(({ chunk }) => searchTextOf(chunk, settings.searchText));
  onProgress?.({ stage: 'index', done: 0, total: texts.length });
  const sparse = settings.retriever === 'dense' ? undefined : bm25Retriever(texts, settings.bm25);
  let dense: Retriever | undefined;
  if (settings.retriever !== 'bm25') {
    if (!services.embeddings) {
      throw new StratumError('invalid-config', `the ${settings.retriever} retriever needs an embedding provider (an embedding: block)`);
    }
    dense = await prepareDenseRetriever(services.embeddings, texts, {
      signal,
      onProgress: (done, total) => onProgress?.({ stage: 'embed', done, total }),
    });
  }
  onProgress?.({ stage: 'index', done: texts.length, total: texts.length });
  const retriever = sparse && dense ? hybridRetriever([sparse, dense], settings.rrfK, settings.candidates) : (sparse ?? dense)!;
  return services.reranker ? rerankingRetriever(retriever, services.reranker, texts, settings.candidates) : retriever;
}

/**
 * The retrieval preview: the top k of the pool for each query, with scores and, with expansion,
 * what each hit expands to. The workbench calls it per configuration to show A and B side by side.
 */
export async function searchPool(
  pool: RetrievalPool,
  queries: readonly string[],
  settings: RetrievalSettings,
  services: RetrievalServices = {},
  options: RetrievalRunOptions = {},
): Promise<RetrievalHit[][]> {
  const retriever = await createRetriever(pool, settings, services, options);
  const ranked = await retriever.rank(queries, settings.k, {
    signal: options.signal,
    onProgress: (done, total) => options.onProgress?.({ stage: 'search', done, total }),
  });
  return ranked.map((list) =>
    list.map(({ position, score }, index) => ({
      ...hitOf(pool, position, index, score),
      ...(settings.expansion === 'none' ? {} : { expandedTo: expandHit(pool, position, settings.expansion, settings.expansionTokens) }),
    })),
  );
}
