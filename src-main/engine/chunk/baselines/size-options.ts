import { z } from 'zod';
import { integerAtLeast, sizeUnitSchema } from '../split/option-schemas';
import type { SizeSetting } from '../strategy';

/** `size` and `overlap` as every baseline has them; the overlap must stay below the size. */
export function sizeAndOverlap(unit: string, defaults: { size: number; overlap: number }) {
  return {
    size: integerAtLeast(1).default(defaults.size).describe(`Chunk size in ${unit} (default ${defaults.size}).`),
    overlap: integerAtLeast(0)
      .default(defaults.overlap)
      .describe(
        `${unit[0]!.toUpperCase()}${unit.slice(1)} repeated from the end of one chunk at the start of the next (default ${defaults.overlap}).`,
      ),
  };
}

/** Reports an overlap that is not smaller than the size on the `overlap` field. */
export function overlapBelowSize(options: { size: number; overlap: number }, context: z.RefinementCtx): void {
  if (options.overlap >= options.size) {
    context.addIssue({ code: 'custom', path: ['overlap'], message: `must be smaller than size (${options.size})` });
  }
}

/** Options of the baselines that pack whole units (paragraphs, sentences) up to a size. */
export const packedUnitsOptionsSchema = z
  .strictObject({
    ...sizeAndOverlap('units of `unit`', { size: 256, overlap: 0 }),
    unit: sizeUnitSchema.describe('What `size` and `overlap` count (default tokens of the configured tokenizer).'),
  })
  .superRefine(overlapBelowSize);
export type PackedUnitsOptions = z.infer<typeof packedUnitsOptionsSchema>;

/** The size of the packing baselines: `size` in units of `unit`. */
export const packedUnitsSize: SizeSetting<PackedUnitsOptions> = {
  option: 'size',
  unitOption: 'unit',
  tokenLimit: (options) => (options.unit === 'tokens' ? options.size : null),
};
