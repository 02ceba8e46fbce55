import type { Chunk } from '../../../src-shared/chunk';
import type { ChunkStats } from '../../../src-shared/evaluation';

const HISTOGRAM_BINS = 12;

/** Token statistics of a run; the histogram spans 0 to the larger of the limit and the longest chunk. */
export function chunkStatistics(chunks: readonly Chunk[], maxTokens: number): ChunkStats {
  const counts = chunks.map((chunk) => chunk.tokenCount).sort((a, b) => a - b);
  const total = counts.reduce((sum, count) => sum + count, 0);
  const longest = counts[counts.length - 1] ?? 0;
  return {
    count: counts.length,
    minTokens: counts[0] ?? 0,
    medianTokens: medianOfSorted(counts),
    maxTokens: longest,
    meanTokens: counts.length > 0 ? total / counts.length : 0,
    totalTokens: total,
    overLimit: counts.filter((count) => count > maxTokens).length,
    headingOnly: chunks.filter((chunk) => chunk.headingOnly).length,
    histogram: histogramOf(counts, Math.max(maxTokens, longest)),
  };
}

function medianOfSorted(sorted: readonly number[]): number {
  if (sorted.length === 0) return 0;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function histogramOf(counts: readonly number[], upper: number): ChunkStats['histogram'] {
  const width = Math.max(1, Math.ceil(upper / HISTOGRAM_BINS));
  const bins = Array.from({ length: HISTOGRAM_BINS }, (_, i) => ({ from: i * width, to: (i + 1) * width, count: 0 }));
  for (const count of counts) {
    const bin = bins[Math.min(HISTOGRAM_BINS - 1, Math.floor(count / width))]!;
    bin.count += 1;
  }
  return bins;
}
