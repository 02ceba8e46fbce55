import { bestRanked, type RankedPosition, type Retriever } from './retriever';

/**
 * Reciprocal rank fusion (Cormack, Clarke and Büttcher, 2009): each list adds 1 / (k + rank) to a
 * chunk's score, rank from 1. Ranks, not scores, are fused, so BM25's and cosine's scales need no
 * calibration; k = 60 damps the weight of the very first ranks.
 */
export function reciprocalRankFusion(lists: ReadonlyArray<readonly RankedPosition[]>, k: number, depth: number): RankedPosition[] {
  const fused = new Map<number, number>();
  for (const list of lists) {
    for (const [index, { position }] of list.entries()) fused.set(position, (fused.get(position) ?? 0) + 1 / (k + index + 1));
  }
  return bestRanked(
    [...fused].map(([position, score]) => ({ position, score })),
    depth,
  );
}

/** A hybrid retriever: each retriever's best `candidates` per query, fused by reciprocal rank fusion. */
export function hybridRetriever(retrievers: readonly Retriever[], rrfK: number, candidates: number): Retriever {
  return {
    async rank(queries, depth, options = {}) {
      const lists: RankedPosition[][][] = [];
      for (const retriever of retrievers) lists.push(await retriever.rank(queries, Math.max(candidates, depth), options));
      return queries.map((_, query) =>
        reciprocalRankFusion(
          lists.map((list) => list[query]!),
          rrfK,
          depth,
        ),
      );
    },
  };
}
