import { z } from 'zod';
import { DEFAULT_MAX_DOCUMENT_TOKENS, documentPrefix } from '../document-prefix';
import type { EnrichmentStep } from '../step';

const contextOptionsSchema = z.strictObject({
  /** Whether the context is put before each chunk's contextualized (embedded) text. */
  prepend: z.boolean().default(false),
  /** The most tokens of document text sent; a longer document is sent as its outline and central sentences. */
  maxDocumentTokens: z.number().int().positive().default(DEFAULT_MAX_DOCUMENT_TOKENS),
  /** The longest context, in tokens. */
  maxTokens: z.number().int().positive().max(1000).default(120),
});
export type ContextOptions = z.infer<typeof contextOptionsSchema>;

const SYSTEM =
  'You help a search engine retrieve passages of a document. Given the document and one chunk of it, you write a short ' +
  'context that situates the chunk within the document: what the document is, which part the chunk belongs to and what ' +
  'the chunk is about, naming what its text leaves implicit. One to three sentences, in the language of the document. ' +
  'Answer with the context only.';

/**
 * Contextual retrieval: for each chunk, a short context written by the LLM that situates it in its
 * document, as `chunk.enrichments.context: { text }`; with `prepend`, also put before the chunk's
 * contextualized text. The document comes first in every request, the same for all its chunks, so
 * the provider's prompt cache serves it after the first request.
 */
export const contextStep: EnrichmentStep<ContextOptions> = {
  name: 'context',
  version: '1',
  usesLlm: 'required',
  description:
    "Contextual retrieval: an LLM's short context situating each chunk in its document, optionally prepended to the embedded text.",
  optionsSchema: contextOptionsSchema,
  supports: () => true,
  async enrich(document, chunks, context) {
    const llm = context.llm!;
    const prefix = documentPrefix(document, context.redact, context.options.maxDocumentTokens);
    let done = 0;
    const contexts = await Promise.all(
      chunks.map(async (chunk) => {
        if (chunk.text.trim() === '') return undefined;
        const text = await context.memoAsync(
          chunk,
          () =>
            llm.chat(
              {
                system: SYSTEM,
                messages: [
                  {
                    role: 'user',
                    content: [
                      { type: 'text', text: prefix.prompt, sharedPrefix: true },
                      { type: 'text', text: `Here is the chunk to situate within the document:\n<chunk>\n${chunk.text}\n</chunk>` },
                    ],
                  },
                ],
                maxOutputTokens: context.options.maxTokens,
              },
              context.signal,
            ),
          prefix.hash,
        );
        context.progress(++done, chunks.length);
        return text.trim();
      }),
    );
    return {
      chunks: contexts.map((text) => (text ? { text } : undefined)),
      ...(context.options.prepend
        ? {
            texts: chunks.map((chunk, index) => {
              const text = contexts[index];
              return text
                ? { text: chunk.text, contextualizedText: `${text}\n\n${chunk.contextualizedText}`, headingPath: chunk.headingPath }
                : undefined;
            }),
          }
        : {}),
      document: { prefix: prefix.kind },
    };
  },
};
