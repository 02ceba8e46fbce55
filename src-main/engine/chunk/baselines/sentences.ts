import type { ChunkingStrategy } from '../strategy';
import { splitSentences } from '../split/sentences';
import { packedUnitsOptionsSchema, packedUnitsSize, type PackedUnitsOptions } from './size-options';
import { chunkPackedUnits } from './unit-packing';

export const sentencesStrategy: ChunkingStrategy<PackedUnitsOptions> = {
  name: 'sentences',
  description: 'Baseline: whole sentences packed up to a size, with whole-sentence overlap.',
  optionsSchema: packedUnitsOptionsSchema,
  size: packedUnitsSize,
  chunk: chunkPackedUnits(splitSentences),
};
