import { z } from 'zod';
import { checkpoint } from '../../cancellation';
import type { EnrichmentStep } from '../step';
import { STOP_WORD_LANGUAGES } from '../terms/stop-words';
import { termCountsOf } from '../terms/term-statistics';
import { termWeighting } from './tf-idf';

const keywordsOptionsSchema = z.strictObject({
  /** Key terms kept per chunk. */
  topK: z.number().int().positive().max(100).default(8),
  /** Whose stop words are left out; `auto` recognises the document's language from its own words. */
  language: z.enum(['auto', ...STOP_WORD_LANGUAGES]).default('auto'),
});
export type KeywordsOptions = z.infer<typeof keywordsOptionsSchema>;

/** Chunks between checks for cancellation. */
const CHECK_EVERY = 256;

/** `chunk.enrichments.keywords`: the chunk's key terms, `[{ term, score }]`, by TF-IDF against its document or batch. */
export const keywordsStep: EnrichmentStep<KeywordsOptions> = {
  name: 'keywords',
  version: '1',
  description: 'Key terms per chunk by TF-IDF against the document (the batch in CLI batch mode), stop words left out.',
  optionsSchema: keywordsOptionsSchema,
  supports: () => true,
  async enrich(_document, chunks, context) {
    const counts = chunks.map((chunk) => context.memo(chunk, () => termCountsOf(chunk.text)));
    const weighting = termWeighting(counts, context.options.language, context.batch);
    const results: unknown[] = [];
    for (const [index, chunkCounts] of counts.entries()) {
      if (index % CHECK_EVERY === 0) {
        await checkpoint(context.signal);
        context.progress(index, chunks.length);
      }
      results.push(
        weighting
          .weigh(chunkCounts)
          .slice(0, context.options.topK)
          .map(({ term, score }) => ({ term, score: round(score) })),
      );
    }
    context.progress(chunks.length, chunks.length);
    return {
      chunks: results,
      document: { language: weighting.language ?? null, idf: context.batch ? 'batch' : 'document' },
    };
  },
};

function round(score: number): number {
  return Math.round(score * 10_000) / 10_000;
}
