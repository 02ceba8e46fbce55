import { drawnAdvance, spaceAdvance } from './glyph-widths';
import type { PdfjsFont } from './pdfjs-font';

/** Gaps are summed in steps of this share of the font size (finer than a producer's rounding of positions). */
const step = 0.005;
/** The item's moves may differ from its spaces' gaps by this share of the font size, and this much more for each space. */
const sameMoves = 0.02;
const sameMovesPerSpace = 0.01;
/** More candidates than this in one item are not weighed (the sums of their gaps are too many to tell apart). */
const maxCandidates = 12;
const endsInNonspacingMark = /(?!\p{Variation_Selector})\p{Mn}$/u;

/** What an item's moves say of each space pdf.js may have written for an advance it left out (by the space's index). */
export interface DeferredSpaces {
  /** The spaces that can only be pdf.js's own. */
  deferred: number[];
  /** The spaces that can only be word spaces. */
  words: number[];
  /** The spaces the moves fit either way. */
  either: number[];
}

/**
 * The spaces in an item's text that pdf.js wrote for advances it left out itself. pdf.js neither moves on by a glyph
 * whose text holds a nonspacing mark nor compares its position, so the next glyph it compares stands apart by that
 * glyph's advance when the page placed it (a space inside "ཐུ མ"), or by the space before it, already written, when the
 * glyph follows a space ("པས་ ཐུ མ"). A space after such a glyph costs its advance, or nothing after a space, when it is
 * pdf.js's; one space of the font (and the advance, when the page placed the next glyph) when it is a word space; any
 * other space costs one space of the font. The item's moves (its width less the advances pdf.js counted) are the sum of
 * its spaces' gaps: the ways of reading each space that add up to them tell which it is. Undefined when the font gives
 * no widths or the item has no such space.
 */
export function deferredSpaces(text: string, widthInFontSizes: number, fonts: readonly PdfjsFont[]): DeferredSpaces | undefined {
  const words = text.split(' ');
  if (words.length < 2 || words.some((word) => word === '')) return undefined;
  const advances = words.map((word) => drawnAdvance(word, fonts));
  if (!advances.every((advance) => advance !== undefined)) return undefined;
  const space = spaceAdvance(fonts);
  const counted = advances.reduce((sum, advance) => sum + advance.drawn - advance.leftOut, 0);
  let others = 0;
  const candidates: { at: number; deferred: number; word: number[] }[] = [];
  for (let at = 0; at < words.length - 1; at++) {
    const leftOut = advances[at]!.leftOut;
    if (!endsInNonspacingMark.test(words[at]!) || leftOut <= 0) {
      // A font without a space glyph sets word spaces as moves of any length.
      if (space === undefined) return undefined;
      others += space;
      continue;
    }
    const alone = at > 0 && advances[at]!.drawn === leftOut;
    // Without a space glyph a word space is a move the page makes past the glyph's advance: at least pdf.js's own space.
    const word = space === undefined ? [leftOut + minimalWordSpace] : [space, space + leftOut];
    candidates.push({ at, deferred: alone ? 0 : leftOut, word });
  }
  if (candidates.length === 0 || candidates.length > maxCandidates) return undefined;
  const target = toSteps(widthInFontSizes - counted - others);
  const tolerance = toSteps(sameMoves + sameMovesPerSpace * (words.length - 1));
  const costs = candidates.map(({ deferred, word }) => ({ deferred: [toSteps(deferred)], word: word.map(toSteps) }));
  const before = reachableSums(costs.map((cost) => [...cost.deferred, ...cost.word]));
  const after = reachableSums(costs.map((cost) => [...cost.deferred, ...cost.word]).reverse()).reverse();
  const fits = (k: number, options: number[]): boolean =>
    options.some((cost) => [...before[k]!].some((sum) => near(after[k + 1]!, target - sum - cost, tolerance)));
  const result: DeferredSpaces = { deferred: [], words: [], either: [] };
  candidates.forEach(({ at }, k) => {
    const asDeferred = fits(k, costs[k]!.deferred);
    const asWord = fits(k, costs[k]!.word);
    if (asDeferred && asWord) result.either.push(at);
    else if (asDeferred) result.deferred.push(at);
    else if (asWord) result.words.push(at);
  });
  return result;
}

/** The text with the spaces at `dropped` (indexes of its spaces) left out. */
export function withoutSpaces(text: string, dropped: ReadonlySet<number>): string {
  return text.split(' ').reduce((joined, word, at) => (at === 0 ? word : joined + (dropped.has(at - 1) ? '' : ' ') + word), '');
}

/** pdf.js writes a space for a move of more than this share of the font size. */
const minimalWordSpace = 0.102;

function toSteps(size: number): number {
  return Math.round(size / step);
}

/** For each k, the sums of one option of each of the first k lists (and the last entry: all of them). */
function reachableSums(options: readonly number[][]): Set<number>[] {
  const sums = [new Set([0])];
  for (const choices of options) {
    const next = new Set<number>();
    for (const sum of sums[sums.length - 1]!) for (const choice of choices) next.add(sum + choice);
    sums.push(next);
  }
  return sums;
}

function near(sums: ReadonlySet<number>, wanted: number, tolerance: number): boolean {
  for (let delta = -tolerance; delta <= tolerance; delta++) if (sums.has(wanted + delta)) return true;
  return false;
}
