import { headingSizeRatio } from './headings';
import { buildLines } from './lines';
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
