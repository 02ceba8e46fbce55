import { z } from 'zod';
import { checkpoint } from '../../cancellation';
import type { DoclingDocument } from '../../ir/types';
import { DEFAULT_MAX_DOCUMENT_TOKENS, documentPrefix } from '../document-prefix';
import type { EnrichmentContext, EnrichmentStep } from '../step';
import { mostCentral, rankAll, sentencesOf, type RankedSentence } from './central-sentences';

const summaryOptionsSchema = z.strictObject({
  /** Sentences of the document summary. */
  sentences: z.number().int().positive().max(50).default(5),
  /** Whether each chunk gets its own most central sentence as `chunk.enrichments.summary`. */
  perChunk: z.boolean().default(true),
  /** With an LLM configured: whether the document summary is written by it (else extractive). */
  abstractive: z.boolean().default(true),
  /** The most tokens of document text the LLM is sent; a longer document is sent as its outline and central sentences. */
  maxDocumentTokens: z.number().int().positive().default(DEFAULT_MAX_DOCUMENT_TOKENS),
});
export type SummaryOptions = z.infer<typeof summaryOptionsSchema>;

/**
 * An extractive summary: the document's most central sentences (graph-based ranking, see
 * `rankSentences`) in document order, and per chunk its most central sentence. With an LLM
 * configured, the document summary is the LLM's (abstractive); the chunks' stay extractive.
 */
export const summaryStep: EnrichmentStep<SummaryOptions> = {
  name: 'summary',
  version: '2',
  usesLlm: 'optional',
  description: 'Extractive summary: the most central sentences of the document (graph-based ranking), and of each chunk.',
  optionsSchema: summaryOptionsSchema,
  supports: () => true,
  async enrich(document, chunks, context) {
    const perChunk = chunks.map((chunk) => context.memo(chunk, () => sentencesOf(chunk.text)));
    await checkpoint(context.signal);
    const ranked = rankAll(perChunk);
    const chosen = mostCentral(ranked, context.options.sentences);
    const best = new Map<number, RankedSentence>();
    for (const sentence of ranked) {
      const current = best.get(sentence.textIndex);
      if (!current || sentence.score > current.score) best.set(sentence.textIndex, sentence);
    }
    const sentences = chosen.map((sentence) => ({
      text: sentence.text,
      chunk_id: chunks[sentence.textIndex]!.id,
      score: Math.round(sentence.score * 10_000) / 10_000,
    }));
    const extractive = chosen.map((sentence) => sentence.text).join(' ');
    const abstractive = context.llm && context.options.abstractive ? await abstractSummary(document, context) : undefined;
    context.progress(chunks.length, chunks.length);
    return {
      chunks: chunks.map((_, index) => {
        const sentence = context.options.perChunk ? best.get(index) : undefined;
        return sentence ? { text: sentence.text } : undefined;
      }),
      document: {
        summary: abstractive
          ? { text: abstractive, method: 'abstractive', sentences }
          : { text: extractive, method: 'extractive', sentences },
      },
    };
  },
};

/** The LLM's summary of the document (its text, or its outline and central sentences when too long to send whole). */
async function abstractSummary(document: DoclingDocument, context: EnrichmentContext<SummaryOptions>): Promise<string> {
  const prefix = documentPrefix(document, context.redact, context.options.maxDocumentTokens);
  const sentences = context.options.sentences;
  const answer = await context.llm!.chat(
    {
      system:
        'You summarise documents for a search index. Write in the language of the document, in plain prose, ' +
        'with no preamble, no headings and no lists.',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: prefix.prompt, sharedPrefix: true },
            {
              type: 'text',
              text: `Summarise this document in at most ${sentences} sentences: its subject, its purpose and its main points.`,
            },
          ],
        },
      ],
    },
    context.signal,
  );
  return answer.trim();
}
