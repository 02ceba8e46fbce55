import { describeLimit, inputLimits, rejectOversizedTable, tooLarge } from '../limits';
import type { CellRange } from './cell-reference';
import type { SheetGrid } from './sheet-grid';

/** A cell of a table found on a sheet, rows and columns counted from the table's top-left cell. */
export interface SheetTableCell {
  row: number;
  col: number;
  text: string;
  rowSpan: number;
  colSpan: number;
}

/** A rectangle of connected cells: where it stands on the sheet and its cells (merged ones once, at their anchor). */
export interface SheetTable {
  top: number;
  left: number;
  rows: number;
  cols: number;
  cells: SheetTableCell[];
}

/** Excel's grid is 16,384 columns wide: a cell's key is its row times that plus its column. */
const GRID_WIDTH = 16_384;
const keyOf = (row: number, col: number): number => row * GRID_WIDTH + col;

/**
 * The merged ranges of a sheet: each range's anchor (its top-left cell) with its spans, and the
 * cells it hides. Their area together is bounded by `maxTableCells`, as every table's is.
 */
export class MergedCells {
  private readonly anchors = new Map<number, { rowSpan: number; colSpan: number }>();
  private readonly hidden = new Set<number>();
  readonly byRow = new Map<number, Array<[number, number]>>();

  constructor(ranges: readonly CellRange[], fileName: string) {
    const limits = inputLimits();
    let area = 0;
    for (const range of ranges) {
      const key = keyOf(range.top, range.left);
      if (this.anchors.has(key) || this.hidden.has(key)) continue;
      area += (range.bottom - range.top + 1) * (range.right - range.left + 1);
      if (area > limits.maxTableCells) {
        throw tooLarge(fileName, `its merged cells cover more than ${describeLimit('maxTableCells', limits)}`, 'maxTableCells', limits);
      }
      this.anchors.set(key, { rowSpan: range.bottom - range.top + 1, colSpan: range.right - range.left + 1 });
      for (let row = range.top; row <= range.bottom; row++) {
        const intervals = this.byRow.get(row) ?? [];
        intervals.push([range.left, range.right]);
        this.byRow.set(row, intervals);
        for (let col = range.left; col <= range.right; col++) if (row !== range.top || col !== range.left) this.hidden.add(keyOf(row, col));
      }
    }
  }

  isHidden(row: number, col: number): boolean {
    return this.hidden.has(keyOf(row, col));
  }

  spanAt(row: number, col: number): { rowSpan: number; colSpan: number } {
    return this.anchors.get(keyOf(row, col)) ?? { rowSpan: 1, colSpan: 1 };
  }
}

interface Run {
  row: number;
  left: number;
  right: number;
  /** the first column of the run holding a value, if any (merged cells alone start no table) */
  firstValue: number | undefined;
}

/**
 * The tables of a sheet, as Docling finds them: cells with a value, and merged cells, that touch
 * side by side or one above the other form one table (an empty row or column between them parts
 * two), which is the rectangle around them, empty cells included. Tables come in the order of their
 * first cell with a value, row by row. Connected runs of cells are joined with a union-find, so a
 * sheet of a million cells is read in about as many steps.
 */
export function findSheetTables(grid: SheetGrid, merged: MergedCells, fileName: string): SheetTable[] {
  const runs: Run[] = [];
  const parent: number[] = [];
  const find = (i: number): number => {
    let root = i;
    while (parent[root] !== root) root = parent[root]!;
    for (let node = i; parent[node] !== root;) [node, parent[node]] = [parent[node]!, root];
    return root;
  };
  const union = (a: number, b: number): void => {
    const rootA = find(a);
    const rootB = find(b);
    if (rootA !== rootB) parent[Math.max(rootA, rootB)] = Math.min(rootA, rootB);
  };
  const rows = [...new Set([...grid.rowIndexes(), ...merged.byRow.keys()])].sort((a, b) => a - b);
  let previous: Run[] = [];
  let previousRow = -2;
  for (const row of rows) {
    const current = runsOfRow(row, grid.columnsOf(row), merged.byRow.get(row) ?? []);
    for (const run of current) {
      parent.push(runs.length);
      runs.push(run);
    }
    const firstIndex = runs.length - current.length;
    if (previousRow === row - 1) {
      const previousFirst = firstIndex - previous.length;
      let i = 0;
      let j = 0;
      while (i < previous.length && j < current.length) {
        const above = previous[i]!;
        const below = current[j]!;
        if (above.right >= below.left && below.right >= above.left) union(previousFirst + i, firstIndex + j);
        if (above.right < below.right) i++;
        else j++;
      }
    }
    previous = current;
    previousRow = row;
  }

  const components = new Map<number, { range: CellRange; first?: { row: number; col: number } }>();
  runs.forEach((run, i) => {
    const root = find(i);
    const component = components.get(root);
    if (!component) {
      components.set(root, {
        range: { top: run.row, bottom: run.row, left: run.left, right: run.right },
        first: run.firstValue === undefined ? undefined : { row: run.row, col: run.firstValue },
      });
      return;
    }
    const { range } = component;
    range.bottom = Math.max(range.bottom, run.row);
    range.left = Math.min(range.left, run.left);
    range.right = Math.max(range.right, run.right);
    if (run.firstValue !== undefined && component.first === undefined) component.first = { row: run.row, col: run.firstValue };
  });
  return [...components.values()]
    .filter((c): c is { range: CellRange; first: { row: number; col: number } } => c.first !== undefined)
    .sort((a, b) => a.first.row - b.first.row || a.first.col - b.first.col)
    .map(({ range }) => tableOf(range, grid, merged, fileName));
}

/** The runs of side-by-side occupied cells of a row: its cells with a value and its merged cells. */
function runsOfRow(row: number, valueColumns: readonly number[], mergedIntervals: ReadonlyArray<[number, number]>): Run[] {
  const intervals: Array<[number, number, boolean]> = valueColumns.map((col) => [col, col, true]);
  for (const [left, right] of mergedIntervals) intervals.push([left, right, false]);
  if (mergedIntervals.length > 0) intervals.sort((a, b) => a[0] - b[0]);
  const runs: Run[] = [];
  for (const [left, right, isValue] of intervals) {
    const last = runs[runs.length - 1];
    if (last && left <= last.right + 1) {
      last.right = Math.max(last.right, right);
      if (isValue && (last.firstValue === undefined || left < last.firstValue)) last.firstValue = left;
    } else runs.push({ row, left, right, firstValue: isValue ? left : undefined });
  }
  return runs;
}

function tableOf(range: CellRange, grid: SheetGrid, merged: MergedCells, fileName: string): SheetTable {
  const rows = range.bottom - range.top + 1;
  const cols = range.right - range.left + 1;
  rejectOversizedTable(fileName, { columns: cols, cells: rows * cols }, `at ${range.top + 1}:${range.left + 1}`);
  const cells: SheetTableCell[] = [];
  for (let row = range.top; row <= range.bottom; row++) {
    for (let col = range.left; col <= range.right; col++) {
      if (merged.isHidden(row, col)) continue;
      const { rowSpan, colSpan } = merged.spanAt(row, col);
      cells.push({ row: row - range.top, col: col - range.left, text: grid.get(row, col) ?? '', rowSpan, colSpan });
    }
  }
  return { top: range.top, left: range.left, rows, cols, cells };
}

/**
 * A table whose first row is one label merged across several columns, above a row of several
 * column headers, is a section title over its table (Docling's rule): the label is split off.
 */
export function splitSectionLabel(table: SheetTable): { label?: SheetTableCell; table: SheetTable } {
  if (table.rows < 2 || table.cols < 2) return { table };
  const firstRow = table.cells.filter((cell) => cell.row === 0 && cell.text.trim() !== '');
  const label = firstRow[0];
  if (firstRow.length !== 1 || !label || label.col !== 0 || label.rowSpan !== 1 || label.colSpan <= 1 || label.colSpan > table.cols)
    return { table };
  const headers = table.cells.filter((cell) => cell.row === 1 && cell.text.trim() !== '' && cell.colSpan === 1);
  if (headers.length < 2) return { table };
  return {
    label,
    table: {
      top: table.top + 1,
      left: table.left,
      rows: table.rows - 1,
      cols: table.cols,
      cells: table.cells.filter((cell) => cell.row > 0).map((cell) => ({ ...cell, row: cell.row - 1 })),
    },
  };
}

/**
 * How many rows head the table: the first, and the rows its header cells reach down into when
 * merged over several rows; a table object (`xl/tables/`) over the same cells says it itself.
 */
export function headerRowCount(table: SheetTable, declared: number | undefined): number {
  if (declared !== undefined) return Math.min(declared, table.rows);
  let count = 1;
  for (const cell of table.cells) {
    if (cell.row >= count) break;
    count = Math.max(count, cell.row + cell.rowSpan);
  }
  return Math.min(count, table.rows);
}
