import { drawnAdvance, spaceAdvance } from './glyph-widths';
import type { PdfjsFont } from './pdfjs-font';

/** Gaps closer than this share of the font size are one gap (a producer's rounding of positions). */
const sameGap = 0.02;
const endsInNonspacingMark = /(?!\p{Variation_Selector})\p{Mn}$/u;

/**
 * An item's text without the spaces pdf.js wrote for advances it left out itself. pdf.js neither moves on by a glyph
 * whose text holds a nonspacing mark nor compares its position, so the next glyph it compares stands apart by that
 * glyph's advance when the page placed it (a space inside "ཐུ མ"), or by the space before it, already written, when the
 * glyph follows a space ("པས་ ཐུ མ"). The item's moves (its width less its glyphs' advances that pdf.js counted) are the
 * sum of its spaces' gaps: the spaces after such glyphs are dropped when the moves are what they cost as spaces of its
 * own (that advance, or one space for the pair) with each other space one space of the font, and would be at least one
 * space more had any of them been a word space. The text unchanged when the font gives no widths or no space.
 */
export function withoutDeferredSpaces(text: string, widthInFontSizes: number, fonts: readonly PdfjsFont[]): string {
  const words = text.split(' ');
  if (words.length < 2 || words.some((word) => word === '')) return text;
  const space = spaceAdvance(fonts);
  const advances = words.map((word) => drawnAdvance(word, fonts));
  if (space === undefined || !advances.every((advance) => advance !== undefined)) return text;
  const counted = advances.reduce((sum, advance) => sum + advance.drawn - advance.leftOut, 0);
  let expected = 0;
  const deferred = new Set<number>();
  for (let at = 0; at < words.length - 1; at++) {
    const before = words[at]!;
    const leftOut = advances[at]!.leftOut;
    const lastLeftOut = endsInNonspacingMark.test(before) && leftOut > 0;
    if (!lastLeftOut) {
      expected += space;
      continue;
    }
    const afterSpace = at > 0 && advances[at]!.drawn === leftOut;
    if (!afterSpace && Math.abs(space - leftOut) <= 2 * sameGap) return text;
    deferred.add(at);
    // A glyph alone between two spaces: the space before it was written with no gap, its gap is written after it.
    expected += afterSpace ? 0 : leftOut;
  }
  if (deferred.size === 0 || Math.abs(widthInFontSizes - counted - expected) > sameGap) return text;
  return words.reduce((joined, word, at) => (at === 0 ? word : joined + (deferred.has(at - 1) ? '' : ' ') + word), '');
}
