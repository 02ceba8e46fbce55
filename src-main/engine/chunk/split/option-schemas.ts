import { z } from 'zod';

/** Option schemas several strategies share, with messages that say what is expected. */

/** A whole number of at least `min`. */
export function integerAtLeast(min: number) {
  const message = min === 1 ? 'must be a positive integer' : `must be an integer of at least ${min}`;
  return z.number({ error: message }).int({ error: message }).min(min, { error: message });
}

/** What a size option counts. */
export const sizeUnitSchema = z
  .enum(['tokens', 'words', 'characters'], { error: 'must be "tokens", "words" or "characters"' })
  .default('tokens');

/** A non-empty list of heading levels (1 to 100). */
export function headingLevelsSchema(defaults: number[]) {
  const level = integerAtLeast(1).max(100, { error: 'must be a heading level from 1 to 100' });
  return z
    .array(level, { error: 'must be a list of heading levels' })
    .min(1, { error: 'must name at least one heading level' })
    .default(defaults);
}
