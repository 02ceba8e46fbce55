import { BYTE_MUTATIONS, type MutationStep } from './byte-mutations';
import { mutateJsonValue } from './json-mutations';
import type { Random } from './random';
import { mutateZip } from './zip-mutations';

export interface Mutant {
  bytes: Uint8Array;
  /** What was done to the seed, in order. */
  steps: string[];
}

const ZIP_FORMATS = new Set(['docx']);
const JSON_FORMATS = new Set(['docling', 'ocr-json']);

/**
 * One to three mutations stacked on a seed. ZIP packages mostly get ZIP-aware mutations and JSON
 * documents changes of their values, so that most mutants get past the first check of their parser.
 */
export function mutate(random: Random, seed: Uint8Array, format: string): Mutant {
  let bytes = seed;
  const steps: string[] = [];
  const count = random.chance(0.7) ? 1 : random.between(2, 3);
  for (let i = 0; i < count; i++) {
    const step = structuredStep(random, bytes, format) ?? random.pick(BYTE_MUTATIONS)(random, bytes, format);
    bytes = step.bytes;
    steps.push(step.step);
  }
  return { bytes, steps };
}

function structuredStep(random: Random, bytes: Uint8Array, format: string): MutationStep | undefined {
  if (ZIP_FORMATS.has(format) && random.chance(0.7)) return mutateZip(random, bytes);
  if (JSON_FORMATS.has(format) && random.chance(0.5)) return mutateJsonValue(random, bytes);
  return undefined;
}
