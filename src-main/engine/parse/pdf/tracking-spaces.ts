import type { TextContent, TextItem } from 'pdfjs-dist/types/src/display/api';
import { comparable, glyphStream, itemsInStream, type OperatorList } from './glyph-stream';

/**
 * The widest letter spacing read as tracking (font sizes). Word spaces are wider: TeX's shrink to 0.22 in Computer
 * Modern and 0.19 in Times at the least, and mostly stand between words of several letters.
 */
const maxTracking = 0.2;
/** pdf.js writes no space for a move under a tenth of the font size: a narrower move read here is misread. */
const minTracking = 0.08;
/**
 * The widest tracking a string sets by its own moves (font sizes): narrower than the word spaces of a TeX line shrunk
 * as far as it goes (0.19 in Times), which are all one width too. microtype's letter spacing is 0.1 by default.
 */
const maxStringTracking = 0.18;
/** Moves a string sets as tracking are one width, to this share of the font size (positions are rounded). */
const evenTracking = 0.01;
/** A space of the text within tracked letters adds at least this much (font sizes) to the tracking. */
const wordSpaceOverTracking = 0.12;
/** Letters spaced out one by one: three or more in a row. */
const minTrackedLetters = 3;
const singleCharacter = /^\P{M}\p{M}*$/u;
/**
 * A letter or digit of a script that spaces its words, no mathematical letter. A Hangul syllable is often a word of its own
 * ("할 수 있다"), and Chinese and Japanese text sets no spaces that a later step does not take out.
 */
const letter = /^(?![\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\u{1D400}-\u{1D7FF}])[\p{L}\p{N}]/u;
/** An item that may hold letters spaced out: three single letters in a row, spaces between. */
const mayBeTracked = /(?:^|\s)\p{L}\p{M}*(?:\s\p{L}\p{M}*){2}(?:\s|$)/u;

/**
 * The page's text items without the spaces pdf.js wrote for letter spacing. pdf.js writes a space wherever a glyph
 * stands further from the one before it than a tenth of the font size, so a word tracked by the PDF's character spacing
 * (`Tc`: a heading "Expanded" in a word processor, then distilled) comes out letter by letter: "B E V I ,". Where an
 * item holds three single letters or more in a row, the page's operators tell the moves between them: the narrowest is
 * the tracking, and a move no wider than it by a word space's worth is no word space. A space glyph, or a move wider than
 * that, stays a space; so does a move the string does not set (the next glyph shown by another operator). A string may
 * track its letters by its own adjustments instead (TeX's letter spacing, `\textls`: a kern after each glyph); those
 * moves are tracking where they are all one width and narrower than the tightest word space TeX sets. A string's moves
 * of other widths place glyphs for other reasons (a justified line of one-letter words) and stay spaces. Text on a
 * level baseline only (a slanting shear, as a listing's line numbers may have, moves no glyph along the line).
 */
export function withoutTrackingSpaces(content: TextContent, operators: OperatorList): TextContent {
  const candidates = content.items.filter((item): item is TextItem => 'str' in item && item.dir !== 'rtl' && mayBeTracked.test(item.str));
  if (candidates.length === 0) return content;
  const stream = glyphStream(operators);
  const places = itemsInStream(stream, content);
  const joined = new Map<TextItem, string>();
  for (const item of candidates) {
    const place = places.get(item);
    const [, b = 0] = item.transform as number[];
    if (!place || b !== 0) continue;
    const text = withoutTracking(item.str, (at) => {
      const index = place.start + at - 1;
      return { gap: stream.gapAfter[index] ?? Infinity, spacing: stream.spacingAfter[index] ?? 0 };
    });
    if (text !== item.str) joined.set(item, text);
  }
  if (joined.size === 0) return content;
  return {
    ...content,
    items: content.items.map((item) => ('str' in item && joined.has(item) ? { ...item, str: joined.get(item)! } : item)),
  };
}

/**
 * The text without the spaces of its runs of letters spaced out. `moveAfter(n)` is the move after the text's n-th
 * character (whitespace aside, counted from 1), and the part of it that the character spacing sets.
 */
function withoutTracking(text: string, moveAfter: (characters: number) => { gap: number; spacing: number }): string {
  const tokens = text.split(' ');
  // The move each space stands for, and whether its tokens on both sides are single characters.
  const spaces: { gap: number; spacing: number; betweenSingles: boolean }[] = [];
  let characters = 0;
  for (let at = 0; at < tokens.length - 1; at++) {
    characters += comparable(tokens[at]!).length;
    spaces.push({ ...moveAfter(characters), betweenSingles: isSingle(tokens[at]!) && isSingle(tokens[at + 1]!) });
  }
  const dropped = new Set<number>();
  for (let start = 0; start < spaces.length;) {
    let end = start;
    while (end < spaces.length && spaces[end]!.betweenSingles) end++;
    if (end > start) dropTracking(start, end);
    start = end + 1;
  }
  return tokens.reduce((joined, token, at) => (at === 0 ? token : joined + (dropped.has(at - 1) ? '' : ' ') + token), '');

  /** Drops the tracking spaces among the singles from token `start` to token `end`. */
  function dropTracking(start: number, end: number): void {
    const letters = tokens.slice(start, end + 1).filter((token) => letter.test(token));
    // Digits spaced out alone are a vector's or a table's as often as a number's ("[1 0 0|0 1 0]"): a run holds letters.
    if (letters.filter((token) => /\p{L}/u.test(token)).length < minTrackedLetters || !isWordLike(letters)) return;
    const run = spaces.slice(start, end);
    const tracking = run.reduce((least, space) => Math.min(least, space.gap), Infinity);
    if (!(tracking >= minTracking && tracking <= maxTracking)) return;
    const tracked = (space: { gap: number }): boolean => space.gap <= tracking + wordSpaceOverTracking;
    const bySpacing = run.every((space) => space.spacing >= minTracking);
    const byString = tracking <= maxStringTracking && run.filter(tracked).every((space) => space.gap - tracking <= evenTracking);
    if (!bySpacing && !byString) return;
    for (let at = start; at < end; at++) if (tracked(spaces[at]!)) dropped.add(at);
    // pdf.js writes no space for a move at its threshold that rounding puts under it, so a word tracked at about a tenth
    // of the font size comes out in pieces ("ignoren o n f r a m e"): a piece's space that moves by the tracking joins it.
    for (const at of [start - 1, end]) {
      const space = spaces[at];
      if (space && Math.abs(space.gap - tracking) <= evenTracking) dropped.add(at);
    }
  }
}

/**
 * Whether letters read as a word: more than one letter, and a case that changes from letter to letter at most at
 * every other letter ("jModelTest", "4HPwATDgc"), not a table of letters that sets each beside its capital ("à À â
 * Â") or one letter many times over.
 */
function isWordLike(letters: readonly string[]): boolean {
  if (new Set(letters).size < 2) return false;
  let changes = 0;
  for (let at = 1; at < letters.length; at++) if (isUpper(letters[at]!) !== isUpper(letters[at - 1]!)) changes++;
  return 2 * changes <= letters.length - 1;
}

function isUpper(character: string): boolean {
  return character !== character.toLowerCase();
}

function isSingle(token: string): boolean {
  return singleCharacter.test(token) && token.trim() !== '';
}
