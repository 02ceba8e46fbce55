import { z } from 'zod';
import { LlmRequestError, postJson } from './http-json';
import type { ChatRequest, ChatResponse, ContentPart, LlmClient } from './llm-client';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

const answerSchema = z.object({
  choices: z
    .array(z.object({ message: z.object({ content: z.string().nullable().optional() }), finish_reason: z.string().nullable().optional() }))
    .min(1),
  usage: z
    .object({
      prompt_tokens: z.number().int().nonnegative(),
      completion_tokens: z.number().int().nonnegative(),
      prompt_tokens_details: z.object({ cached_tokens: z.number().int().nonnegative().optional() }).nullable().optional(),
    })
    .optional(),
});

/**
 * The chat-completions protocol: OpenAI, and the local servers that speak it (Ollama, llama.cpp
 * server, vLLM, LM Studio). Providers of this protocol cache a repeated prompt prefix on their own
 * (OpenAI reports it as `cached_tokens`), so the shared prefix needs no marking.
 */
export function openAiCompatibleClient(settings: { baseUrl?: string; model: string; apiKey?: string; timeoutMs: number }): LlmClient {
  const baseUrl = (settings.baseUrl ?? OPENAI_DEFAULT_BASE_URL).replace(/\/+$/, '');
  const label = `openai-compatible (${settings.model})`;
  return {
    provider: 'openai-compatible',
    baseUrl,
    model: settings.model,
    async chat(request: ChatRequest, signal: AbortSignal): Promise<ChatResponse> {
      const answer = await postJson({
        label,
        url: `${baseUrl}/chat/completions`,
        headers: settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {},
        body: {
          model: settings.model,
          messages: [
            { role: 'system', content: request.system },
            ...request.messages.map((message) => ({ role: message.role, content: contentOf(message.content) })),
          ],
          max_tokens: request.maxOutputTokens,
          temperature: request.temperature,
        },
        timeoutMs: settings.timeoutMs,
        signal,
      });
      const parsed = answerSchema.safeParse(answer);
      if (!parsed.success) throw new LlmRequestError(`${label}: the answer is not a chat completion`, false);
      const text = parsed.data.choices[0]!.message.content;
      if (typeof text !== 'string') throw new LlmRequestError(`${label}: the answer has no text`, false);
      const usage = parsed.data.usage;
      return {
        text,
        usage: {
          input: usage?.prompt_tokens ?? 0,
          output: usage?.completion_tokens ?? 0,
          cachedInput: usage?.prompt_tokens_details?.cached_tokens ?? 0,
        },
      };
    },
  };
}

/** Text alone as one string, parts apart by a blank line (what every server of the protocol reads); with images, the list of parts. */
function contentOf(parts: readonly ContentPart[]): string | unknown[] {
  if (parts.every((part) => part.type === 'text')) return parts.map((part) => part.text).join('\n\n');
  return parts.map((part) =>
    part.type === 'text' ? { type: 'text', text: part.text } : { type: 'image_url', image_url: { url: part.dataUrl } },
  );
}
