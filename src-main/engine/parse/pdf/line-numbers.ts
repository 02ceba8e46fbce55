import { unionBox } from './geometry';
import type { TextRun } from './types';

/** A page shows a column of line numbers with at least this many of them. */
const minNumbers = 5;
/** Numbers whose aligned edges lie this close (points) stand in one column. */
const edgeTolerance = 1.5;
/** Line numbers stand at least this many of the text's font sizes away from all the page's other text. */
const marginGap = 1;
/** At least this share of a column's numbers stand on the baseline of the text... */
const onBaselineShare = 0.8;
/** ...within this share of its font size. */
const baselineTolerance = 0.25;
/** Line numbers in the right margin are set at most this share of the text's size. */
const smallerType = 0.9;
/** At least this share of the page's rows of text lie between the first line number and the last. */
const spannedRowShare = 0.7;

const bareNumber = /^\d{1,5}$/;

/**
 * Line numbers printed in a page's margin (a manuscript set for review with `lineno`, pleading paper): a column of
 * bare numbers beside all the page's other text, aligned on one edge, counting up down the page, each on the baseline
 * of a line of the text. They number the page's lines as a page number numbers the page, so they are furniture. Read
 * as text they joined the lines they stand beside, a word space of large type away ("28 scientific articles"), or
 * stood between them and cut every paragraph and heading into lines. Numbers with text on either side of them (a
 * listing's line numbers under a paragraph's edge, a table's first column under its caption) are the text's own.
 */
export function marginLineNumbers(runs: readonly TextRun[]): Set<TextRun> {
  const found = new Set<TextRun>();
  const inked = runs.filter((run) => run.text.trim() !== '');
  const candidates = inked.filter((run) => bareNumber.test(run.text.trim()));
  if (candidates.length < minNumbers) return found;
  const numbers = new Set(candidates);
  const others = inked.filter((run) => !numbers.has(run));
  if (others.length === 0) return found;
  const textSize = median(others.map((run) => run.fontSize));
  const gap = marginGap * textSize;
  // the extent of the page's other text, measured without spreading a page's runs into arguments (a map holds thousands)
  const { left: textLeft, right: textRight } = unionBox(others);
  const left = alignedColumn(candidates.filter((run) => run.right <= textLeft - gap));
  // A contents page's numbers stand in a column to the right of its rows, in the rows' own type: line numbers set there
  // (lineno's `right` and `switch`) are told from them by their smaller type.
  const right = alignedColumn(candidates.filter((run) => run.left >= textRight + gap)).filter(
    (run) => run.fontSize <= smallerType * textSize,
  );
  for (const column of [left, right]) {
    if (column.length >= minNumbers && countsDown(column) && besideProse(column, others) && spansPage(column, others)) {
      for (const run of column) found.add(run);
    }
  }
  return found;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The largest set of the numbers that share their right edge (set flush right, as in a left margin) or their left. */
function alignedColumn(numbers: readonly TextRun[]): TextRun[] {
  let best: TextRun[] = [];
  for (const edge of [(run: TextRun) => run.right, (run: TextRun) => run.left]) {
    for (const anchor of numbers) {
      const aligned = numbers.filter((run) => Math.abs(edge(run) - edge(anchor)) <= edgeTolerance);
      if (aligned.length > best.length) best = aligned;
    }
  }
  return best;
}

/** Read from the top of the page down, the numbers rise: line numbers count the lines, an axis's labels do not. */
function countsDown(column: readonly TextRun[]): boolean {
  const values = [...column].sort((a, b) => b.baseline - a.baseline).map((run) => Number(run.text.trim()));
  return values.every((value, index) => index === 0 || value > values[index - 1]!);
}

/**
 * Most of the numbers stand on the baseline of the text, and that text is not code: a listing printed with its line
 * numbers (a package's documented source, page after page of it) keeps them, as the reader cites them.
 */
function besideProse(column: readonly TextRun[], text: readonly TextRun[]): boolean {
  const beside = column.map((number) => text.filter((run) => Math.abs(run.baseline - number.baseline) <= baselineTolerance * run.fontSize));
  const inCode = beside.filter((runs) => runs.length > 0 && runs.filter((run) => run.monospace).length * 2 >= runs.length);
  return beside.filter((runs) => runs.length > 0).length - inCode.length >= onBaselineShare * column.length;
}

/**
 * The numbers run down the page's text, not beside a part of it: where a listing's lines are numbered in the margin,
 * the paragraphs around it are not.
 */
function spansPage(column: readonly TextRun[], text: readonly TextRun[]): boolean {
  const tolerance = baselineTolerance * text.reduce((least, run) => Math.min(least, run.fontSize), Infinity);
  const rows = [...new Set(text.map((run) => Math.round(run.baseline / tolerance)))].map((row) => row * tolerance);
  const baselines = column.map((run) => run.baseline);
  const highest = baselines.reduce((most, baseline) => Math.max(most, baseline), -Infinity) + tolerance;
  const lowest = baselines.reduce((least, baseline) => Math.min(least, baseline), Infinity) - tolerance;
  return rows.filter((row) => row <= highest && row >= lowest).length >= spannedRowShare * rows.length;
}
