import { z } from 'zod';
import { LlmRequestError, postJson } from './http-json';
import type { ChatRequest, ChatResponse, ContentPart, LlmClient } from './llm-client';

export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';
const ANTHROPIC_VERSION = '2023-06-01';

const answerSchema = z.object({
  content: z.array(z.looseObject({ type: z.string(), text: z.string().optional() })),
  usage: z.object({
    input_tokens: z.number().int().nonnegative(),
    output_tokens: z.number().int().nonnegative(),
    cache_read_input_tokens: z.number().int().nonnegative().nullable().optional(),
    cache_creation_input_tokens: z.number().int().nonnegative().nullable().optional(),
  }),
});

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+);base64,(.*)$/s;

/**
 * Anthropic's messages protocol. The part that ends the shared prefix carries `cache_control`, so
 * that every request after the first reads the prefix from Anthropic's prompt cache.
 */
export function anthropicClient(settings: { baseUrl?: string; model: string; apiKey?: string; timeoutMs: number }): LlmClient {
  const baseUrl = (settings.baseUrl ?? ANTHROPIC_DEFAULT_BASE_URL).replace(/\/+$/, '');
  const label = `anthropic (${settings.model})`;
  return {
    provider: 'anthropic',
    baseUrl,
    model: settings.model,
    async chat(request: ChatRequest, signal: AbortSignal): Promise<ChatResponse> {
      const answer = await postJson({
        label,
        url: `${baseUrl}/v1/messages`,
        headers: { 'anthropic-version': ANTHROPIC_VERSION, ...(settings.apiKey ? { 'x-api-key': settings.apiKey } : {}) },
        body: {
          model: settings.model,
          system: request.system,
          messages: request.messages.map((message) => ({
            role: message.role,
            content: message.content.map((part) => partOf(part, label)),
          })),
          max_tokens: request.maxOutputTokens,
          temperature: request.temperature,
        },
        timeoutMs: settings.timeoutMs,
        signal,
      });
      const parsed = answerSchema.safeParse(answer);
      if (!parsed.success) throw new LlmRequestError(`${label}: the answer is not a message`, false);
      const texts = parsed.data.content.flatMap((block) => (block.type === 'text' && block.text !== undefined ? [block.text] : []));
      if (texts.length === 0) throw new LlmRequestError(`${label}: the answer has no text`, false);
      const { usage } = parsed.data;
      const cachedInput = usage.cache_read_input_tokens ?? 0;
      // Anthropic's input_tokens leaves out what was read from or written to the cache.
      const input = usage.input_tokens + cachedInput + (usage.cache_creation_input_tokens ?? 0);
      return { text: texts.join(''), usage: { input, output: usage.output_tokens, cachedInput } };
    },
  };
}

function partOf(part: ContentPart, label: string): unknown {
  if (part.type === 'text') {
    return { type: 'text', text: part.text, ...(part.sharedPrefix ? { cache_control: { type: 'ephemeral' } } : {}) };
  }
  const match = DATA_URL.exec(part.dataUrl);
  if (!match) throw new LlmRequestError(`${label}: an image is not a base64 data URL`, false);
  return { type: 'image', source: { type: 'base64', media_type: match[1], data: match[2] } };
}
