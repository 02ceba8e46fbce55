import type { TextContent, TextItem } from 'pdfjs-dist/types/src/display/api';
import { comparable, glyphStream, itemsInStream, type OperatorList } from './glyph-stream';

/**
 * The widest letter spacing read as tracking (font sizes). Word spaces are wider: TeX's shrink to 0.22 in Computer
 * Modern and 0.19 in Times at the least, and mostly stand between words of several letters.
 */
const maxTracking = 0.2;
/** pdf.js writes no space for a move under a tenth of the font size: a narrower move read here is misread. */
const minTracking = 0.08;
/** A space of the text within tracked letters adds at least this much (font sizes) to the tracking. */
const wordSpaceOverTracking = 0.12;
/** Letters spaced out one by one: three or more in a row. */
const minTrackedLetters = 3;
const singleCharacter = /^\P{M}\p{M}*$/u;
/**
 * A letter of a script that spaces its words, no mathematical letter. A Hangul syllable is often a word of its own
 * ("할 수 있다"), and Chinese and Japanese text sets no spaces that a later step does not take out.
 */
const letter = /^(?![\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\u{1D400}-\u{1D7FF}])\p{L}/u;
/** An item that may hold letters spaced out: three single letters in a row, spaces between. */
const mayBeTracked = /(?:^|\s)\p{L}\p{M}*(?:\s\p{L}\p{M}*){2}(?:\s|$)/u;

/**
 * The page's text items without the spaces pdf.js wrote for letter spacing. pdf.js writes a space wherever a glyph
 * stands further from the one before it than a tenth of the font size, so a word tracked by the PDF's character spacing
 * (`Tc`: a heading "Expanded" in a word processor, then distilled) comes out letter by letter: "B E V I ,". Where an
 * item holds three single letters or more in a row, the page's operators tell the moves between them: the narrowest is
 * the tracking, and a move no wider than it by a word space's worth is no word space. A space glyph, or a move wider than
 * that, stays a space; so does a move the string does not set (the next glyph shown by another operator). Letters a
 * string sets apart by its own adjustments stay apart: those place glyphs for any reason (a listing's fixed columns, a
 * justified line), and poppler's pdftotext reads them apart too. Upright text only.
 */
export function withoutTrackingSpaces(content: TextContent, operators: OperatorList): TextContent {
  const candidates = content.items.filter((item): item is TextItem => 'str' in item && item.dir !== 'rtl' && mayBeTracked.test(item.str));
  if (candidates.length === 0) return content;
  const stream = glyphStream(operators);
  const places = itemsInStream(stream, content);
  const joined = new Map<TextItem, string>();
  for (const item of candidates) {
    const place = places.get(item);
    const [, b = 0, c = 0] = item.transform as number[];
    if (!place || b !== 0 || c !== 0) continue;
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
    if (letters.length < minTrackedLetters || !isWordLike(letters)) return;
    const run = spaces.slice(start, end);
    const tracking = run.reduce((least, space) => Math.min(least, space.gap), Infinity);
    if (!(tracking >= minTracking && tracking <= maxTracking) || run.some((space) => space.spacing < minTracking)) return;
    for (let at = start; at < end; at++) if (spaces[at]!.gap <= tracking + wordSpaceOverTracking) dropped.add(at);
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
