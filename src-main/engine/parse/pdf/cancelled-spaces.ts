import type { TextContent, TextItem } from 'pdfjs-dist/types/src/display/api';
import { memoizedByText } from '../../../../src-shared/memoized';
import { comparable, forEachOperator, keepsTextPosition, type OperatorList, type TextState } from './glyph-stream';
import { OPS } from './pdfjs';

/** A run of space glyphs that moves the next glyph on by less than this (font sizes) draws no space. */
const drawsNothing = 0.02;
/** pdf.js writes a space for a move over about a tenth of the font size: words part there as its items' do. */
const wordBreak = 0.1;
/** Letters of the scripts that join their letters, where a zero-width non-joiner keeps two letters' forms apart. */
const joiningLetter = /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}\p{Script=Mongolian}]/u;
const zeroWidthNonJoiner = '\u200c';

interface Glyph {
  unicode?: unknown;
  width?: unknown;
  isSpace?: unknown;
}

/**
 * The page's text items without the spaces a string draws and takes back. A font that maps the zero-width non-joiner to
 * its space glyph (XeTeX with a Persian font: "می‌خواهید") has the PDF show that glyph and move back by its advance, so
 * nothing stands between the letters; pdf.js writes the glyph's text, and the word comes out in two ("می خواهید"). Space
 * glyphs that, with the string's adjustments around them, move the next glyph on by almost nothing are no word space:
 * between letters of a script that joins them they are the zero-width non-joiner that keeps the letters' forms apart, and
 * nothing elsewhere. The words on either side are found in the items by their letters in any order, so a right-to-left
 * item, which pdf.js writes in reading order, is read as one written left to right.
 */
export function withoutCancelledSpaces(content: TextContent, operators: OperatorList): TextContent {
  if (!mayCancelSpaces(operators)) return content;
  const joins = cancelledSpaces(operators);
  if (joins.size === 0) return content;
  let changed = false;
  const items = content.items.map((item) => {
    if (!('str' in item) || !item.str.includes(' ')) return item;
    const text = joinedWords(item.str, joins);
    if (text === item.str) return item;
    changed = true;
    return { ...item, str: text } satisfies TextItem;
  });
  return changed ? { ...content, items } : content;
}

/** The text with the spaces between two words that `joins` holds (as letters of either word, in either order) taken out. */
function joinedWords(text: string, joins: Map<string, number>): string {
  const words = text.split(' ');
  const keys = words.map(letterKey);
  let joined = words[0]!;
  for (let at = 1; at < words.length; at++) {
    const before = keys[at - 1]!;
    const after = keys[at]!;
    const key = [pairKey(before, after), pairKey(after, before)].find((pair) => (joins.get(pair) ?? 0) > 0);
    if (!before || !after || key === undefined) {
      joined += ' ' + words[at];
      continue;
    }
    joins.set(key, joins.get(key)! - 1);
    const between = joiningLetter.test(lastLetterOf(joined)) && joiningLetter.test(words[at]![0] ?? '') ? zeroWidthNonJoiner : '';
    joined += between + words[at];
  }
  return joined;
}

/** The last character that is no mark (a vowel sign is written after its letter). */
function lastLetterOf(text: string): string {
  return text.replace(/\p{M}+$/u, '').at(-1) ?? '';
}

/** A word's characters as the stream compares them, sorted: the same for the word drawn left to right and read right to left. */
function letterKey(word: string): string {
  return [...comparable(word)].sort().join('');
}

function pairKey(before: string, after: string): string {
  return `${before}\u0000${after}`;
}

/**
 * Whether some string shows a space glyph and moves back after it by half its width or more (both in thousandths of the
 * font size): a page without one needs no closer look. Word processors move back a little after a space to justify a
 * line; that leaves a space.
 */
function mayCancelSpaces({ fnArray, argsArray }: OperatorList): boolean {
  for (let i = 0; i < fnArray.length; i++) {
    if (fnArray[i] !== OPS.showText) continue;
    const glyphs = ((argsArray[i] as unknown[] | null)?.[0] as unknown[] | undefined) ?? [];
    for (let k = 0; k + 1 < glyphs.length; k++) {
      const back = glyphs[k + 1];
      if (typeof back === 'number' && back > 0 && isSpaceGlyph(glyphs[k]) && back >= 0.5 * (Number((glyphs[k] as Glyph).width) || 0))
        return true;
    }
  }
  return false;
}

function isSpaceGlyph(glyph: unknown): boolean {
  const unicode = typeof glyph === 'object' && glyph !== null ? (glyph as Glyph).unicode : undefined;
  return typeof unicode === 'string' && unicode.length > 0 && unicode.trim() === '';
}

/**
 * The pairs of words (by `letterKey`, the word drawn before first) that a run of space glyphs stands between and moves
 * apart by almost nothing, with how often each occurs on the page. A word ends where a glyph moves on from the one before
 * by pdf.js's space or more, or where the text position is moved.
 */
function cancelledSpaces(operators: OperatorList): Map<string, number> {
  const joins = new Map<string, number>();
  let word = '';
  // The word a cancelled space follows, until the word after it is complete.
  let joinedTo: string | undefined;
  // The move since the last glyph with text, past its advance (font sizes), whether space glyphs made part of it, and
  // whether the string moved back after one. A space glyph's width is read in thousandths of the font size, as TJ's
  // adjustments are: a move back by its width takes it back whatever the font's own units (a Type 3 font's may differ).
  let move = 0;
  let spaced = false;
  let tookBack = false;
  // A page shows few distinct glyphs many times over: each one's text is normalised once.
  const comparableGlyph = memoizedByText(comparable);
  forEachOperator(operators, (fn, args, state) => {
    if (fn === OPS.showText) showString((args?.[0] as unknown[] | undefined) ?? [], state);
    else if (!keepsTextPosition.has(fn)) endWord();
  });
  endWord();
  return joins;

  function showString(glyphs: readonly unknown[], { fontSize, charSpacing, wordSpacing, horizontalScale }: TextState): void {
    for (const glyph of glyphs) {
      if (typeof glyph === 'number') {
        // A TJ adjustment, in thousandths of the font size: positive moves back.
        move -= (glyph / 1000) * horizontalScale;
        if (spaced && glyph > 0) tookBack = true;
        continue;
      }
      const { unicode, width, isSpace } = (typeof glyph === 'object' && glyph !== null ? glyph : {}) as Glyph;
      const text = typeof unicode === 'string' ? comparableGlyph(unicode) : '';
      const spacing = ((charSpacing + (isSpace === true ? wordSpacing : 0)) / fontSize) * horizontalScale;
      if (isSpaceGlyph(glyph)) {
        move += ((Number(width) || 0) / 1000) * horizontalScale + spacing;
        spaced = true;
        continue;
      }
      if (text.length === 0) {
        endWord();
        continue;
      }
      if (word.length > 0 && tookBack && Math.abs(move) < drawsNothing) {
        completeJoin();
        joinedTo = word;
        word = '';
      } else if (spaced || move > wordBreak) {
        endWord();
      }
      word += text;
      move = spacing;
      spaced = false;
      tookBack = false;
    }
  }

  function completeJoin(): void {
    if (joinedTo !== undefined && word.length > 0) {
      const key = pairKey(letterKey(joinedTo), letterKey(word));
      joins.set(key, (joins.get(key) ?? 0) + 1);
    }
    joinedTo = undefined;
  }

  function endWord(): void {
    completeJoin();
    word = '';
    move = 0;
    spaced = false;
    tookBack = false;
  }
}
