import type { LlmRunReport } from '../engine/enrich/enrich-chunks';
import { addUsage } from '../engine/llm/llm-client';
import { addCosts, describeEstimate, describeUsage, type LlmEstimate, type LlmUsageReport } from '../engine/llm/llm-usage';
import { printableLine } from './printable';

/** `llm: <file>: estimate: ...`: what the LLM steps' prompts would use, counted before any was sent. */
export function estimateLine(displayPath: string, estimate: LlmEstimate): string {
  return `llm: ${printableLine(displayPath)}: estimate: ${describeEstimate(estimate)}\n`;
}

/** `llm: <file>: used: ...`: what the provider counted. */
export function usageLine(displayPath: string, usage: LlmUsageReport): string {
  return `llm: ${printableLine(displayPath)}: used: ${describeUsage(usage)}\n`;
}

/** The sum of several files' reports, for the batch's total line (usage only when every file has one). */
export function totalOf(reports: readonly LlmRunReport[]): LlmRunReport | undefined {
  const [first, ...rest] = reports;
  if (!first) return undefined;
  const estimate = rest.reduce<LlmEstimate>(
    (sum, { estimate: next }) => ({
      model: sum.model,
      requests: sum.requests + next.requests,
      diskCacheHits: sum.diskCacheHits + next.diskCacheHits,
      inputTokens: sum.inputTokens + next.inputTokens,
      maxOutputTokens: sum.maxOutputTokens + next.maxOutputTokens,
      maxCost: addCosts(sum.maxCost, next.maxCost),
    }),
    first.estimate,
  );
  const usages = reports.flatMap((report) => (report.usage ? [report.usage] : []));
  if (usages.length < reports.length) return { estimate };
  const usage = usages.reduce((sum, next) => ({
    model: sum.model,
    requests: sum.requests + next.requests,
    diskCacheHits: sum.diskCacheHits + next.diskCacheHits,
    tokens: addUsage(sum.tokens, next.tokens),
    cost: addCosts(sum.cost, next.cost),
  }));
  return { estimate, usage };
}
