import { z } from 'zod';
import type { ChunkingStrategy } from '../strategy';
import { countCharacters } from '../split/measure';
import { recursiveSplit } from '../split/recursive';
import { chunkPlainText } from './document-chunks';
import { overlapBelowSize, sizeAndOverlap } from './size-options';

const optionsSchema = z
  .strictObject({
    ...sizeAndOverlap('units of `lengthUnit`', { size: 400, overlap: 0 }),
    separators: z
      .array(z.string({ error: 'must be a list of strings' }), { error: 'must be a list of strings' })
      .min(1, { error: 'must name at least one separator' })
      .default(['\n\n', '\n', ' ', ''])
      .describe('Tried in order, as in LangChain; "" splits into characters (default ["\\n\\n", "\\n", " ", ""]).'),
    lengthUnit: z
      .enum(['characters', 'tokens'], { error: 'must be "characters" or "tokens"' })
      .default('tokens')
      .describe('What `size` and `overlap` count (default tokens of the configured tokenizer).'),
  })
  .superRefine(overlapBelowSize);
type RecursiveOptions = z.infer<typeof optionsSchema>;

export const recursiveStrategy: ChunkingStrategy<RecursiveOptions> = {
  name: 'recursive',
  description: "Baseline: LangChain's recursive character splitter (same chunks), sized in characters or tokens.",
  optionsSchema,
  size: { option: 'size', unitOption: 'lengthUnit', tokenLimit: (options) => (options.lengthUnit === 'tokens' ? options.size : null) },
  chunk: chunkPlainText((text, options, context) => {
    const tokens = options.lengthUnit === 'tokens';
    return recursiveSplit(text, {
      separators: options.separators,
      chunkSize: options.size,
      chunkOverlap: options.overlap,
      measure: tokens ? (piece) => context.tokenizer.count(piece) : countCharacters,
      costlyMeasure: tokens,
    });
  }),
};
