import type { ModelPrice } from '../../../src-shared/pipeline-config';
import { isStratumError, StratumError } from '../../../src-shared/errors';
import { stableHash } from '../chunk/chunk-id';
import { ConcurrencyLimit } from './concurrency-limit';
import { LlmDiskCache } from './disk-cache';
import { addUsage, NO_USAGE, type ChatMessage, type ChatRequest, type ChatResponse, type LlmClient, type TokenUsage } from './llm-client';
import { costOf, estimateInputTokens, type LlmEstimate, type LlmUsageReport } from './llm-usage';
import { withRetries, type RetryPolicy } from './retry';

export interface LlmSessionSettings {
  client: LlmClient;
  /** `send` asks the provider; `estimate` only counts what would be asked (the run's estimate before it runs). */
  mode: 'send' | 'estimate';
  concurrency: number;
  retry: RetryPolicy;
  cache?: LlmDiskCache;
  price?: ModelPrice;
  maxOutputTokens: number;
  temperature: number;
  /** The API key: removed from every message an error carries. */
  secret?: string;
}

/** What a step asks: a system prompt and messages; the session adds the model's settings. */
export interface LlmPrompt {
  system: string;
  messages: ChatMessage[];
  /** Fewer than the session's maximum, for short answers (a label, a name). */
  maxOutputTokens?: number;
}

const REDACTED = '[redacted key]';
const NEVER_ABORTED = new AbortController().signal;

/**
 * The LLM as enrichment steps see it: one provider and model, at most `concurrency` requests at a
 * time, each retried on 429, 5xx and network failures, answered from the disk cache when it was
 * asked before, and the same request made once even when two chunks ask it together. Counts the
 * tokens the provider reports and what they cost. Errors never carry the key.
 */
export class LlmSession {
  readonly provider: string;
  readonly model: string;
  /** Names everything that changes an answer besides the prompt: part of the memo keys of the steps that ask. */
  readonly fingerprint: string;
  private readonly limit: ConcurrencyLimit;
  private readonly inFlight = new Map<string, Promise<ChatResponse>>();
  private requests = 0;
  private diskCacheHits = 0;
  private tokens: TokenUsage = NO_USAGE;
  private estimatedInput = 0;
  private estimatedOutput = 0;

  constructor(private readonly settings: LlmSessionSettings) {
    const { client, maxOutputTokens, temperature } = settings;
    this.provider = client.provider;
    this.model = client.model;
    this.fingerprint = stableHash({
      provider: client.provider,
      baseUrl: client.baseUrl,
      model: client.model,
      maxOutputTokens,
      temperature,
    });
    this.limit = new ConcurrencyLimit(settings.concurrency);
  }

  get estimating(): boolean {
    return this.settings.mode === 'estimate';
  }

  /** The answer's text; in `estimate` mode the cached answer or an empty text. */
  async chat(prompt: LlmPrompt, signal: AbortSignal = NEVER_ABORTED): Promise<string> {
    const request: ChatRequest = {
      system: prompt.system,
      messages: prompt.messages,
      maxOutputTokens: Math.min(prompt.maxOutputTokens ?? this.settings.maxOutputTokens, this.settings.maxOutputTokens),
      temperature: this.settings.temperature,
    };
    const key = LlmDiskCache.keyOf(this.settings.client, request);
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.answer(key, request, signal).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    try {
      return (await pending).text;
    } catch (error) {
      throw this.redacted(error);
    }
  }

  /** Tokens and cost so far, as the provider counted them. */
  usage(): LlmUsageReport {
    const { model, requests, diskCacheHits, tokens } = this;
    return { model, requests, diskCacheHits, tokens, cost: costOf(tokens, this.settings.price) };
  }

  /** In `estimate` mode: what the prompts asked so far would use. */
  estimate(): LlmEstimate {
    const { model, requests, diskCacheHits, estimatedInput, estimatedOutput } = this;
    const maxCost = costOf({ input: estimatedInput, output: estimatedOutput, cachedInput: 0 }, this.settings.price);
    return { model, requests, diskCacheHits, inputTokens: estimatedInput, maxOutputTokens: estimatedOutput, maxCost };
  }

  private async answer(key: string, request: ChatRequest, signal: AbortSignal): Promise<ChatResponse> {
    const { cache, client } = this.settings;
    const cached = await cache?.get(key);
    if (cached) {
      this.diskCacheHits++;
      return cached;
    }
    if (this.estimating) {
      this.requests++;
      this.estimatedInput += estimateInputTokens(request);
      this.estimatedOutput += request.maxOutputTokens;
      return { text: '', usage: NO_USAGE };
    }
    const answered = await this.limit.run(() => withRetries(() => client.chat(request, signal), this.settings.retry, signal), signal);
    // an answer that quotes the key (the prompt held it by mistake) is cached and returned without it
    const response = { ...answered, text: this.withoutSecret(answered.text) };
    this.requests++;
    this.tokens = addUsage(this.tokens, response.usage);
    await cache?.set(key, response);
    return response;
  }

  private redacted(error: unknown): unknown {
    const message = isStratumError(error) || error instanceof Error ? error.message : String(error);
    const redacted = this.withoutSecret(message);
    return redacted === message ? error : new StratumError(isStratumError(error) ? error.code : 'llm', redacted);
  }

  private withoutSecret(text: string): string {
    const secret = this.settings.secret;
    return secret && text.includes(secret) ? text.split(secret).join(REDACTED) : text;
  }
}
