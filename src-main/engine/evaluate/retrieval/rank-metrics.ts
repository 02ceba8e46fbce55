import type { RankMetrics } from '../../../../src-shared/retrieval';

/**
 * Chunk-level metrics of one question's ranking: Recall@k (share of the relevant chunks in the top
 * k), MRR (1 / rank of the first relevant chunk, 0 when none is in the top k) and nDCG@k with binary
 * gains (the ideal ranking puts min(k, relevant) relevant chunks first). `relevant` holds pool positions.
 */
export function rankMetrics(ranked: readonly number[], relevant: ReadonlySet<number>, k: number): Omit<RankMetrics, 'tokensRead'> {
  const top = ranked.slice(0, k);
  let found = 0;
  let firstRank = 0;
  let dcg = 0;
  for (const [index, position] of top.entries()) {
    if (!relevant.has(position)) continue;
    found++;
    if (firstRank === 0) firstRank = index + 1;
    dcg += 1 / Math.log2(index + 2);
  }
  let ideal = 0;
  for (let index = 0; index < Math.min(k, relevant.size); index++) ideal += 1 / Math.log2(index + 2);
  return {
    recallAtK: relevant.size === 0 ? 0 : found / relevant.size,
    mrr: firstRank === 0 ? 0 : 1 / firstRank,
    ndcgAtK: ideal === 0 ? 0 : dcg / ideal,
  };
}
