import { z } from 'zod';
import type { ChunkingStrategy } from '../strategy';
import { measureFor } from '../split/measure';
import { splitParagraphs } from '../split/paragraphs';
import { chunksFromRanges, documentText } from './document-chunks';
import { overlapBelowSize, sizeAndOverlap } from './size-options';
import { packUnits } from './unit-packing';
import { sizeUnitSchema } from '../split/option-schemas';

const optionsSchema = z
  .strictObject({ ...sizeAndOverlap('units of `unit`', { size: 256, overlap: 0 }), unit: sizeUnitSchema.describe('What `size` and `overlap` count (default tokens of the configured tokenizer).') })
  .superRefine(overlapBelowSize);
export type ParagraphsOptions = z.infer<typeof optionsSchema>;

export const paragraphsStrategy: ChunkingStrategy<ParagraphsOptions> = {
  name: 'paragraphs',
  description: 'Baseline: whole paragraphs packed up to a size; a longer paragraph is split at lines, sentences, then words.',
  optionsSchema,
  *chunk(context, options) {
    const composed = documentText(context);
    const measure = measureFor(options.unit, context.tokenizer);
    const ranges = packUnits(composed.text, splitParagraphs(composed.text), options.size, options.overlap, measure);
    yield* chunksFromRanges(context, composed, ranges);
  },
};
