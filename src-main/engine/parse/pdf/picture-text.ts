import { buildLines } from './lines';
import type { Box, Line, TextRun } from './types';
import { countWords } from '../../text/words';

/** Lines of running text (prose, a code listing) stand at least this many to a stack; labels of a chart seldom do. */
const minStackLines = 3;
/** At least this share of a stack's lines are long: a listing's short lines (`\end{...}`) go with the long ones. */
const minLongShare = 0.5;
/** A long line holds this many words, or this many characters in one word or more (a line of code). */
const minWords = 4;
const minCharacters = 24;
/** Lines of one stack start within this share of the body size of each other ... */
const edgeTolerance = 0.5;
/** ... and follow each other at most this many line heights apart. */
const maxLineGap = 2;
/** Lines at least this share of the body size can be running text: a paragraph, a listing at the text's size. */
const minTextSize = 0.8;
/**
 * Lines set solid, one under the next at the leading of text (baselines at most this many times their
 * size apart), can be smaller: a listing in a footnote size beside the drawing it makes.
 */
const maxSolidLeading = 1.75;
const minSolidSize = 0.6;
/** A line goes on across a picture's border when its runs on either side stand at most this many font sizes apart (a space). */
const maxCrossingGap = 1;
/** Sizes of one solid block's lines differ by at most this share: a listing is set in one font. */
const solidSizeTolerance = 0.1;
/** A solid block's lines start within this many font sizes of its left edge: the indents of a listing's nested lines. */
const maxIndent = 8;
/** At least this share of a solid block's lines hold a word of two letters: tick labels are numbers. */
const minWordedShare = 0.5;
/** At least this share of a solid block's lines are in a typewriter face when it is a listing. */
const minListingShare = 0.5;

/**
 * The lines inside a picture's region that are running text, not its labels: three lines or more one under the other,
 * either a stack starting at one left edge, set at the text's size, most of them long enough to be prose or a line of
 * code, or a block set solid (at the leading of text, in one size, each line starting within an indent of the block's
 * edge, mostly holding words) in a typewriter face however short, as a listing's lines (`\psset{unit=1cm}`) are, or
 * long, in the text's size or a footnote's; a legend's short entries set solid are neither. A diagram drawn beside its
 * own source listing, or a plot in a frame with a paragraph under it, holds them; a chart's labels (numbers, a word, an
 * axis title) never make such a stack: tick labels stand farther apart than lines of text and hold numbers. The picture
 * keeps its labels; these lines are read as the page's text.
 */
export function runningTextLines(labels: readonly Line[], bodySize: number): Line[] {
  const long = stacks(
    labels.filter((line) => line.fontSize >= minTextSize * bodySize),
    bodySize,
    (previous, line) => previous.bottom - line.top <= maxLineGap * (previous.top - previous.bottom),
    (stack) => stack.filter((line) => isLong(line.text)).length >= minLongShare * stack.length,
  ).flat();
  // a listing's block holds its long lines too: its short outer lines (`\tikzset{%`, `}`) go with them
  const solid = solidBlocks(labels.filter((line) => line.fontSize >= minSolidSize * bodySize)).filter(
    (block) =>
      block.length >= minStackLines &&
      block.filter((line) => /\p{L}{2}/u.test(line.text)).length >= minWordedShare * block.length &&
      isListingOrProse(block),
  );
  const running = new Set([
    ...withLinesAmong(long, labels, minTextSize * bodySize, bodySize),
    ...solid.flatMap((stack) => withLinesAmong(stack, labels, minSolidSize * bodySize, bodySize)),
  ]);
  return labels.filter((line) => running.has(line));
}

/**
 * Lines inside a picture's region set wholly above or below its shapes that are prose, or that stand clear of the
 * shapes' width: the sentence that opens a framed box holding a figure, the title on the box's bar at its left edge.
 * They read as text: a chart's labels stand among or beside its shapes, and its title is a few words over them.
 */
export function linesApartFromShapes(labels: readonly Line[], shapes: Box, bodySize: number): Line[] {
  return labels.filter(
    (line) =>
      line.fontSize >= minTextSize * bodySize &&
      (line.bottom >= shapes.top || line.top <= shapes.bottom) &&
      (countWords(line.text) >= minWords || line.right <= shapes.left || line.left >= shapes.right),
  );
}

/**
 * The runs inside a picture's region that belong to a line of running text going on outside it: a
 * drawing laid over a paragraph (a stain, a stamp) or reaching into a column holds part of its lines.
 * Such a line is long, goes on across the border without a gap wider than a space, and what lies
 * outside holds words; a chart's row of tick labels sticking out of its frame holds numbers there,
 * and its labels stand apart from the text beside the picture.
 */
export function runsOfLinesGoingOn(box: Box, inside: readonly TextRun[], outside: readonly TextRun[]): TextRun[] {
  const insideRuns = new Set(inside);
  const beside = outside.filter(
    (run) => !insideRuns.has(run) && run.top > box.bottom && run.bottom < box.top && !centreBetween(run, box.left, box.right),
  );
  if (beside.length === 0) return [];
  const going: TextRun[] = [];
  for (const line of buildLines([...inside, ...beside])) {
    const outer = line.runs.filter((run) => !insideRuns.has(run));
    if (outer.length === 0 || !isLong(line.text) || !outer.some((run) => /\p{L}{2}/u.test(run.text))) continue;
    const ordered = [...line.runs].sort((a, b) => a.left - b.left);
    const crosses = ordered
      .slice(1)
      .some(
        (run, index) =>
          insideRuns.has(run) !== insideRuns.has(ordered[index]!) && run.left - ordered[index]!.right <= maxCrossingGap * run.fontSize,
      );
    if (crosses) going.push(...line.runs.filter((run) => insideRuns.has(run)));
  }
  return going;
}

/**
 * Stacks of lines that start at one left edge, each following the one above it as `follows` allows,
 * at least `minStackLines` long and as `accept` asks.
 */
function stacks(
  candidates: readonly Line[],
  bodySize: number,
  follows: (previous: Line, line: Line) => boolean,
  accept: (stack: readonly Line[]) => boolean,
): Line[][] {
  const sorted = [...candidates].sort((a, b) => a.left - b.left || b.top - a.top);
  const found: Line[][] = [];
  const used = new Set<Line>();
  for (const first of sorted) {
    if (used.has(first)) continue;
    const column = sorted
      .filter((line) => !used.has(line) && Math.abs(line.left - first.left) <= edgeTolerance * bodySize)
      .sort((a, b) => b.top - a.top);
    let stack: Line[] = [];
    const flush = (): void => {
      if (stack.length >= minStackLines && accept(stack)) found.push(stack);
      stack = [];
    };
    for (const line of column) {
      const previous = stack.at(-1);
      if (previous && !follows(previous, line)) flush();
      stack.push(line);
      used.add(line);
    }
    flush();
  }
  return found;
}

/**
 * Blocks of lines set solid: in one size, each baseline at most the leading of text below the one above, every line
 * starting within an indent of the block's left edge. A listing's nested lines, deeper or shallower, stay in its block;
 * the labels of a drawing beside it, starting elsewhere, neither join it nor part it.
 */
function solidBlocks(candidates: readonly Line[]): Line[][] {
  const sorted = [...candidates].sort((a, b) => b.baseline - a.baseline || a.left - b.left);
  const used = new Set<Line>();
  const blocks: Line[][] = [];
  for (const first of sorted) {
    if (used.has(first)) continue;
    const block = [first];
    used.add(first);
    let left = first.left;
    for (const line of sorted) {
      if (used.has(line) || line.baseline >= first.baseline) continue;
      const last = block.at(-1)!;
      const indent = maxIndent * first.fontSize;
      if (Math.abs(line.fontSize - first.fontSize) > solidSizeTolerance * first.fontSize) continue;
      if (line.left < left - indent || line.left > left + indent) continue;
      if (last.baseline - line.baseline > maxSolidLeading * first.fontSize) break;
      block.push(line);
      used.add(line);
      left = Math.min(left, line.left);
    }
    blocks.push(block);
  }
  return blocks;
}

/**
 * The stacks' lines and every other line of at least `minSize` set among them, right of their left
 * edge: a listing's indented lines, and the first or last line of a paragraph set apart by its indent.
 */
function withLinesAmong(running: readonly Line[], labels: readonly Line[], minSize: number, bodySize: number): Line[] {
  if (running.length === 0) return [];
  const left = Math.min(...running.map((line) => line.left)) - edgeTolerance * bodySize;
  const top = Math.max(...running.map((line) => line.top)) + bodySize;
  const bottom = Math.min(...running.map((line) => line.bottom)) - bodySize;
  return labels.filter(
    (line) => running.includes(line) || (line.left >= left && line.bottom >= bottom && line.top <= top && line.fontSize >= minSize),
  );
}

/** Most lines of the stack are in a typewriter face (a listing) or long (prose): a legend's short entries are neither. */
function isListingOrProse(stack: readonly Line[]): boolean {
  const share = (test: (line: Line) => boolean): number => stack.filter(test).length / stack.length;
  return share((line) => line.monospace) >= minListingShare || share((line) => isLong(line.text)) >= minLongShare;
}

function centreBetween(run: TextRun, left: number, right: number): boolean {
  const centre = (run.left + run.right) / 2;
  return centre >= left && centre <= right;
}

function isLong(text: string): boolean {
  return countWords(text) >= minWords || text.replace(/\s/gu, '').length >= minCharacters;
}
