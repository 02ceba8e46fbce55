import { z } from 'zod';
import { splitSentences } from '../../chunk/split/sentences';
import { checkpoint } from '../../cancellation';
import type { EnrichmentStep } from '../step';
import { termCountsOf, type TermCounts } from '../terms/term-statistics';
import { rankSentences } from './sentence-rank';

const summaryOptionsSchema = z.strictObject({
  /** Sentences of the document summary. */
  sentences: z.number().int().positive().max(50).default(5),
  /** Whether each chunk gets its own most central sentence as `chunk.enrichments.summary`. */
  perChunk: z.boolean().default(true),
});
export type SummaryOptions = z.infer<typeof summaryOptionsSchema>;

/** Fewer words make a heading, a label or a fragment: not a sentence to summarise with. */
const MIN_SENTENCE_WORDS = 5;

interface ChunkSentence {
  text: string;
  counts: TermCounts;
}

/**
 * An extractive summary: the document's most central sentences (graph-based ranking, see
 * `rankSentences`) in document order, and per chunk its most central sentence.
 */
export const summaryStep: EnrichmentStep<SummaryOptions> = {
  name: 'summary',
  version: '1',
  description: 'Extractive summary: the most central sentences of the document (graph-based ranking), and of each chunk.',
  optionsSchema: summaryOptionsSchema,
  supports: () => true,
  async enrich(_document, chunks, context) {
    const perChunk = chunks.map((chunk) => context.memo(chunk, () => sentencesOf(chunk.text)));
    await checkpoint(context.signal);
    const all = perChunk.flatMap((sentences, chunkIndex) => sentences.map((sentence) => ({ ...sentence, chunkIndex })));
    const scores = rankSentences(all.map((sentence) => sentence.counts));
    context.progress(chunks.length, chunks.length);
    const ranked = all.map((sentence, order) => ({ ...sentence, order, score: scores[order]! }));

    const chosen: typeof ranked = [];
    const seen = new Set<string>();
    for (const sentence of [...ranked].sort((a, b) => b.score - a.score || a.order - b.order)) {
      if (chosen.length >= context.options.sentences) break;
      // overlapping chunks (parent-child, layered, overlap) repeat sentences
      if (seen.has(sentence.text)) continue;
      seen.add(sentence.text);
      chosen.push(sentence);
    }
    chosen.sort((a, b) => a.order - b.order);
    const best = new Map<number, (typeof ranked)[number]>();
    for (const sentence of ranked) {
      const current = best.get(sentence.chunkIndex);
      if (!current || sentence.score > current.score) best.set(sentence.chunkIndex, sentence);
    }
    return {
      chunks: chunks.map((_, index) => {
        const sentence = context.options.perChunk ? best.get(index) : undefined;
        return sentence ? { text: sentence.text } : undefined;
      }),
      document: {
        summary: {
          text: chosen.map((sentence) => sentence.text).join(' '),
          sentences: chosen.map((sentence) => ({
            text: sentence.text,
            chunk_id: chunks[sentence.chunkIndex]!.id,
            score: Math.round(sentence.score * 10_000) / 10_000,
          })),
        },
      },
    };
  },
};

function sentencesOf(text: string): ChunkSentence[] {
  return splitSentences(text)
    .map((range) => text.slice(range.start, range.end).replace(/\s+/g, ' ').trim())
    .map((sentence) => ({ text: sentence, counts: termCountsOf(sentence) }))
    .filter((sentence) => sentence.counts.wordCount >= MIN_SENTENCE_WORDS);
}
