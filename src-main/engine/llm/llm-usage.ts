import type { ModelPrice } from '../../../src-shared/pipeline-config';
import { readImageHeader } from '../parse/image-header';
import { dataUriBytes } from '../parse/image-ref';
import { tokenizerById } from '../tokenize/registry';
import type { ChatRequest, TokenUsage } from './llm-client';

/** An estimated cost in USD, or `unknown` where the config has no price for the model: never a guessed price. */
export type Cost = number | 'unknown';

/** What a run used: requests sent, answers taken from the disk cache, the provider's token counts and their cost. */
export interface LlmUsageReport {
  model: string;
  requests: number;
  diskCacheHits: number;
  tokens: TokenUsage;
  cost: Cost;
}

/**
 * What a run would use, from its prompts counted before any is sent: `inputTokens` of the requests
 * the disk cache cannot answer, and at most `maxOutputTokens` answered; `maxCost` prices them as if
 * every answer were as long as allowed and no prompt were cached by the provider.
 */
export interface LlmEstimate {
  model: string;
  requests: number;
  diskCacheHits: number;
  inputTokens: number;
  maxOutputTokens: number;
  maxCost: Cost;
}

const TOKENS_PER_MILLION = 1_000_000;
/** The tokens an image of unknown size is counted as. */
const UNKNOWN_IMAGE_TOKENS = 1_600;
/** Providers scale large images down to about this many tokens. */
const MAX_IMAGE_TOKENS = 1_600;
/** Anthropic documents an image as about (width × height) / 750 tokens; OpenAI's tiles come close. */
const PIXELS_PER_IMAGE_TOKEN = 750;

export function costOf(tokens: TokenUsage, price: ModelPrice | undefined): Cost {
  if (!price) return 'unknown';
  const uncached = tokens.input - tokens.cachedInput;
  const cached = tokens.cachedInput * (price.cachedInput ?? price.input);
  return (uncached * price.input + cached + tokens.output * price.output) / TOKENS_PER_MILLION;
}

export function addCosts(a: Cost, b: Cost): Cost {
  return a === 'unknown' || b === 'unknown' ? 'unknown' : a + b;
}

/**
 * The input tokens of a request, counted with o200k (the encoding of OpenAI's current models;
 * other providers' tokenizers differ by some percent, which an estimate allows for).
 */
export function estimateInputTokens(request: ChatRequest): number {
  const tokenizer = tokenizerById('tiktoken:o200k_base');
  let tokens = tokenizer.count(request.system);
  for (const message of request.messages) {
    for (const part of message.content) tokens += part.type === 'text' ? tokenizer.count(part.text) : imageTokens(part.dataUrl);
  }
  return tokens;
}

function imageTokens(dataUrl: string): number {
  const bytes = dataUriBytes(dataUrl);
  const header = bytes ? readImageHeader(bytes) : undefined;
  if (!header) return UNKNOWN_IMAGE_TOKENS;
  return Math.min(MAX_IMAGE_TOKENS, Math.ceil((header.width * header.height) / PIXELS_PER_IMAGE_TOKEN));
}

/** `$1.25`, `$0.0042`, or `unknown (no price for <model> in llm.prices)`. */
export function describeCost(cost: Cost, model: string): string {
  if (cost === 'unknown') return `unknown (no price for ${model} in llm.prices)`;
  return `$${cost === 0 || cost >= 0.01 ? cost.toFixed(2) : cost.toPrecision(2)}`;
}

const number = (value: number) => value.toLocaleString('en-US');
const plural = (count: number, noun: string) => `${number(count)} ${noun}${count === 1 ? '' : 's'}`;

/** An estimate as the CLI prints it and the workbench's run log shows it. */
export function describeEstimate(estimate: LlmEstimate): string {
  return (
    `${plural(estimate.requests, 'request')} to ${estimate.model} (${number(estimate.diskCacheHits)} more answered from the disk cache), ` +
    `about ${number(estimate.inputTokens)} input tokens, at most ${number(estimate.maxOutputTokens)} output tokens, ` +
    `cost at most ${describeCost(estimate.maxCost, estimate.model)}`
  );
}

/** What a run used, as the CLI prints it and the workbench's run log shows it. */
export function describeUsage(usage: LlmUsageReport): string {
  const { tokens } = usage;
  return (
    `${plural(usage.requests, 'request')} to ${usage.model} (${number(usage.diskCacheHits)} more answered from the disk cache), ` +
    `${number(tokens.input)} input tokens (${number(tokens.cachedInput)} from the provider's prompt cache), ` +
    `${number(tokens.output)} output tokens, cost ${describeCost(usage.cost, usage.model)}`
  );
}
