import type { LlmRunReport } from '../engine/enrich/enrich-chunks';
import { addUsage } from '../engine/llm/llm-client';
import { addCosts, describeCost, type LlmEstimate, type LlmUsageReport } from '../engine/llm/llm-usage';
import { printableLine } from './printable';

const number = (value: number) => value.toLocaleString('en-US');
const plural = (count: number, noun: string) => `${number(count)} ${noun}${count === 1 ? '' : 's'}`;

/** `llm: <file>: estimate: ...`: what the LLM steps' prompts would use, counted before any was sent. */
export function estimateLine(displayPath: string, estimate: LlmEstimate): string {
  return `llm: ${printableLine(displayPath)}: estimate: ${describeEstimate(estimate)}\n`;
}

/** `llm: <file>: used: ...`: what the provider counted. */
export function usageLine(displayPath: string, usage: LlmUsageReport): string {
  return `llm: ${printableLine(displayPath)}: used: ${describeUsage(usage)}\n`;
}

export function describeEstimate(estimate: LlmEstimate): string {
  return (
    `${plural(estimate.requests, 'request')} to ${estimate.model} (${number(estimate.diskCacheHits)} more answered from the disk cache), ` +
    `about ${number(estimate.inputTokens)} input tokens, at most ${number(estimate.maxOutputTokens)} output tokens, ` +
    `cost at most ${describeCost(estimate.maxCost, estimate.model)}`
  );
}

export function describeUsage(usage: LlmUsageReport): string {
  const { tokens } = usage;
  return (
    `${plural(usage.requests, 'request')} to ${usage.model} (${number(usage.diskCacheHits)} more answered from the disk cache), ` +
    `${number(tokens.input)} input tokens (${number(tokens.cachedInput)} from the provider's prompt cache), ` +
    `${number(tokens.output)} output tokens, cost ${describeCost(usage.cost, usage.model)}`
  );
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
