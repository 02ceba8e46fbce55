import { describe, expect, it } from 'vitest';
import type { ChunkRun } from '../../src-shared/api';
import type { LintRule } from '../../src-shared/evaluation';
import { formatDelta, metricDeltasOf } from './metric-deltas';

function runWith(count: number, meanTokens: number, rules: LintRule[]): Pick<ChunkRun, 'stats' | 'findings'> {
  return {
    stats: {
      count,
      tokenLimit: 256,
      parents: 0,
      minTokens: 3,
      medianTokens: 40,
      maxTokens: 90,
      meanTokens,
      totalTokens: count * meanTokens,
      overLimit: rules.filter((r) => r === 'over-limit').length,
      headingOnly: 0,
      histogram: [],
    },
    findings: rules.map((rule, index) => ({ rule, severity: 'warning', chunkId: `c${index}`, chunkIndex: index, message: rule })),
  };
}

describe('metricDeltasOf', () => {
  const a = runWith(10, 41.26, ['sentence-cut', 'over-limit', 'sentence-cut', 'heading-only']);
  const b = runWith(14, 30.04, ['sentence-cut', 'tiny-orphan', 'tiny-orphan']);
  const { sizes, lint } = metricDeltasOf(a, b);

  it('gives B − A of counts and sizes, rounded to one decimal', () => {
    expect(sizes.find((row) => row.name === 'chunks')).toEqual({ name: 'chunks', a: 10, b: 14, delta: 4 });
    expect(sizes.find((row) => row.name === 'mean tokens')).toEqual({ name: 'mean tokens', a: 41.3, b: 30, delta: -11.3 });
    expect(sizes.find((row) => row.name === 'over limit')).toEqual({ name: 'over limit', a: 1, b: 0, delta: -1 });
  });

  it('counts lint findings in all and by kind, in rule order, leaving out kinds neither run has', () => {
    expect(lint).toEqual([
      { name: 'lint findings', a: 4, b: 3, delta: -1 },
      { name: 'over-limit', a: 1, b: 0, delta: -1 },
      { name: 'heading-only', a: 1, b: 0, delta: -1 },
      { name: 'tiny-orphan', a: 0, b: 2, delta: 2 },
      { name: 'sentence-cut', a: 2, b: 1, delta: -1 },
    ]);
  });

  it('has only the total when neither run has a finding', () => {
    expect(metricDeltasOf(runWith(2, 5, []), runWith(3, 5, [])).lint).toEqual([{ name: 'lint findings', a: 0, b: 0, delta: 0 }]);
  });
});

describe('formatDelta', () => {
  it('signs increases and leaves decreases and no change as they are', () => {
    expect([formatDelta(4), formatDelta(-1.5), formatDelta(0)]).toEqual(['+4', '-1.5', '0']);
  });
});
