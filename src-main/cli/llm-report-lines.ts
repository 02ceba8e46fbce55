import type { LlmRunReport } from '../engine/enrich/enrich-chunks';
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

/** The sum of several files' reports, for the batch's total line. */
export function totalOf(reports: readonly LlmRunReport[]): LlmRunReport | undefined {
  const [first, ...rest] = reports;
  if (!first) return undefined;
  return rest.reduce<LlmRunReport>(
    (sum, report) => ({
      estimate: {
        model: sum.estimate.model,
        requests: sum.estimate.requests + report.estimate.requests,
        diskCacheHits: sum.estimate.diskCacheHits + report.estimate.diskCacheHits,
        inputTokens: sum.estimate.inputTokens + report.estimate.inputTokens,
        maxOutputTokens: sum.estimate.maxOutputTokens + report.estimate.maxOutputTokens,
        maxCost: addCosts(sum.estimate.maxCost, report.estimate.maxCost),
      },
      usage: {
        model: sum.usage.model,
        requests: sum.usage.requests + report.usage.requests,
        diskCacheHits: sum.usage.diskCacheHits + report.usage.diskCacheHits,
        tokens: {
          input: sum.usage.tokens.input + report.usage.tokens.input,
          output: sum.usage.tokens.output + report.usage.tokens.output,
          cachedInput: sum.usage.tokens.cachedInput + report.usage.tokens.cachedInput,
        },
        cost: addCosts(sum.usage.cost, report.usage.cost),
      },
    }),
    first,
  );
}
