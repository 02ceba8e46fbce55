import { z } from 'zod';
import type { TextRange } from '../../text/text-range';
import type { ChunkingStrategy } from '../strategy';
import { splitWords } from '../split/words';
import { chunkPlainText } from './document-chunks';
import { overlapBelowSize, sizeAndOverlap } from './size-options';

const optionsSchema = z.strictObject(sizeAndOverlap('words', { size: 200, overlap: 40 })).superRefine(overlapBelowSize);
export type FixedWordsOptions = z.infer<typeof optionsSchema>;

/** Windows of `size` whitespace-separated words, each starting `size - overlap` words after the previous. */
function* wordWindows(text: string, size: number, overlap: number): Generator<TextRange> {
  const words = splitWords(text);
  for (let first = 0; first < words.length; first += size - overlap) {
    const last = Math.min(first + size, words.length) - 1;
    yield { start: words[first]!.start, end: words[last]!.end };
    if (last === words.length - 1) return;
  }
}

export const fixedWordsStrategy: ChunkingStrategy<FixedWordsOptions> = {
  name: 'fixed-words',
  description: 'Baseline: windows of a fixed number of words over the plain text, with overlap.',
  optionsSchema,
  size: { option: 'size', unit: 'words', tokenLimit: () => null },
  chunk: chunkPlainText((text, options) => wordWindows(text, options.size, options.overlap)),
};
