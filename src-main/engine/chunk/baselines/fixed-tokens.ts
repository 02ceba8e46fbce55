import { z } from 'zod';
import { snapToCodePoint } from '../../text/code-points';
import type { TextRange } from '../../text/text-range';
import type { ChunkingStrategy } from '../strategy';
import { longestFit } from '../split/longest-fit';
import type { Measure } from '../split/measure';
import { chunkPlainText } from './document-chunks';
import { overlapBelowSize, sizeAndOverlap } from './size-options';

const optionsSchema = z.strictObject(sizeAndOverlap('tokens', { size: 256, overlap: 0 })).superRefine(overlapBelowSize);
export type FixedTokensOptions = z.infer<typeof optionsSchema>;

/** A cut moves back to the last whitespace when that loses at most this share of the window. */
const wordBoundarySlack = 0.25;

/**
 * Windows of at most `size` tokens: each is the longest stretch from its start whose token count
 * fits, cut at a word boundary when one is near the end, and the next starts `overlap` tokens
 * before it ends.
 */
function* tokenWindows(text: string, size: number, overlap: number, count: Measure): Generator<TextRange> {
  let charsPerToken = 4;
  let start = 0;
  while (start < text.length) {
    const length = longestFit(text.length - start, size, (n) => count(text.slice(start, start + n)), size * charsPerToken);
    let end = start + Math.max(length, 1);
    if (end < text.length) end = cutAtWhitespace(text, start, end);
    end = Math.max(snapToCodePoint(text, end), start + 1);
    yield { start, end };
    if (end >= text.length) return;
    charsPerToken = Math.max(1, (end - start) / size);
    if (overlap === 0) {
      start = end;
      continue;
    }
    const back = longestFit(end - start - 1, overlap, (n) => count(text.slice(end - n, end)), overlap * charsPerToken);
    start = Math.max(snapToCodePoint(text, end - back), start + 1);
  }
}

function cutAtWhitespace(text: string, start: number, end: number): number {
  if (/\s/.test(text[end]!)) return end;
  const floor = end - Math.floor((end - start) * wordBoundarySlack);
  for (let i = end - 1; i > floor; i--) if (/\s/.test(text[i]!)) return i + 1;
  return end;
}

export const fixedTokensStrategy: ChunkingStrategy<FixedTokensOptions> = {
  name: 'fixed-tokens',
  description: 'Baseline: windows of a fixed number of tokens over the plain text, with overlap.',
  optionsSchema,
  size: { option: 'size', tokenLimit: (options) => options.size },
  chunk: chunkPlainText((text, options, context) =>
    tokenWindows(text, options.size, options.overlap, (piece) => context.tokenizer.count(piece)),
  ),
};
