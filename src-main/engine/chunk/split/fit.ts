import { snapToCodePoint } from '../../text/code-points';
import type { TextRange } from '../../text/text-range';
import { longestFit } from './longest-fit';
import type { Measure } from './measure';
import type { Piece } from './pack';
import { splitLines, splitParagraphs } from './paragraphs';
import { splitSentences } from './sentences';
import { splitWords } from './words';

type RangeSplitter = (text: string, range: TextRange) => TextRange[];

/** From coarse to fine: the order in which an oversized stretch of text is broken up. */
const splitters: readonly RangeSplitter[] = [splitParagraphs, splitLines, splitSentences, splitWords];

/**
 * Breaks `range` into consecutive ranges of at most `maxSize`, each as coarse as possible:
 * paragraphs, then lines, then sentences, then words; a single word longer than the limit is
 * cut into pieces of characters as a last resort.
 */
export function fitRange(text: string, range: TextRange, maxSize: number, measure: Measure): Piece[] {
  return fitWith(text, range, maxSize, measure, 0);
}

/** Pieces that fit carry their measured size, so packing does not measure them again. */
function fitWith(text: string, range: TextRange, maxSize: number, measure: Measure, level: number): Piece[] {
  const size = measure(text.slice(range.start, range.end));
  if (size <= maxSize) return [{ start: range.start, end: range.end, size }];
  for (let next = level; next < splitters.length; next++) {
    const parts = splitters[next]!(text, range);
    if (parts.length > 1) return parts.flatMap((part) => fitWith(text, part, maxSize, measure, next + 1));
  }
  return cutByCharacters(text, range, maxSize, measure);
}

/** The longest prefixes that fit, never inside a surrogate pair. */
function cutByCharacters(text: string, range: TextRange, maxSize: number, measure: Measure): TextRange[] {
  const pieces: TextRange[] = [];
  let start = range.start;
  while (start < range.end) {
    const length = longestFit(range.end - start, maxSize, (n) => measure(text.slice(start, start + n)), maxSize);
    let end = snapToCodePoint(text, start + length);
    if (end <= start) end = Math.min(start + 2, range.end);
    pieces.push({ start, end });
    start = end;
  }
  return pieces;
}
