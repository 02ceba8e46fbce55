import type { ChunkingStrategy } from '../strategy';
import { splitParagraphs } from '../split/paragraphs';
import { packedUnitsOptionsSchema, packedUnitsSize, type PackedUnitsOptions } from './size-options';
import { chunkPackedUnits } from './unit-packing';

export const paragraphsStrategy: ChunkingStrategy<PackedUnitsOptions> = {
  name: 'paragraphs',
  description: 'Baseline: whole paragraphs packed up to a size; a longer paragraph is split at lines, sentences, then words.',
  optionsSchema: packedUnitsOptionsSchema,
  size: packedUnitsSize,
  chunk: chunkPackedUnits(splitParagraphs),
};
