import type { Chunk } from '../../../src-shared/chunk';
import type { ChunkStats } from '../../../src-shared/evaluation';

/** Bins from 0 to the limit; bins of the same width continue above it up to the longest chunk. */
const BINS_UP_TO_LIMIT = 10;
/** Bins above the limit, at most: a few giant chunks widen the last bins rather than add dozens. */
const MAX_BINS_OVER_LIMIT = 6;

/**
 * Token statistics of a run, judged against `tokenLimit`: the chunks other chunks name as their parent are not
 * embedded as such (parent-child, layered), so they count in `parents` and nowhere else. The histogram has a bin edge
 * right after the limit, so its bins over the limit hold exactly the `overLimit` chunks.
 */
export function chunkStatistics(chunks: readonly Chunk[], tokenLimit: number): ChunkStats {
  const parentIds = parentIdsOf(chunks);
  const embedded = chunks.filter((chunk) => !parentIds.has(chunk.id));
  const counts = embedded.map((chunk) => chunk.tokenCount).sort((a, b) => a - b);
  const total = counts.reduce((sum, count) => sum + count, 0);
  const longest = counts[counts.length - 1] ?? 0;
  return {
    count: chunks.length,
    tokenLimit,
    parents: chunks.length - embedded.length,
    minTokens: counts[0] ?? 0,
    medianTokens: medianOfSorted(counts),
    maxTokens: longest,
    meanTokens: counts.length > 0 ? total / counts.length : 0,
    totalTokens: total,
    overLimit: counts.filter((count) => count > tokenLimit).length,
    headingOnly: embedded.filter((chunk) => chunk.headingOnly).length,
    histogram: histogramOf(counts, tokenLimit, longest),
  };
}

/** The ids of chunks another chunk names as its parent. */
export function parentIdsOf(chunks: readonly Pick<Chunk, 'parentId'>[]): Set<string> {
  const ids = new Set<string>();
  for (const chunk of chunks) if (chunk.parentId !== null) ids.add(chunk.parentId);
  return ids;
}

function medianOfSorted(sorted: readonly number[]): number {
  if (sorted.length === 0) return 0;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** `[from, to)` bins; the first bin over the limit starts at `tokenLimit + 1` (a chunk of exactly the limit fits). */
function histogramOf(counts: readonly number[], tokenLimit: number, longest: number): ChunkStats['histogram'] {
  const edge = tokenLimit + 1;
  const width = Math.max(1, Math.ceil(edge / BINS_UP_TO_LIMIT));
  const bins: ChunkStats['histogram'] = [];
  for (let from = 0; from < edge; from += width) bins.push({ from, to: Math.min(from + width, edge), count: 0 });
  if (longest >= edge) {
    const overWidth = Math.max(width, Math.ceil((longest + 1 - edge) / MAX_BINS_OVER_LIMIT));
    for (let from = edge; from <= longest; from += overWidth) bins.push({ from, to: from + overWidth, count: 0 });
  }
  let bin = 0;
  for (const count of counts) {
    while (count >= bins[bin]!.to) bin++;
    bins[bin]!.count += 1;
  }
  return bins;
}
