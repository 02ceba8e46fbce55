import type { ChunkRun } from '../../src-shared/api';
import { lintRules } from '../../src-shared/evaluation';

/** One metric of runs A and B, and B − A. */
export interface MetricDelta {
  name: string;
  a: number;
  b: number;
  delta: number;
}

type RunMetrics = Pick<ChunkRun, 'stats' | 'findings'>;

const SIZE_METRICS: ReadonlyArray<[string, (run: RunMetrics) => number]> = [
  ['chunks', (run) => run.stats.count],
  ['min tokens', (run) => run.stats.minTokens],
  ['median tokens', (run) => run.stats.medianTokens],
  ['max tokens', (run) => run.stats.maxTokens],
  ['mean tokens', (run) => oneDecimal(run.stats.meanTokens)],
  ['over limit', (run) => run.stats.overLimit],
];

/**
 * The comparison's metric table: counts and sizes, then the lint findings in all and by kind (in
 * the lint list's rule order; a kind neither run has is left out, it has nothing to compare).
 */
export function metricDeltasOf(a: RunMetrics, b: RunMetrics): { sizes: MetricDelta[]; lint: MetricDelta[] } {
  const sizes = SIZE_METRICS.map(([name, metric]) => deltaOf(name, metric(a), metric(b)));
  const byRuleA = findingsByRule(a);
  const byRuleB = findingsByRule(b);
  const lint = [deltaOf('lint findings', a.findings.length, b.findings.length)];
  for (const rule of lintRules) {
    const countA = byRuleA.get(rule) ?? 0;
    const countB = byRuleB.get(rule) ?? 0;
    if (countA > 0 || countB > 0) lint.push(deltaOf(rule, countA, countB));
  }
  return { sizes, lint };
}

/** A delta as the table shows it: signed when positive. */
export function formatDelta(delta: number): string {
  return delta > 0 ? `+${delta}` : String(delta);
}

function deltaOf(name: string, a: number, b: number): MetricDelta {
  return { name, a, b, delta: oneDecimal(b - a) };
}

function findingsByRule(run: RunMetrics): Map<string, number> {
  const counts = new Map<string, number>();
  for (const finding of run.findings) counts.set(finding.rule, (counts.get(finding.rule) ?? 0) + 1);
  return counts;
}

function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}
