import { horizontalOverlap } from './geometry';
import type { Line } from './types';

/** A column is read from at least this many lines wider than the line measured against it. */
const minColumnLines = 3;
/** A centred line leaves at least this many font sizes free on each side of it in its column. */
const minSideSpace = 2;
/** ...and this share of the column's width (a quotation is indented on both sides by less). */
const minSideShare = 0.1;
/** ...and the space on its two sides differs by at most this many font sizes. */
const maxSideDifference = 1;

/**
 * Whether a line is centred in the column of text it is set in: as far from the column's left edge as from its right
 * one, and clearly short of both. The column is that of the page's lines wider than the line that overlap it: its left
 * edge the leftmost where several of them start (first-line indents and block quotations start further in), its right
 * edge where the farthest ends (text set ragged right reaches the measure only now and then). Lines as wide as their
 * column or wider are never centred. A page with too few such lines is measured against the document's `textArea`.
 */
export function isCentredInColumn(line: Line, pageLines: readonly Line[], textArea?: Column): boolean {
  const width = line.right - line.left;
  const wider = pageLines.filter((other) => other.right - other.left > width && horizontalOverlap(other, line) > 0);
  const left = sharedLeftEdge(wider.map((other) => other.left));
  const column = left === undefined ? textArea : { left, right: Math.max(...wider.map((other) => other.right)) };
  if (!column) return false;
  const leftSpace = line.left - column.left;
  const rightSpace = column.right - line.right;
  const size = line.fontSize;
  // A line that starts where lines reaching the column's right edge start is aligned with them (a definition beside its
  // term), centred or not; centred headings of one width may start at one edge by chance, but they reach no edge.
  const aligned = wider.filter(
    (other) => Math.abs(other.left - line.left) <= edgeTolerance && other.right >= column.right - minSideSpace * size,
  );
  if (aligned.length >= minColumnLines - 1) return false;
  const minSpace = Math.max(minSideSpace * size, minSideShare * (column.right - column.left));
  return leftSpace >= minSpace && rightSpace >= minSpace && Math.abs(leftSpace - rightSpace) <= maxSideDifference * size;
}

export interface Column {
  left: number;
  right: number;
}

/** The right edge of a document's text: where this share of its lines end, or further left. */
const textRightQuantile = 0.95;

/**
 * The area a document sets its text in, for pages with too few lines to show their column (an index, a page of
 * examples): its left edge where most lines start, its right edge where nearly all of them have ended.
 */
export function textAreaOf(lines: readonly Line[]): Column | undefined {
  if (lines.length < minColumnLines) return undefined;
  const counts = new Map<number, number>();
  for (const line of lines) counts.set(Math.round(line.left), (counts.get(Math.round(line.left)) ?? 0) + 1);
  let left = 0;
  for (const [edge, count] of counts) if (count > (counts.get(left) ?? 0)) left = edge;
  const rights = lines.map((line) => line.right).sort((a, b) => a - b);
  return { left, right: rights[Math.floor(textRightQuantile * (rights.length - 1))]! };
}

/** Left edges this close (points) are one edge. */
const edgeTolerance = 1;

/** The leftmost edge where at least `minColumnLines` of the lines start. */
function sharedLeftEdge(lefts: readonly number[]): number | undefined {
  const sorted = [...lefts].sort((a, b) => a - b);
  for (let i = 0; i + minColumnLines - 1 < sorted.length; i++) {
    if (sorted[i + minColumnLines - 1]! - sorted[i]! <= edgeTolerance) return sorted[i];
  }
  return undefined;
}

/** A paragraph's first line is indented by at most this many font sizes. */
const maxIndent = 4;

/**
 * Whether a line starts where its column's lines start, or a paragraph's indent in from there: text under a centred
 * heading, not an author's name under a centred title.
 */
export function startsAtColumnEdge(line: Line, pageLines: readonly Line[], textArea?: Column): boolean {
  const overlapping = pageLines.filter((other) => other !== line && horizontalOverlap(other, line) > 0);
  const left = sharedLeftEdge(overlapping.map((other) => other.left)) ?? textArea?.left;
  return left !== undefined && line.left >= left - edgeTolerance && line.left - left <= maxIndent * line.fontSize;
}
