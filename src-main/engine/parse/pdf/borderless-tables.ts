import { unionBox } from './geometry';
import { rowPieces, rowsOf } from './lines';
import { listMarkerOf } from './list-markers';
import { tableFromFrame, type TableRegion } from './table-grid';
import type { TextRun } from './types';

/** Pieces of a row further apart than this many font sizes sit in different columns. */
export const cellGap = 1.2;
/** Rows of a table follow each other within this many font sizes. */
export const maxRowStep = 3;
const minRows = 3;
export const minColumns = 3;
const maxCellLength = 60;
const maxHeaderRows = 3;

interface BorderlessTable {
  table: TableRegion;
  runs: TextRun[];
}

/**
 * Tables drawn without rules: three or more consecutive rows that each break into three or more
 * short pieces, plus up to three header rows above them that sit over the data columns. The grid
 * itself comes from the whitespace shared by the data rows, as for ruled tables; a header label
 * whose text covers several data columns spans them.
 */
export function borderlessTables(runs: readonly TextRun[]): BorderlessTable[] {
  const rows = rowsOf(runs);
  const tabular = rows.map(isTabularRow);
  const tables: BorderlessTable[] = [];
  let index = 0;
  while (index < rows.length) {
    if (!tabular[index]) {
      index++;
      continue;
    }
    let end = index + 1;
    while (end < rows.length && tabular[end] && closeRows(rows[end - 1]!, rows[end]!)) end++;
    if (end - index >= minRows) {
      const start = withHeaderRows(rows, index);
      const tableRuns = rows.slice(start, end).flat();
      const box = unionBox(tableRuns);
      const headerBottom =
        start < index ? (Math.min(...rows[index - 1]!.map((r) => r.bottom)) + Math.max(...rows[index]!.map((r) => r.top))) / 2 : undefined;
      const table = tableFromFrame({ ...box, horizontal: [], vertical: [] }, tableRuns, headerBottom);
      if (table && table.numCols >= minColumns && !isBulletColumn(table)) tables.push({ table, runs: tableRuns });
    }
    index = end;
  }
  return tables;
}

/**
 * A first column holding bullets alone is a bulleted list whose items stand apart from their bullets (set wide, or
 * words boxed as inline code), not a table.
 */
function isBulletColumn(table: TableRegion): boolean {
  const firsts = table.cells.filter((cell) => cell.col === 0 && cell.text.trim() !== '');
  return (
    firsts.length > 0 &&
    firsts.every((cell) => {
      // the cell's text is a marker alone when a word after it is all the marker leaves
      const marker = listMarkerOf(`${cell.text.trim()} item`);
      return marker?.rest === 'item' && !marker.enumerated;
    })
  );
}

function pieceCount(row: readonly TextRun[]): { pieces: number; longest: number } {
  const pieces = rowPieces(row, cellGap);
  const longest = Math.max(0, ...pieces.map((piece) => piece.reduce((length, run) => length + run.text.length, 0)));
  return { pieces: pieces.length, longest };
}

function isTabularRow(row: readonly TextRun[]): boolean {
  const { pieces, longest } = pieceCount(row);
  return pieces >= minColumns && longest <= maxCellLength;
}

function closeRows(upper: readonly TextRun[], lower: readonly TextRun[]): boolean {
  const size = Math.max(upper[0]!.fontSize, lower[0]!.fontSize);
  return baselineOf(upper) - baselineOf(lower) <= maxRowStep * size;
}

function baselineOf(row: readonly TextRun[]): number {
  return Math.max(...row.map((r) => r.baseline));
}

/**
 * Extends a table upwards over its header rows: close rows of short pieces inside the table's
 * width, which either break into several pieces or stand clear of the first column.
 */
function withHeaderRows(rows: readonly TextRun[][], first: number): number {
  const body = rows[first]!;
  const left = Math.min(...body.map((r) => r.left));
  const right = Math.max(...body.map((r) => r.right));
  const firstColumnRight = Math.min(...body.map((r) => r.right));
  let start = first;
  while (start > 0 && first - start < maxHeaderRows) {
    const candidate = rows[start - 1]!;
    if (!closeRows(candidate, rows[start]!)) break;
    const { pieces, longest } = pieceCount(candidate);
    const inside = candidate.every((r) => r.left >= left - r.fontSize && r.right <= right + 2 * r.fontSize);
    const clearOfFirstColumn = candidate.every((r) => r.left > firstColumnRight);
    if (!inside || longest > maxCellLength / 2 || (pieces < 2 && !clearOfFirstColumn)) break;
    start--;
  }
  return start;
}
