import { isRaisedMarkBefore, isRaisedPrefixMark } from './footnotes';
import { marksOnTheirLetters, mirroredBrackets } from './rtl';
import { mostCounted } from './tally';
import type { Line, TextRun } from './types';
import { letterCount } from '../../text/words';

/** Runs further apart than this many font sizes on one baseline are separate lines (table cells). */
export const lineBreakGap = 2.5;
/** A run that starts this share of the font size inside the one before it is drawn over it. */
const collisionShare = 0.5;
/** Runs with fewer letters may be marks set over a letter. */
const minCollidingLetters = 2;
/** A run whose baseline lies within this share of the font size of the line's stands on it (no raised mark). */
const onBaseline = 0.1;
/** A gap wider than this share of the font size reads as a space between runs. */
const spaceGap = 0.12;
/** Monospaced listings are often drawn token by token; only a character-wide gap is a space. */
const monospaceSpaceGap = 0.3;
/**
 * A run that opens with a word (two letters or digits, or one and a space), which a mark raised before it is no part of;
 * a letter alone after a raised mark is a formula's ("ⁿBᵢ", "³Γ").
 */
const opensWithWord = /^(?:[\p{L}\p{N}]{2}|[\p{L}\p{N}]\s)/u;
/**
 * A run drawn over the one before it at the same size and baseline, starting more than this share
 * of the font size (and half its own width) before that one ends, is no next letter of the same
 * word: ornaments set glyph over glyph (a frame drawn with a dingbat font) are separate marks, as
 * other extractors read them. A smaller or raised letter tucked under its neighbour (the A of the
 * LaTeX logo) is part of the word.
 */
const overprintOverlap = 0.2;
/**
 * C0 and C1 control codes: pdf.js passes on the raw code of a glyph whose font maps it to no
 * character (a dingbat or symbol font whose glyph names it does not know, a math extension
 * font's delimiters). They are never text; tab, line feed and carriage return read as spaces.
 */
const controlCodes = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/gu;
const loneControlCode = /^\s*[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]\s*$/u;
const bulletGlyph = '\u2022';

/**
 * Groups runs (already in one reading-order region) into visual lines, top to bottom. Runs join a
 * line when their vertical extents overlap by half the smaller one, so super- and subscripts stay
 * on their line. Within a line runs are ordered left to right, or right to left when most of its
 * text is right-to-left (pdf.js already gives each run in logical order). A line that opens with
 * a glyph of its own that maps to no character starts with a symbol font's bullet: it reads as "•".
 * `keepsRow` says which rows are one line whatever the gaps between their runs.
 */
export function buildLines(runs: readonly TextRun[], keepsRow?: (row: readonly TextRun[]) => boolean): Line[] {
  return rowsOf(runs)
    .flatMap((row) => (keepsRow?.(row) ? [[...row].sort((a, b) => a.left - b.left)] : stackedPiecesFirst(splitRow(row))))
    .map((row) => lineOf(row))
    .filter((line) => line.text !== '');
}

/** A row's runs in the pieces that gaps wider than `gap` of their font sizes part them into, left to right (a table's cells). */
export function rowPieces(row: readonly TextRun[], gap: number): TextRun[][] {
  const pieces: TextRun[][] = [];
  let reach = -Infinity;
  for (const run of [...row].sort((a, b) => a.left - b.left)) {
    if (run.left - reach > gap * run.fontSize) pieces.push([run]);
    else pieces[pieces.length - 1]!.push(run);
    reach = Math.max(reach, run.right);
  }
  return pieces;
}

/** Runs grouped by shared baseline band, top to bottom (one page row may hold several columns). */
export function rowsOf(runs: readonly TextRun[]): TextRun[][] {
  const sorted = [...runs].sort((a, b) => b.baseline - a.baseline || a.left - b.left);
  const rows: TextRun[][] = [];
  let row: TextRun[] = [];
  let rowBottom = 0;
  let rowTop = 0;
  for (const run of sorted) {
    const overlap = Math.min(rowTop, run.top) - Math.max(rowBottom, run.bottom);
    const smaller = Math.min(rowTop - rowBottom, run.top - run.bottom);
    if (row.length > 0 && overlap >= 0.5 * smaller) {
      row.push(run);
      if (run.fontSize > (row[0]?.fontSize ?? 0) * 0.9) {
        rowBottom = Math.min(rowBottom, run.bottom);
        rowTop = Math.max(rowTop, run.top);
      }
      continue;
    }
    if (row.length > 0) rows.push(row);
    row = [run];
    rowBottom = run.bottom;
    rowTop = run.top;
  }
  if (row.length > 0) rows.push(row);
  return rows;
}

function splitRow(row: TextRun[]): TextRun[][] {
  row.sort((a, b) => a.left - b.left);
  const pieces: TextRun[][] = [];
  let piece: TextRun[] = [];
  for (const run of row) {
    const previous = piece[piece.length - 1];
    if (previous && (run.left - previous.right > lineBreakGap * Math.max(run.fontSize, previous.fontSize) || collides(previous, run))) {
      pieces.push(piece);
      piece = [];
    }
    piece.push(run);
  }
  if (piece.length > 0) pieces.push(piece);
  return pieces;
}

/**
 * The pieces of a row, left to right, except that a piece set wholly above part of an earlier one
 * comes before it: a large initial (a chapter number set three lines high) stretches its row over
 * the small label above the title beside it ("Kapitel" over "Nutzung der …"), and the label is read
 * first, as the page shows it, not between the title's first line and its second.
 */
function stackedPiecesFirst(pieces: TextRun[][]): TextRun[][] {
  const ordered: TextRun[][] = [];
  for (const piece of pieces) {
    const under = ordered.findIndex((earlier) => isAbove(piece, earlier));
    if (under < 0) ordered.push(piece);
    else ordered.splice(under, 0, piece);
  }
  return ordered;
}

/** Whether `piece` overlaps `other` across and every baseline of it lies half its size above every baseline of `other`. */
function isAbove(piece: readonly TextRun[], other: readonly TextRun[]): boolean {
  const left = Math.max(...[piece, other].map((runs) => Math.min(...runs.map((run) => run.left))));
  const right = Math.min(...[piece, other].map((runs) => Math.max(...runs.map((run) => run.right))));
  const lowest = Math.min(...piece.map((run) => run.baseline));
  const otherHighest = Math.max(...other.map((run) => run.baseline));
  return right > left && lowest > otherHighest + Math.max(...piece.map((run) => run.fontSize)) / 2;
}

/**
 * Two texts drawn over each other on one row: a run that starts well inside the one before it, in
 * another size or weight, and both words, not a mark or an accent. A table too wide for its column
 * runs on under the next column's heading; read as one line, the two would interleave
 * ("recompute10.4.3. Interactive merge").
 */
function collides(previous: TextRun, run: TextRun): boolean {
  const overlap = previous.right - run.left;
  const restyled = Math.abs(run.fontSize - previous.fontSize) > 0.5 || run.bold !== previous.bold;
  const words = [previous, run].every((r) => letterCount(r.text) >= minCollidingLetters);
  return restyled && words && overlap > collisionShare * Math.min(run.fontSize, previous.fontSize);
}

/**
 * The line its runs make: their reading order, text, style and box (its span is set later). Its
 * direction is `rightToLeft` when given (its paragraph's, see `line-direction.ts`), else its letters'.
 */
export function lineOf(runs: TextRun[], rightToLeft?: boolean): Line {
  // Letters decide, as the first strong character decides in the bidirectional algorithm: digits,
  // dots and spaces have no direction of their own ("۱.۱.۲ تک" is a right-to-left line).
  // Each run's letters and characters, counted once: the line's direction, family and style shares all weigh runs by them.
  const letterCounts = new Map(runs.map((run) => [run, letterCount(run.text)]));
  const characterCounts = new Map(runs.map((run) => [run, run.text.replace(/\s/g, '').length]));
  const { rightToLeft: rtlLetters, leftToRight: ltrLetters } = lettersByDirection(runs, (run) => letterCounts.get(run)!);
  const rtl = rightToLeft ?? rtlLetters > ltrLetters;
  const { ordered, readRightToLeft } = rtl ? rightToLeftOrder(runs) : leftToRightOrder(runs);
  const spacedFrom = ordered.some((run) => run.rtl) ? placedNeighbour(ordered) : (_run: TextRun, previous: TextRun) => previous;
  let text = '';
  let previous: TextRun | undefined;
  // Whether the run before stands at the start of a word (the line's start, or after a space).
  let previousOpensWord = true;
  for (const [index, run] of ordered.entries()) {
    if (previous) {
      const neighbour = spacedFrom(run, previous);
      const gap = Math.max(run.left - neighbour.right, neighbour.left - run.right);
      // Words of different scripts in a right-to-left line are set apart even where their boxes touch;
      // a vowel mark drawn on its own (pdf.js calls it left-to-right) is no word of another script, nor is
      // punctuation drawn apart (a period, a bracket): its gap decides.
      const threshold = run.monospace && previous.monospace ? monospaceSpaceGap : spaceGap;
      const scriptChange =
        rtl && run.rtl !== previous.rtl && [run, previous].every((side) => directionOf(side) !== 'neutral' && !marksOnly(side));
      // A footnote's mark opening the line is set raised against its text in a box of its own (LaTeX's
      // \@makefntext), with no gap: it is no part of the first word; nor is an affiliation's mark raised before a word
      // anywhere in the line ("ᵃDepartment of Physics"). A mark raised after a word is the word's note.
      const afterMark =
        (index === 1 && isRaisedMarkBefore(previous, run)) ||
        (previousOpensWord && opensWithWord.test(run.text) && isRaisedPrefixMark(previous, run));
      const needsSpace =
        gap > threshold * Math.min(run.fontSize, previous.fontSize) || scriptChange || afterMark || overprints(run, neighbour, -gap);
      if (needsSpace && !endsWithSpace(text) && !/^\s/.test(run.text)) text += ' ';
    }
    previousOpensWord = text === '' || endsWithSpace(text) || /^\s/.test(run.text);
    const read = readRightToLeft.has(run) ? mirroredBrackets(readableText(run)) : readableText(run);
    text += index === 0 && ordered.length > 1 && loneControlCode.test(run.text) ? bulletGlyph : rtl && !run.rtl ? tightNumber(read) : read;
    previous = run;
  }
  const dominant = dominantRun(runs);
  let left = Infinity;
  let right = -Infinity;
  let bottom = Infinity;
  let top = -Infinity;
  for (const run of runs) {
    left = Math.min(left, run.left);
    right = Math.max(right, run.right);
    bottom = Math.min(bottom, run.bottom);
    top = Math.max(top, run.top);
  }
  // A listing's line number is often set in another face than its code (docstrip sets it in the text's): it tells
  // nothing of the line's face. It stands on the line's baseline; a footnote's mark is raised.
  const lineNumber = ordered[0]!;
  const numbered =
    ordered.length > 1 &&
    /^\p{Nd}+$/u.test(lineNumber.text.trim()) &&
    Math.abs(lineNumber.baseline - dominant.baseline) <= onBaseline * dominant.fontSize;
  const spaced = text.replace(/\s+/g, ' ').trim();
  return {
    runs: ordered,
    // a mark drawn apart from its letter (at the end of a run pdf.js read on its own) goes back on it
    text: rtl ? marksOnTheirLetters(spaced) : spaced,
    fontSize: dominant.fontSize,
    baseline: dominant.baseline,
    bold: characterShare(runs, characterCounts, isBold) >= 0.6,
    italic: characterShare(runs, characterCounts, isItalic) >= 0.6,
    monospace:
      characterShare(numbered ? ordered.slice(1) : runs, characterCounts, isMonospace) >= 0.8 && !numberedInProportionalBold(ordered),
    math: characterShare(runs, characterCounts, isMath) >= 0.2,
    ...(characterShare(runs, characterCounts, isSmallCaps) >= 0.6 ? { smallCaps: true } : {}),
    ...familyOfMost(runs, (run) => letterCounts.get(run)!),
    rtl,
    left,
    right,
    bottom,
    top,
    span: [0, 0],
  };
}

/** The letters of runs read right to left and of the others. */
export function lettersByDirection(
  runs: readonly TextRun[],
  lettersOf: (run: TextRun) => number = (run) => letterCount(run.text),
): { rightToLeft: number; leftToRight: number } {
  let rightToLeft = 0;
  let leftToRight = 0;
  for (const run of runs) {
    const letters = lettersOf(run);
    if (run.rtl) rightToLeft += letters;
    else leftToRight += letters;
  }
  return { rightToLeft, leftToRight };
}

/**
 * The runs of a right-to-left line in reading order: right to left, except that a stretch of
 * left-to-right runs (Latin words, digits, a formula) keeps its own left-to-right order, as the
 * Unicode bidirectional algorithm reads it. A run of neutral characters (punctuation, brackets)
 * belongs to such a stretch when left-to-right runs stand on both sides of it, and a currency,
 * percent or sign character next to a number belongs to the number ("%50" stays "%50"). The neutral
 * runs read right to left are returned apart: their brackets are drawn mirrored (see `mirroredBrackets`).
 */
function rightToLeftOrder(runs: readonly TextRun[]): ReadingOrder {
  const visual = [...runs].sort((a, b) => b.right - a.right);
  const strong = visual.map(directionOf);
  const before = nearestStrong(strong);
  const after = nearestStrong([...strong].reverse()).reverse();
  const resolved = strong.map((direction, index) => {
    if (direction !== 'neutral') return direction;
    if (before[index] === 'ltr' && after[index] === 'ltr') return 'ltr';
    const text = visual[index]!.text.trim();
    const nextToNumber = [visual[index - 1], visual[index + 1]].some((run) => run && !run.rtl && /\p{N}/u.test(run.text));
    return numberAffix.test(text) && nextToNumber ? 'ltr' : 'rtl';
  });
  const ordered: TextRun[] = [];
  for (let index = 0; index < visual.length;) {
    let end = index + 1;
    if (resolved[index] === 'ltr') while (end < visual.length && resolved[end] === 'ltr') end++;
    ordered.push(...visual.slice(index, end).reverse());
    index = end;
  }
  return { ordered, readRightToLeft: new Set(visual.filter((run, index) => strong[index] === 'neutral' && resolved[index] === 'rtl')) };
}

/**
 * The runs of a left-to-right line in reading order: left to right, except that a stretch of
 * right-to-left runs (an Arabic or Hebrew word drawn glyph by glyph inside an English sentence)
 * reads right to left, with the punctuation and numbers between two of its runs.
 */
function leftToRightOrder(runs: readonly TextRun[]): ReadingOrder {
  if (!runs.some((run) => run.rtl)) return { ordered: [...runs], readRightToLeft: new Set() };
  const visual = [...runs].sort((a, b) => a.left - b.left);
  const inStretch = visual.map((run, index) => {
    if (run.rtl) return true;
    if (/\p{L}/u.test(run.text)) return false;
    const before = visual.slice(0, index).findLast((other) => /\p{L}/u.test(other.text));
    const after = visual.slice(index + 1).find((other) => /\p{L}/u.test(other.text));
    return before?.rtl === true && after?.rtl === true;
  });
  const ordered: TextRun[] = [];
  for (let index = 0; index < visual.length;) {
    let end = index + 1;
    if (inStretch[index]) while (end < visual.length && inStretch[end]) end++;
    ordered.push(...visual.slice(index, end).reverse());
    index = end;
  }
  return { ordered, readRightToLeft: new Set(visual.filter((run, index) => inStretch[index] && directionOf(run) === 'neutral')) };
}

interface ReadingOrder {
  ordered: TextRun[];
  /** Runs of neutral characters (punctuation, brackets) read right to left, inside right-to-left text. */
  readRightToLeft: ReadonlySet<TextRun>;
}

/**
 * In a right-to-left line the run read before another is not always drawn next to it (a period
 * after a left-to-right formula sits at the formula's left end): the space before a run depends
 * on its gap to a run drawn next to it that has been read already, else to the run read before it.
 */
function placedNeighbour(ordered: readonly TextRun[]): (run: TextRun, previous: TextRun) => TextRun {
  const visual = [...ordered].sort((a, b) => b.right - a.right);
  const position = new Map(visual.map((run, index) => [run, index]));
  const placed = new Set<TextRun>();
  return (run, previous) => {
    placed.add(previous);
    const at = position.get(run)!;
    const sides = [visual[at - 1], visual[at + 1]].filter((side): side is TextRun => side !== undefined && placed.has(side));
    return sides.includes(previous) ? previous : (sides[0] ?? previous);
  };
}

/** For each run, the direction of the nearest run before it that has one. */
function nearestStrong(directions: readonly Direction[]): (Direction | undefined)[] {
  let last: Direction | undefined;
  return directions.map((direction) => {
    const nearest = last;
    if (direction !== 'neutral') last = direction;
    return nearest;
  });
}

/** Characters that sit on a number and read with it: currency, percent, degree, plus and minus signs. */
const numberAffix = /^[%‰‱$€£¥°#+\-−\u066A]+$/u;

type Direction = 'rtl' | 'ltr' | 'neutral';

function directionOf(run: TextRun): Direction {
  if (run.rtl) return 'rtl';
  return /[\p{L}\p{N}]/u.test(run.text) ? 'ltr' : 'neutral';
}

/**
 * Whether a run overlapping the run `under` by `overlap` points is drawn over it rather than after
 * it. Combining marks placed on the letter before them are part of its word.
 */
function overprints(run: TextRun, under: TextRun, overlap: number): boolean {
  if (!/[\p{L}\p{N}]/u.test(run.text)) return false;
  const sameSize = Math.abs(run.fontSize - under.fontSize) <= 0.1 * under.fontSize;
  const sameBaseline = Math.abs(run.baseline - under.baseline) <= 0.1 * under.fontSize;
  return sameSize && sameBaseline && overlap > Math.max(overprintOverlap * run.fontSize, 0.5 * (run.right - run.left));
}

/** Whether a run holds combining marks (harakat, points) and nothing else that reads. */
function marksOnly(run: TextRun): boolean {
  return /^[\p{M}\s]+$/u.test(run.text);
}

/** A section number and nothing else: digits, dots and the spaces between them. */
const spacedNumber = /^\s*\p{Nd}+(?:\s*\.\s*\p{Nd}+)+\s*\.?\s*$/u;

/**
 * A section number in a right-to-left line, set digit by digit ("۱. ۲ .۱"), read without the
 * spaces that the gaps between its glyphs put in: it is one number.
 */
function tightNumber(text: string): string {
  return spacedNumber.test(text) ? text.replace(/\s+/gu, '') : text;
}

/** A run's characters as read: control codes dropped. */
function readableText(run: TextRun): string {
  return run.text.replace(controlCodes, '');
}

/**
 * A section number ("5.1", "5.") in a bold proportional face: the line is a heading that names a
 * file or a command in typewriter type ("5.1 README.Debian"), not a line of code. A listing numbers
 * its lines without a dot, and not in bold: a number without one opens a heading when the whole line is bold ("2 **\psKnot**").
 */
function numberedInProportionalBold(runs: readonly TextRun[]): boolean {
  const first = runs[0]!;
  if (!first.bold || first.monospace) return false;
  const number = first.text.trim();
  return /^\p{Nd}+(?:\.\p{Nd}+)*\.$|^\p{Nd}+(?:\.\p{Nd}+)+$/u.test(number) || (/^\p{Nd}+$/u.test(number) && runs.every((run) => run.bold));
}

/** The run carrying most characters: its size is the line's size. */
function dominantRun(runs: readonly TextRun[]): TextRun {
  let best = runs[0]!;
  for (const run of runs) if (run.text.length > best.text.length) best = run;
  return best;
}

/** The family of the line's face where its letters are set in one (`Line.family`): four in five of them at least. */
function familyOfMost(runs: readonly TextRun[], letters: (run: TextRun) => number): { family?: string } {
  // Letters, not digits: a section number set in the Latin face before a title in a CJK one ("3.1.1 中心校区").
  const byFamily = new Map<string, number>();
  for (const run of runs) if (run.family !== undefined) byFamily.set(run.family, (byFamily.get(run.family) ?? 0) + letters(run));
  const most = mostCounted(byFamily);
  const all = runs.reduce((n, run) => n + letters(run), 0);
  return most && most.count >= 0.8 * all ? { family: most.key } : {};
}

/** The share of the runs' characters (not spaces) that are in runs passing `test`. */
function characterShare(runs: readonly TextRun[], characters: ReadonlyMap<TextRun, number>, test: (run: TextRun) => boolean): number {
  let passing = 0;
  let all = 0;
  for (const run of runs) {
    const count = characters.get(run)!;
    all += count;
    if (test(run)) passing += count;
  }
  return passing / Math.max(1, all);
}

const isBold = (run: TextRun): boolean => run.bold;
const isItalic = (run: TextRun): boolean => run.italic;
const isMonospace = (run: TextRun): boolean => run.monospace;
const isMath = (run: TextRun): boolean => run.math;
const isSmallCaps = (run: TextRun): boolean => run.smallCaps === true;

/** Whether a text ends in white space, looking at its last character only (a regular expression tries every position). */
function endsWithSpace(text: string): boolean {
  return text.length > 0 && /\s/.test(text[text.length - 1]!);
}
