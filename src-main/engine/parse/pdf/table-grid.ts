import { buildLines } from './lines';
import type { RuledFrame } from './ruled-tables';
import type { Box, Line, TextRun } from './types';

export interface GridCell extends Box {
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

/**
 * Lays the runs inside a ruled frame out as a grid: columns at vertical rules that cross most of
 * the table, or else at whitespace shared by all rows; rows at horizontal rules and where text
 * rows separate. A run spanning several columns makes a cell with `col_span > 1`. Rows above the
 * first rule under the top one are column headers. Undefined when the content is not tabular.
 */
export function tableFromFrame(frame: RuledFrame, runs: readonly TextRun[]): TableRegion | undefined {
  if (runs.length < 2) return undefined;
  const fontSize = runs.reduce((sum, r) => sum + r.fontSize, 0) / runs.length;
  const columnEdges = columnBoundaries(frame, runs, fontSize);
  if (columnEdges.length < 1) return undefined;
  const rowGroups = groupRows(runs, frame, fontSize, columnEdges[0]!);
  if (rowGroups.length < 2) return undefined;
  const headerRows = headerRowCount(frame, rowGroups);
  const cells: GridCell[] = [];
  rowGroups.forEach((rowRuns, row) => {
    for (const piece of splitAtGaps(rowRuns, fontSize)) {
      const first = columnOf(piece.left + 0.5, columnEdges);
      const last = columnOf(piece.right - 0.5, columnEdges);
      const lines = buildLines(piece.runs);
      cells.push({
        left: piece.left,
        right: piece.right,
        bottom: piece.bottom,
        top: piece.top,
        row,
        col: first,
        rowSpan: 1,
        colSpan: Math.max(1, last - first + 1),
        text: lines.map((l) => l.text).join(' '),
        header: row < headerRows,
        lines,
      });
    }
  });
  const merged = mergeCellsInSameSlot(cells);
  return { left: frame.left, right: frame.right, bottom: frame.bottom, top: frame.top, numRows: rowGroups.length, numCols: columnEdges.length + 1, cells: merged };
}

/** x positions between columns, ascending. */
function columnBoundaries(frame: RuledFrame, runs: readonly TextRun[], fontSize: number): number[] {
  const height = frame.top - frame.bottom;
  const ruled = frame.vertical
    .filter((r) => r.to - r.from >= columnRuleCoverage * height && r.position > frame.left + 3 && r.position < frame.right - 3)
    .map((r) => r.position);
  if (ruled.length > 0) return dedupe(ruled);
  const sorted = [...runs].sort((a, b) => a.left - b.left);
  const edges: number[] = [];
  let reach = sorted[0]!.right;
  for (const run of sorted.slice(1)) {
    if (run.left - reach >= columnGapRatio * fontSize) edges.push((run.left + reach) / 2);
    reach = Math.max(reach, run.right);
  }
  return edges;
}

function dedupe(positions: number[]): number[] {
  const sorted = [...positions].sort((a, b) => a - b);
  return sorted.filter((p, i) => i === 0 || p - sorted[i - 1]! > 2);
}

/**
 * Table rows: text lines whose boxes overlap (a cell of two lines beside a one-line cell), plus
 * close lines with nothing in the first column (a header cell wrapped onto a second line).
 * A horizontal rule always separates rows.
 */
function groupRows(runs: readonly TextRun[], frame: RuledFrame, fontSize: number, firstColumnRight: number): TextRun[][] {
  const separators = frame.horizontal.map((r) => r.position);
  const sorted = [...runs].sort((a, b) => b.top - a.top || a.left - b.left);
  const rows: TextRun[][] = [];
  let bottom = Infinity;
  for (const run of sorted) {
    const current = rows[rows.length - 1];
    const ruleBetween = separators.some((y) => y < bottom && y > run.top - 1);
    const overlaps = run.top > bottom;
    const continuation = run.top > bottom - continuationGap * fontSize && run.left > firstColumnRight;
    if (current && !ruleBetween && (overlaps || continuation)) {
      current.push(run);
      bottom = Math.min(bottom, run.bottom);
    } else {
      rows.push([run]);
      bottom = run.bottom;
    }
  }
  return rows;
}

/** Rows above the highest rule below the top border are headers; one header row without such a rule. */
function headerRowCount(frame: RuledFrame, rows: TextRun[][]): number {
  const interior = frame.horizontal.map((r) => r.position).filter((y) => y < frame.top - 2 && y > frame.bottom + 2);
  if (interior.length === 0) return 1;
  const headerRule = Math.max(...interior);
  const above = rows.filter((row) => Math.min(...row.map((r) => r.bottom)) > headerRule).length;
  return above > 0 && above < rows.length ? above : 1;
}

interface Piece extends Box {
  runs: TextRun[];
}

function splitAtGaps(runs: TextRun[], fontSize: number): Piece[] {
  const sorted = [...runs].sort((a, b) => a.left - b.left);
  const pieces: Piece[] = [];
  for (const run of sorted) {
    const last = pieces[pieces.length - 1];
    if (last && run.left - last.right < columnGapRatio * fontSize) {
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

/** Two pieces that fall in the same cell (a ruled cell with a wide inner gap) become one cell. */
function mergeCellsInSameSlot(cells: GridCell[]): GridCell[] {
  const bySlot = new Map<string, GridCell>();
  for (const cell of cells) {
    const key = `${cell.row}:${cell.col}`;
    const existing = bySlot.get(key);
    if (!existing) {
      bySlot.set(key, cell);
      continue;
    }
    existing.text = `${existing.text} ${cell.text}`;
    existing.lines.push(...cell.lines);
    existing.colSpan = Math.max(existing.col + existing.colSpan, cell.col + cell.colSpan) - existing.col;
    existing.left = Math.min(existing.left, cell.left);
    existing.right = Math.max(existing.right, cell.right);
    existing.bottom = Math.min(existing.bottom, cell.bottom);
    existing.top = Math.max(existing.top, cell.top);
  }
  return [...bySlot.values()];
}
