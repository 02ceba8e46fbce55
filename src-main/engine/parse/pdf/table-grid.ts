import { unionBox } from './geometry';
import { slotRectangles, type SlotRect } from './grid-spans';
import { joinLines } from './hyphenation';
import { buildLines, rowsOf } from './lines';
import type { RuledFrame } from './ruled-tables';
import type { Box, Line, TextRun } from './types';
import { underlinesText } from './underlines';

interface GridCell extends Box {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  text: string;
  header: boolean;
  lines: Line[];
}

export interface TableRegion extends Box {
  numRows: number;
  numCols: number;
  cells: GridCell[];
}

/** Whitespace wider than this share of the font size between runs separates two columns. */
const columnGapRatio = 0.5;
/** A line this close (share of font size) below a row, empty in the first column, continues that row. */
const continuationGap = 0.6;
/** A vertical rule is a column border when it runs along this share of the table height. */
const columnRuleCoverage = 0.6;
/** A horizontal rule this share of the table width long closes the header (a booktabs midrule). */
const headerRuleWidth = 0.9;
/** Rules within this many points of a column or row line draw it. */
const ruleTolerance = 2;

interface TableRow {
  runs: TextRun[];
  /** Index of the band between two horizontal rules the row lies in, top to bottom. */
  band: number;
  top: number;
  bottom: number;
}

/**
 * Lays the runs inside a ruled frame out as a grid: columns at vertical rules that cross most of
 * the table, or else at whitespace shared by all body rows; rows at horizontal rules and where
 * text rows separate. Cells span the columns and rows between which a ruled grid has no line (a
 * header over several columns, a row label over two rows), and a header piece spans the columns
 * its text covers. Rows above the header rule (or above `headerBottom`, a y for tables without
 * rules; else the first line) are column headers. Undefined when the content is not tabular.
 */
export function tableFromFrame(frame: RuledFrame, runs: readonly TextRun[], headerBottom?: number): TableRegion | undefined {
  if (runs.length < 2) return undefined;
  const fontSize = runs.reduce((sum, r) => sum + r.fontSize, 0) / runs.length;
  const ruledEdges = ruledColumnEdges(frame);
  const headerLine = headerBottom ?? headerRulePosition(frame) ?? (ruledEdges.length === 0 ? belowFirstLine(runs) : undefined);
  const body = headerLine === undefined ? runs : runs.filter((r) => middleY(r) < headerLine);
  const columnEdges = ruledEdges.length > 0 ? ruledEdges : whitespaceColumnEdges(body.length > 0 ? body : runs, fontSize);
  if (columnEdges.length < 1) return undefined;
  // Only a grid ruled between its columns has cells whose lines an underline might seem to part.
  const banding = ruledEdges.length > 0 ? withoutUnderlines(frame, runs) : frame;
  const bands = bandEdges(banding);
  const rows = groupRows(runs, bands, fontSize, columnEdges[0]!);
  if (rows.length < 2) return undefined;
  const headerRows = headerRowCount(rows, headerLine);
  const numCols = columnEdges.length + 1;
  const { ownerOf } = slotRectangles({
    numRows: rows.length,
    numCols,
    openBetweenColumns: (row, col) => ruledEdges.length > 0 && !verticalRuleAt(frame, columnEdges[col]!, middleY(rows[row]!)),
    openBetweenRows: (row, col) => {
      const [upper, lower] = [rows[row]!.band, rows[row + 1]!.band];
      const x = (columnLeft(frame, columnEdges, col) + columnRight(frame, columnEdges, col)) / 2;
      return upper !== lower && !bands.slice(upper, lower).some((y) => horizontalRuleAt(banding, y, x));
    },
  });
  const cells = new Map<SlotRect, GridCell>();
  const absorbed = new Map<SlotRect, SlotRect>();
  const rectAt = (row: number, col: number): SlotRect => {
    let rect = ownerOf(row, col);
    while (absorbed.has(rect)) rect = absorbed.get(rect)!;
    return rect;
  };
  rows.forEach((tableRow, row) => {
    for (const piece of splitAtGaps(tableRow.runs, fontSize, ruledEdges)) {
      const rect = rectAt(row, columnOf(piece.left + 0.5, columnEdges));
      widenOverText(rect, row, columnOf(piece.right - 0.5, columnEdges), rectAt, cells, absorbed);
      const lines = buildLines(piece.runs);
      const text = joinLines(lines.map((l) => l.text));
      const cell = cells.get(rect);
      if (cell) {
        cell.text = joinLines([cell.text, text]);
        cell.lines.push(...lines);
        Object.assign(cell, unionBox([cell, piece]));
      } else {
        cells.set(rect, {
          left: piece.left,
          right: piece.right,
          bottom: piece.bottom,
          top: piece.top,
          row,
          col: rect.col,
          rowSpan: 1,
          colSpan: 1,
          text,
          header: false,
          lines,
        });
      }
    }
  });
  for (const [rect, cell] of cells)
    Object.assign(cell, { row: rect.row, col: rect.col, rowSpan: rect.rowSpan, colSpan: rect.colSpan, header: rect.row < headerRows });
  return {
    left: frame.left,
    right: frame.right,
    bottom: frame.bottom,
    top: frame.top,
    numRows: rows.length,
    numCols,
    cells: [...cells.values()],
  };
}

/**
 * The frame without the rules that underline its text (a link in a cell of a table printed from HTML, wrapped over two
 * lines): they part no rows. Only a grid ruled across between its rows too is read so; in a box ruled at its top and foot
 * (two slides side by side, their buttons and symbols drawn small) a rule under a line may be all that parts its rows.
 */
function withoutUnderlines(frame: RuledFrame, runs: readonly TextRun[]): RuledFrame {
  const horizontal = frame.horizontal.filter((rule) => !underlinesText(rule, runs));
  const across = horizontal.filter((rule) => rule.to - rule.from >= rowRuleWidth * (frame.right - frame.left));
  const between = dedupe(across.map((rule) => rule.position)).filter(
    (y) => y < frame.top - ruleTolerance && y > frame.bottom + ruleTolerance,
  );
  return horizontal.length === frame.horizontal.length || between.length < minRowRules ? frame : { ...frame, horizontal };
}

/** Rules across a grid between its rows, its header's and its body's: a grid with fewer may be a box of text. */
const minRowRules = 2;
/** A rule between rows runs across this share of the grid's width at least. */
const rowRuleWidth = 0.5;

/**
 * A one-row cell whose text runs on over the next columns spans them, as far as the slots there
 * are single and still empty (a header centred over the columns it groups).
 */
function widenOverText(
  rect: SlotRect,
  row: number,
  lastCol: number,
  rectAt: (row: number, col: number) => SlotRect,
  cells: ReadonlyMap<SlotRect, GridCell>,
  absorbed: Map<SlotRect, SlotRect>,
): void {
  if (rect.rowSpan !== 1) return;
  while (rect.col + rect.colSpan <= lastCol) {
    const next = rectAt(row, rect.col + rect.colSpan);
    if (next === rect || next.rowSpan !== 1 || next.colSpan !== 1 || cells.has(next)) return;
    absorbed.set(next, rect);
    rect.colSpan++;
  }
}

function middleY(box: { top: number; bottom: number }): number {
  return (box.top + box.bottom) / 2;
}

/**
 * x of the vertical rules that run along most of the table, ascending. The two sides of neighbouring cells drawn a few
 * points apart (a table printed from HTML with its cells' borders apart) are one edge: no text fits between them.
 */
function ruledColumnEdges(frame: RuledFrame): number[] {
  const height = frame.top - frame.bottom;
  const ruled = frame.vertical
    .filter((r) => r.to - r.from >= columnRuleCoverage * height && r.position > frame.left + 3 && r.position < frame.right - 3)
    .map((r) => r.position);
  return dedupe(ruled, doubleRuleGap);
}

/** Vertical rules this close (points) are the borders of two cells side by side. */
const doubleRuleGap = 4;

/** x positions of the whitespace between columns, ascending. */
function whitespaceColumnEdges(runs: readonly TextRun[], fontSize: number): number[] {
  const sorted = [...runs].sort((a, b) => a.left - b.left);
  const edges: number[] = [];
  let reach = sorted[0]!.right;
  for (const run of sorted.slice(1)) {
    if (run.left - reach >= columnGapRatio * fontSize) edges.push((run.left + reach) / 2);
    reach = Math.max(reach, run.right);
  }
  return edges;
}

function dedupe(positions: number[], apart = 2): number[] {
  const sorted = [...positions].sort((a, b) => a - b);
  return sorted.filter((p, i) => i === 0 || p - sorted[i - 1]! > apart);
}

/** y of the horizontal rules inside the frame, descending: band `k` lies between `bands[k - 1]` and `bands[k]`. */
function bandEdges(frame: RuledFrame): number[] {
  return dedupe(frame.horizontal.map((r) => r.position)).reverse();
}

function verticalRuleAt(frame: RuledFrame, x: number, y: number): boolean {
  return frame.vertical.some((r) => Math.abs(r.position - x) <= ruleTolerance && r.from - ruleTolerance <= y && r.to + ruleTolerance >= y);
}

function horizontalRuleAt(frame: RuledFrame, y: number, x: number): boolean {
  return frame.horizontal.some((r) => Math.abs(r.position - y) <= ruleTolerance && r.from <= x && r.to >= x);
}

function columnLeft(frame: RuledFrame, edges: readonly number[], col: number): number {
  return col === 0 ? frame.left : edges[col - 1]!;
}

function columnRight(frame: RuledFrame, edges: readonly number[], col: number): number {
  return col === edges.length ? frame.right : edges[col]!;
}

/**
 * Table rows: runs go to the band between horizontal rules their middle lies in; within a band,
 * text lines whose boxes overlap (a cell of two lines beside a one-line cell), plus close lines
 * with nothing in the first column (a header cell wrapped onto a second line), are one row.
 */
function groupRows(runs: readonly TextRun[], bands: readonly number[], fontSize: number, firstColumnRight: number): TableRow[] {
  const bandOf = (run: TextRun): number => bands.filter((y) => y > middleY(run)).length;
  const banded = runs.map((run) => ({ run, band: bandOf(run) }));
  banded.sort((a, b) => a.band - b.band || b.run.top - a.run.top || a.run.left - b.run.left);
  const rows: TableRow[] = [];
  for (const { run, band } of banded) {
    const current = rows[rows.length - 1];
    const overlaps = current !== undefined && run.top > current.bottom;
    const continuation = current !== undefined && run.top > current.bottom - continuationGap * fontSize && run.left > firstColumnRight;
    if (current && current.band === band && (overlaps || continuation)) {
      current.runs.push(run);
      current.bottom = Math.min(current.bottom, run.bottom);
      current.top = Math.max(current.top, run.top);
    } else rows.push({ runs: [run], band, top: run.top, bottom: run.bottom });
  }
  return rows;
}

/** The rule closing the header: the highest interior rule across the table, else the highest interior one. */
function headerRulePosition(frame: RuledFrame): number | undefined {
  const interior = frame.horizontal.filter((r) => r.position < frame.top - 2 && r.position > frame.bottom + 2);
  const across = interior.filter((r) => r.to - r.from >= headerRuleWidth * (frame.right - frame.left));
  const candidates = across.length > 0 ? across : interior;
  return candidates.length > 0 ? Math.max(...candidates.map((r) => r.position)) : undefined;
}

/** Between the first two text lines: without rules the first line is the header. */
function belowFirstLine(runs: readonly TextRun[]): number | undefined {
  const [first, second, third] = rowsOf(runs);
  if (!first || !second || !third) return undefined;
  return (Math.min(...first.map((r) => r.bottom)) + Math.max(...second.map((r) => r.top))) / 2;
}

/** Rows above the header line are headers; one header row without such a line. */
function headerRowCount(rows: readonly TableRow[], headerLine: number | undefined): number {
  if (headerLine === undefined) return 1;
  const above = rows.filter((row) => middleY(row) > headerLine).length;
  return above > 0 && above < rows.length ? above : 1;
}

interface Piece extends Box {
  runs: TextRun[];
}

/** A row's runs in pieces: parted by a column's gap, or by a rule between two columns however close its text stands. */
function splitAtGaps(runs: TextRun[], fontSize: number, ruledEdges: readonly number[]): Piece[] {
  const sorted = [...runs].sort((a, b) => a.left - b.left);
  const pieces: Piece[] = [];
  for (const run of sorted) {
    const last = pieces[pieces.length - 1];
    const ruledApart = last !== undefined && ruledEdges.some((x) => x > last.right - ruleTolerance && x < run.left + ruleTolerance);
    if (last && !ruledApart && run.left - last.right < columnGapRatio * fontSize) {
      last.runs.push(run);
      last.right = Math.max(last.right, run.right);
      last.bottom = Math.min(last.bottom, run.bottom);
      last.top = Math.max(last.top, run.top);
    } else pieces.push({ runs: [run], left: run.left, right: run.right, bottom: run.bottom, top: run.top });
  }
  return pieces;
}

function columnOf(x: number, edges: readonly number[]): number {
  let col = 0;
  while (col < edges.length && x > edges[col]!) col++;
  return col;
}
