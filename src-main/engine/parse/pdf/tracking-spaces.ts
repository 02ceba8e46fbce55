import type { TextContent, TextItem } from 'pdfjs-dist/types/src/display/api';
import { comparable, glyphStream, itemsInStream, type OperatorList } from './glyph-stream';
import { OPS } from './pdfjs';

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
/** Tracking shows in this many moves in a row at least (between three letters). */
const minTrackedMoves = 2;
/** Digits spaced out one by one: a number of two digits or more. */
const minTrackedDigits = 2;
/**
 * Digits tracked by about a tenth of the font size (microtype's letter spacing, a listing's fixed columns) are one number;
 * mathematics sets digits apart by a thin space (a sixth) or a small matrix's column gap (0.15, AASTeX's) or more.
 */
const maxDigitTracking = 0.125;
const singleCharacter = /^\P{M}\p{M}*$/u;
/**
 * A letter or digit of a script that spaces its words, no mathematical letter. A Hangul syllable is often a word of its own
 * ("할 수 있다"), and Chinese and Japanese text sets no spaces that a later step does not take out.
 */
const letter = /^(?![\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\u{1D400}-\u{1D7FF}])[\p{L}\p{N}]/u;
/** An item that may hold letters or digits spaced out: two single ones in a row, a space between. */
const mayBeTracked = /(?:^|\s)[\p{L}\p{N}]\p{M}*\s[\p{L}\p{N}]\p{M}*(?:\s|$)/u;

/**
 * The page's text items without the spaces pdf.js wrote for letter spacing. pdf.js writes a space wherever a glyph
 * stands further from the one before it than a tenth of the font size, so a word tracked by the PDF's character spacing
 * (`Tc`: a heading "Expanded" in a word processor, then distilled) comes out letter by letter: "B E V I ,". Where an
 * item holds three single letters or more in a row, the page's operators tell the moves between them: the narrowest is
 * the tracking, and a move no wider than it by a word space's worth is no word space. A space glyph, or a move wider than
 * that, stays a space; so does a move the string does not set (the next glyph shown by another operator). A string may
 * track its letters by its own adjustments instead (TeX's letter spacing, `\textls`: a kern after each glyph); those
 * moves are tracking where they are all one width and narrower than the tightest word space TeX sets. A string's moves
 * of other widths place glyphs for other reasons (a justified line of one-letter words) and stay spaces. Where the
 * tracking is about pdf.js's threshold, it writes spaces after some letters only: see `spacesAtTracking`. Text on a
 * level baseline only (a slanting shear, as a listing's line numbers may have, moves no glyph along the line).
 */
export function withoutTrackingSpaces(content: TextContent, operators: OperatorList): TextContent {
  const candidates = content.items.filter((item): item is TextItem => 'str' in item && item.dir !== 'rtl' && item.str.includes(' '));
  if (candidates.length === 0 || !tracksInStrings(operators)) return content;
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
  // The characters (whitespace aside) up to the end of each token.
  const ends: number[] = [];
  for (const token of tokens) ends.push((ends[ends.length - 1] ?? 0) + comparable(token).length);
  const dropped = spacesAtTracking(ends, moveAfter);
  if (!mayBeTracked.test(text)) return joinedTokens(tokens, dropped);
  // The move each space stands for, and whether its tokens on both sides are single characters.
  const spaces: { gap: number; spacing: number; betweenSingles: boolean }[] = [];
  for (let at = 0; at < tokens.length - 1; at++) {
    spaces.push({ ...moveAfter(ends[at]!), betweenSingles: isSingle(tokens[at]!) && isSingle(tokens[at + 1]!) });
  }
  for (let start = 0; start < spaces.length;) {
    let end = start;
    while (end < spaces.length && spaces[end]!.betweenSingles) end++;
    if (end > start) dropTracking(start, end);
    start = end + 1;
  }
  return joinedTokens(tokens, dropped);

  /** Drops the tracking spaces among the singles from token `start` to token `end`. */
  function dropTracking(start: number, end: number): void {
    const letters = tokens.slice(start, end + 1).filter((token) => letter.test(token));
    // Digits spaced out alone are a vector's or a table's as often as a number's ("[1 0 0|0 1 0]", a thin space apart in
    // mathematics): a run holds letters, or digits tracked narrower than mathematics parts them, all one width (a
    // listing's line numbers, "4 6 9").
    const alphabetic = letters.filter((token) => /\p{L}/u.test(token)).length;
    const digits = alphabetic === 0;
    if (alphabetic < minTrackedLetters && !(digits && letters.length >= minTrackedDigits)) return;
    if (!isWordLike(letters)) return;
    const run = spaces.slice(start, end);
    const tracking = run.reduce((least, space) => Math.min(least, space.gap), Infinity);
    if (!(tracking >= minTracking && tracking <= (digits ? maxDigitTracking : maxTracking))) return;
    const tracked = (space: { gap: number }): boolean => space.gap <= tracking + (digits ? evenTracking : wordSpaceOverTracking);
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
 * Whether the page may track letters by character spacing or by strings' own moves: it sets a character spacing of
 * tracking's width at least (a word processor's hundredths of a point are none), or a string moves two glyphs in a
 * row on by tracking's width (thousandths of the font size; negative moves right). A word space is wider and a kern
 * moves back, so a page of plain text needs no glyph stream.
 */
function tracksInStrings({ fnArray, argsArray }: OperatorList): boolean {
  const narrowest = -1000 * maxStringTracking;
  const widest = -1000 * minTracking;
  let fontSize = 1;
  for (let i = 0; i < fnArray.length; i++) {
    const args = argsArray[i] as unknown[] | null;
    if (fnArray[i] === OPS.setFont) fontSize = Math.abs(Number(args?.[1])) || 1;
    if (fnArray[i] === OPS.setCharSpacing && Number(args?.[0]) >= minTracking * fontSize) return true;
    if (fnArray[i] !== OPS.showText) continue;
    let run = 0;
    for (const glyph of (args?.[0] as unknown[] | undefined) ?? []) {
      if (typeof glyph !== 'number') continue;
      run = glyph >= narrowest && glyph <= widest ? run + 1 : 0;
      if (run >= minTrackedMoves) return true;
    }
  }
  return false;
}

/** The tokens joined again, by a space where the space after a token is not in `dropped`. */
function joinedTokens(tokens: readonly string[], dropped: ReadonlySet<number>): string {
  return tokens.reduce((joined, token, at) => (at === 0 ? token : joined + (dropped.has(at - 1) ? '' : ' ') + token), '');
}

/**
 * The spaces (by the index of the token before them, the tokens ending where `ends` says) that pdf.js wrote at its threshold inside letters a string tracks
 * by about a tenth of the font size: it writes a space for a move over 0.102 of the font size, and rounding puts the
 * same move on either side of it, so a listing's fixed columns come out in pieces ("\p gfpageslogica lpageoptions").
 * Where the moves pdf.js wrote no space for are all one width, of tracking, a space of that same move is no word space.
 */
function spacesAtTracking(ends: readonly number[], moveAfter: (characters: number) => { gap: number }): Set<number> {
  const dropped = new Set<number>();
  const inside: number[] = [];
  ends.forEach((end, token) => {
    for (let at = (ends[token - 1] ?? 0) + 1; at < end; at++) inside.push(moveAfter(at).gap);
  });
  const between = ends.slice(0, -1).map((end) => moveAfter(end).gap);
  if (inside.length < minTrackedLetters) return dropped;
  const tracking = inside.reduce((least, gap) => Math.min(least, gap), Infinity);
  const widest = inside.reduce((most, gap) => Math.max(most, gap), -Infinity);
  if (tracking < minTracking || tracking > maxStringTracking || widest - tracking > evenTracking) return dropped;
  between.forEach((gap, at) => {
    if (Math.abs(gap - tracking) <= evenTracking) dropped.add(at);
  });
  return dropped;
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
