import type { LlmProvider } from '../../../src-shared/pipeline-config';

/**
 * A part of a message: text, or an image as a `data:` URL. `sharedPrefix` marks the last part of
 * the prefix that many requests of a run repeat (the document a chunk is situated in): providers
 * that cache prompts explicitly (Anthropic's `cache_control`) are told to cache up to there.
 */
export type ContentPart = { type: 'text'; text: string; sharedPrefix?: boolean } | { type: 'image'; dataUrl: string };

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: ContentPart[];
}

export interface ChatRequest {
  system: string;
  messages: ChatMessage[];
  maxOutputTokens: number;
  temperature: number;
}

/** Tokens as the provider counted them; `cachedInput` is the part of `input` read from its prompt cache. */
export interface TokenUsage {
  input: number;
  output: number;
  cachedInput: number;
}

export interface ChatResponse {
  text: string;
  usage: TokenUsage;
}

/** One provider's chat endpoint: one request, one answer; retries, limits and caching are the session's. */
export interface LlmClient {
  readonly provider: LlmProvider;
  readonly baseUrl: string;
  readonly model: string;
  chat(request: ChatRequest, signal: AbortSignal): Promise<ChatResponse>;
}

export const NO_USAGE: TokenUsage = { input: 0, output: 0, cachedInput: 0 };

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return { input: a.input + b.input, output: a.output + b.output, cachedInput: a.cachedInput + b.cachedInput };
}
