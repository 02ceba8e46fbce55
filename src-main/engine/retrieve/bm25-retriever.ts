import type { Bm25Parameters } from './bm25';
import { Bm25Index } from './bm25';
import { checkpoint } from '../cancellation';
import { retrievalTermCounts, retrievalTermsOf } from './retrieval-terms';
import { QUERIES_PER_STEP, type RankedPosition, type Retriever } from './retriever';

/**
 * BM25 over the pool's search texts. A query shorter than `depth` in matching chunks is filled up
 * with unmatched chunks (score 0) in pool order, as a ranking of every chunk would be: so every
 * question reads the same number of chunks, as chunkeval's reference does.
 */
export function bm25Retriever(texts: readonly string[], parameters: Bm25Parameters): Retriever {
  const index = new Bm25Index(texts.map(retrievalTermCounts), { parameters });
  return {
    async rank(queries, depth, { signal, onProgress } = {}) {
      const ranked: RankedPosition[][] = [];
      for (const [done, query] of queries.entries()) {
        if (done % QUERIES_PER_STEP === 0) {
          await checkpoint(signal);
          onProgress?.(done, queries.length);
        }
        const best = index.top(retrievalTermsOf(query), depth);
        ranked.push(fillWithUnmatched(best, depth, index.size));
      }
      onProgress?.(queries.length, queries.length);
      return ranked;
    },
  };
}

function fillWithUnmatched(best: RankedPosition[], depth: number, size: number): RankedPosition[] {
  if (best.length >= depth || best.length >= size) return best;
  const taken = new Set(best.map((hit) => hit.position));
  for (let position = 0; position < size && best.length < depth; position++) {
    if (!taken.has(position)) best.push({ position, score: 0 });
  }
  return best;
}
