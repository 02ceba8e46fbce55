/** A pool position with the score a retriever gave it. */
export interface RankedPosition {
  position: number;
  score: number;
}

export interface RankOptions {
  signal?: AbortSignal;
  /** Queries (or texts) done so far, of `total`. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Ranks a pool's chunks for queries: for each query, at most `depth` positions, best first. Built
 * over one pool (`createRetriever`); BM25, dense, hybrid and reranking retrievers all answer this.
 */
export interface Retriever {
  rank(queries: readonly string[], depth: number, options?: RankOptions): Promise<RankedPosition[][]>;
}

/** The `depth` best of `scored`, best first; equal scores by pool position (chunk order), so results never depend on a sort's whims. */
export function bestRanked(scored: RankedPosition[], depth: number): RankedPosition[] {
  return scored.sort((a, b) => b.score - a.score || a.position - b.position).slice(0, depth);
}

/** Queries between checks for cancellation and progress reports. */
export const QUERIES_PER_STEP = 64;
