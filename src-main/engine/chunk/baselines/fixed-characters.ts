import { z } from 'zod';
import { snapToCodePoint } from '../../text/code-points';
import type { TextRange } from '../../text/text-range';
import type { ChunkingStrategy } from '../strategy';
import { chunkPlainText } from './document-chunks';
import { overlapBelowSize, sizeAndOverlap } from './size-options';

const optionsSchema = z.strictObject(sizeAndOverlap('characters', { size: 1000, overlap: 200 })).superRefine(overlapBelowSize);
export type FixedCharactersOptions = z.infer<typeof optionsSchema>;

/** Windows of `size` characters, each starting `size - overlap` after the previous; never inside a surrogate pair. */
function* characterWindows(text: string, size: number, overlap: number): Generator<TextRange> {
  let start = 0;
  while (start < text.length) {
    const end = Math.max(snapToCodePoint(text, Math.min(start + size, text.length)), start + 1);
    yield { start, end };
    if (end >= text.length) return;
    start = Math.max(snapToCodePoint(text, end - overlap), start + 1);
  }
}

export const fixedCharactersStrategy: ChunkingStrategy<FixedCharactersOptions> = {
  name: 'fixed-characters',
  description: 'Baseline: windows of a fixed number of characters over the plain text, with overlap.',
  optionsSchema,
  size: { option: 'size', unit: 'characters', tokenLimit: () => null },
  chunk: chunkPlainText((text, options) => characterWindows(text, options.size, options.overlap)),
};
