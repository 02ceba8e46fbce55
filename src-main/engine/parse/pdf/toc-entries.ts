import { lineBreakGap } from './lines';
import type { Line } from './types';

/** Right ends of page numbers this close (points) are one column of them. */
const alignTolerance = 2;
/** A table of contents lists at least this many entries on a page. */
const minEntries = 3;

/** A page number, Arabic or Roman. */
const pageNumberForm = String.raw`(?:\p{Nd}{1,4}|[ivxlcdm]{1,7})`;
/** A page number closing a line, after a space, a dot leader or nothing. */
const trailingNumber = new RegExp(String.raw`(?:^|[\s.·…_])${pageNumberForm}$`, 'iu');
/** A page number alone. */
const pageNumber = new RegExp(`^${pageNumberForm}$`, 'iu');
/** Dot leaders: four or more dots (spaced or not) or other leader marks in a row. */
const leaders = /(?:[.·…_]\s*){4,}/u;

/**
 * The lines of a page's table-of-contents rows: rows (lines on one baseline) that end in a page
 * number after dot leaders or a gap (see `endsInPageNumber`), where at least `minEntries` rows end at one edge, the
 * column of page numbers (at the right, or at the left in right-to-left text). Justified body text ends at one edge too, but a line of running text
 * reaches a number without leaders or a gap before it. A contents that runs over from the page before
 * (its lines `previousPage`) may end in fewer rows, at the page numbers' edge of that page.
 */
export function tocEntryLines(lines: readonly Line[], previousPage: ReadonlySet<Line> = new Set()): Set<Line> {
  const entries = rowsOf(lines).filter(endsInPageNumber);
  // a page number alone reads in neither direction: it may end a row of either
  const continuedEdges = new Set(
    [...previousPage].filter((line) => trailingNumber.test(line.text.trim())).flatMap((line) => [edgeOf(line, false), edgeOf(line, true)]),
  );
  const byEdge = new Map<number, Line[][]>();
  for (const row of entries) {
    const edge = edgeOf(row[row.length - 1]!, readsRightToLeft(row));
    byEdge.set(edge, [...(byEdge.get(edge) ?? []), row]);
  }
  const toc = new Set<Line>();
  for (const [edge, rows] of byEdge) {
    const column = [edge - 1, edge, edge + 1].flatMap((near) => byEdge.get(near) ?? []);
    const continued = [edge - 1, edge, edge + 1].some((near) => continuedEdges.has(near));
    if (column.length < minEntries && !continued) continue;
    for (const row of rows) for (const line of row) toc.add(line);
  }
  return toc;
}

/**
 * Whether the row ends in a page number after leaders, or in a page number alone after a gap and set
 * no smaller than the entry before it (a line number in the margin beside a heading is smaller).
 */
function endsInPageNumber(row: readonly Line[]): boolean {
  const lastLine = row[row.length - 1]!;
  const last = lastLine.text.trim();
  if (!trailingNumber.test(last)) return false;
  if (endsInLeadersAndNumber(last) || endsInNumberApart(lastLine)) return true;
  const beforeNumber = last.replace(trailingNumber, '');
  const entry = row[row.length - 2];
  return entry !== undefined && beforeNumber.trim() === '' && lastLine.fontSize >= 0.8 * entry.fontSize;
}

/**
 * Whether the line's last run is a number alone, as far from the run before it as the line builder parts cells at: a
 * row in a typewriter face is one line whatever its gaps (a contents in bold typewriter, its page numbers in a column).
 */
function endsInNumberApart(line: Line): boolean {
  const inked = line.runs.filter((run) => run.text.trim() !== '');
  const [before, last] = inked.slice(-2);
  return (
    before !== undefined &&
    last !== undefined &&
    pageNumber.test(last.text.trim()) &&
    last.left - before.right > lineBreakGap * last.fontSize
  );
}

/** Whether a line ends in a page number after dot leaders: a contents row, alone on its page or not. */
export function endsInLeadersAndNumber(text: string): boolean {
  const trimmed = text.trim();
  return trailingNumber.test(trimmed) && leaders.test(trimmed.replace(trailingNumber, ''));
}

/**
 * Where a row's page number ends it: the right edge of a left-to-right row's last line, the left edge
 * of a right-to-left one's (the two kept apart: a right-to-left edge is a negative number).
 */
function edgeOf(line: Line, rightToLeft: boolean): number {
  return rightToLeft ? -1 - Math.round(line.left / alignTolerance) : Math.round(line.right / alignTolerance);
}

/** Whether most of a row's lines with letters read right to left (a page number alone reads in neither direction). */
function readsRightToLeft(row: readonly Line[]): boolean {
  const worded = row.filter((line) => /\p{L}/u.test(line.text));
  return worded.filter((line) => line.rtl).length * 2 > worded.length;
}

/** Lines on one baseline, in reading order: left to right, or right to left when most of their words read so. */
function rowsOf(lines: readonly Line[]): Line[][] {
  const sorted = [...lines].sort((a, b) => b.baseline - a.baseline || a.left - b.left);
  const rows: Line[][] = [];
  for (const line of sorted) {
    const row = rows[rows.length - 1];
    if (row && Math.abs(row[0]!.baseline - line.baseline) <= 0.3 * line.fontSize) row.push(line);
    else rows.push([line]);
  }
  return rows.map((row) => (readsRightToLeft(row) ? row.sort((a, b) => b.left - a.left) : row.sort((a, b) => a.left - b.left)));
}
