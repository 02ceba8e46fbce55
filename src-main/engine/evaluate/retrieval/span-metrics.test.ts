import { describe, expect, it } from 'vitest';
import { precisionOmega, retrievalSpanMetrics, type ScoredChunk } from './span-metrics';
import { rankMetrics } from './rank-metrics';

const chunk = (corpusId: string, ...ranges: Array<[number, number]>): ScoredChunk => ({
  corpusId,
  intervals: ranges.map(([start, end]) => ({ page: 0, start, end })),
});
const reference = (start: number, end: number) => ({ page: 0, start, end });

describe('span metrics (chunkeval definitions)', () => {
  it('counts covered reference characters once, sums retrieved lengths plainly and counts chunks of other corpora in full', () => {
    const references = [reference(10, 30), reference(50, 60)];
    // two overlapping chunks both covering [20, 30), one chunk of another corpus at the same offsets
    const retrieved = [chunk('a', [0, 30]), chunk('a', [20, 40]), chunk('b', [50, 60])];
    const metrics = retrievalSpanMetrics('a', references, retrieved);
    expect(metrics.recall).toBeCloseTo(20 / 30);
    expect(metrics.precision).toBeCloseTo(20 / (30 + 20 + 10));
    // IoU adds the 10 uncovered reference characters to the same plain sum
    expect(metrics.iou).toBeCloseTo(20 / (60 + 10));
  });

  it('takes a chunk that only touches a reference into precision-Ω, and the characters no chunk names into its denominator', () => {
    const references = [reference(10, 20)];
    // [0, 10) touches the reference; [12, 30) covers part of it; [10, 12) lies in no chunk
    const corpus = [chunk('a', [0, 10]), chunk('a', [12, 30]), chunk('a', [40, 50])];
    expect(precisionOmega(references, corpus)).toBeCloseTo(8 / 30);
  });

  it('places a chunk by all its spans: a chunk of two pieces covers both', () => {
    const metrics = retrievalSpanMetrics('a', [reference(0, 10), reference(20, 30)], [chunk('a', [0, 10], [20, 25])]);
    expect(metrics.recall).toBeCloseTo(15 / 20);
    expect(metrics.precision).toBeCloseTo(1);
  });

  it('gives zero, not NaN, for an empty retrieval', () => {
    expect(retrievalSpanMetrics('a', [reference(0, 10)], [])).toEqual({ recall: 0, precision: 0, iou: 0 });
  });
});

describe('rank metrics', () => {
  it('scores Recall@k, MRR and nDCG@k with binary gains', () => {
    const metrics = rankMetrics([7, 3, 9, 1], new Set([3, 1, 5]), 3);
    expect(metrics.recallAtK).toBeCloseTo(1 / 3);
    expect(metrics.mrr).toBeCloseTo(1 / 2);
    const ideal = 1 + 1 / Math.log2(3) + 1 / Math.log2(4);
    expect(metrics.ndcgAtK).toBeCloseTo(1 / Math.log2(3) / ideal);
  });
});
