import { headingSizeRatio } from './headings';
import { buildLines } from './lines';
import { isNumberedRunInTitle } from './run-in-headings';
import type { Line, TextRun } from './types';

/** Lines whose baselines are closer than this share of the font size are on one row. */
const rowTolerance = 0.2;
/** Lines of one wrapped heading follow each other within this many of their font sizes. */
const maxHeadingLeading = 2;
const sizeTolerance = 0.5;
/** A gap between runs wider than this share of the font size is a stretched space or a cell's gap, not a kern. */
const wideGap = 0.5;
/** The stretched spaces of one justified line differ by at most this factor (a typewriter word's space is wider). */
const evenSpacing = 1.3;

/**
 * Joins again the rows of large text that the reading-order cut split into "columns". A justified
 * heading that wraps stretches the spaces of its first line to the full width, often past the
 * narrowest column gutter, while its short last line leaves the space below them free: the cut then
 * reads "6 ICC Color," and "Rendering" as one column and "the Display" as another. Pieces of one
 * row are consecutive in reading order only when nothing else is beside them, so a run of
 * consecutive lines set larger than the page's text, in one size and weight, that holds two lines on
 * one baseline is one block cut apart: its runs are built into lines again, top to bottom. The line
 * builder still parts runs further apart than a table's cells are, unless the spaces of their row
 * are stretched evenly, as justification stretches a line of few words.
 */
export function rejoinCutRows<E extends { kind: string }>(elements: readonly (E | LineElement)[], bodySize: number): (E | LineElement)[] {
  const joined: (E | LineElement)[] = [];
  let group: Line[] = [];
  const flush = (): void => {
    const rebuilt = sharesARow(group)
      ? buildLines(
          group.flatMap((line) => line.runs),
          isJustified,
        )
      : group;
    joined.push(...rebuilt.map((line): LineElement => ({ kind: 'line', line })));
    group = [];
  };
  for (const element of elements) {
    const line = lineOf(element);
    if (line && isLarge(line, bodySize) && (group.length === 0 || sameBlock(group, line))) {
      group.push(line);
      continue;
    }
    flush();
    if (line && isLarge(line, bodySize)) group.push(line);
    else joined.push(element);
  }
  flush();
  return joined;
}

/** A bold heading and the text it runs into are this many font sizes apart at most (the line builder's cell gap). */
const maxRunInGap = 2.5;

/**
 * Joins again a numbered run-in heading and the rest of its line where the reading-order cut parted
 * them: the space after a heading in bold ("1. Introduction.") is an em, and when the paragraph's
 * other lines leave that space free below it, the cut reads the heading as a column of its own,
 * whose number then reads as a list marker. A numbered title in bold read just before a line in
 * another weight on its baseline, a space's width to its right, is one line with it (and is split
 * off it again as a run-in heading).
 */
export function rejoinCutRunInHeadings<E extends { kind: string }>(elements: readonly (E | LineElement)[]): (E | LineElement)[] {
  const joined: (E | LineElement)[] = [];
  for (const element of elements) {
    const previous = joined.length > 0 ? lineOf(joined[joined.length - 1]!) : undefined;
    const line = lineOf(element);
    const whole = previous && line && cutRunIn(previous, line) ? buildLines([...previous.runs, ...line.runs]) : [];
    if (whole.length === 1) joined[joined.length - 1] = { kind: 'line', line: whole[0]! };
    else joined.push(element);
  }
  return joined;
}

function cutRunIn(heading: Line, rest: Line): boolean {
  const size = Math.max(heading.fontSize, rest.fontSize);
  const gap = rest.left - heading.right;
  return (
    heading.bold &&
    isNumberedRunInTitle(heading.text) &&
    !rest.bold &&
    Math.abs(heading.baseline - rest.baseline) < rowTolerance * size &&
    Math.abs(heading.fontSize - rest.fontSize) <= sizeTolerance &&
    gap > 0 &&
    gap < maxRunInGap * size
  );
}

/** A page element that is one line of text (the page's elements are defined where the page is laid out). */
interface LineElement {
  kind: 'line';
  line: Line;
}

function lineOf(element: { kind: string }): Line | undefined {
  return element.kind === 'line' ? (element as LineElement).line : undefined;
}

function isLarge(line: Line, bodySize: number): boolean {
  return line.fontSize >= headingSizeRatio * bodySize;
}

/** Same size and weight as the group's first line, within a couple of lines' leading of one of its lines. */
function sameBlock(group: readonly Line[], line: Line): boolean {
  const first = group[0]!;
  if (Math.abs(line.fontSize - first.fontSize) > sizeTolerance || line.bold !== first.bold) return false;
  return group.some((other) => Math.abs(other.baseline - line.baseline) <= maxHeadingLeading * line.fontSize);
}

function sharesARow(lines: readonly Line[]): boolean {
  return lines.some((line, index) =>
    lines.some((other, j) => j > index && Math.abs(other.baseline - line.baseline) < rowTolerance * line.fontSize),
  );
}

/** Two or more wide gaps between the row's runs, all about as wide: the spaces of a justified line, not a table's cells. */
function isJustified(row: readonly TextRun[]): boolean {
  const sorted = [...row].sort((a, b) => a.left - b.left);
  const gaps = sorted.slice(1).map((run, index) => run.left - sorted[index]!.right);
  const size = Math.max(...row.map((run) => run.fontSize));
  const wide = gaps.filter((gap) => gap > wideGap * size);
  return wide.length >= 2 && Math.max(...wide) <= evenSpacing * Math.min(...wide);
}
