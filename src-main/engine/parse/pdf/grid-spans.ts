/** A rectangle of grid slots: `[row, row + rowSpan) x [col, col + colSpan)`. */
export interface SlotRect {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
}

interface GridBoundaries {
  numRows: number;
  numCols: number;
  /** True when the line between columns `col` and `col + 1` is open (no rule) in `row`. */
  openBetweenColumns(row: number, col: number): boolean;
  /** True when the line between rows `row` and `row + 1` is open (no rule) in `col`. */
  openBetweenRows(row: number, col: number): boolean;
}

/**
 * Splits the grid into rectangles of slots that no ruling line separates (a header drawn over
 * several columns, a row label over several rows), each slot in exactly one rectangle. Rectangles
 * grow right first, then down while the whole next row stays open; a slot that would make the
 * region non-rectangular starts a rectangle of its own. Linear in the number of slots.
 */
export function slotRectangles(grid: GridBoundaries): { rects: SlotRect[]; ownerOf: (row: number, col: number) => SlotRect } {
  const owner: (SlotRect | undefined)[] = new Array(grid.numRows * grid.numCols);
  const at = (row: number, col: number): SlotRect | undefined => owner[row * grid.numCols + col];
  const rects: SlotRect[] = [];
  for (let row = 0; row < grid.numRows; row++) {
    for (let col = 0; col < grid.numCols; col++) {
      if (at(row, col)) continue;
      let colSpan = 1;
      while (col + colSpan < grid.numCols && !at(row, col + colSpan) && grid.openBetweenColumns(row, col + colSpan - 1)) colSpan++;
      let rowSpan = 1;
      while (row + rowSpan < grid.numRows && rowStaysOpen(grid, row + rowSpan, col, colSpan, at)) rowSpan++;
      const rect = { row, col, rowSpan, colSpan };
      rects.push(rect);
      for (let r = row; r < row + rowSpan; r++) for (let c = col; c < col + colSpan; c++) owner[r * grid.numCols + c] = rect;
    }
  }
  return { rects, ownerOf: (row, col) => at(row, col)! };
}

/** Row `next` joins the rectangle above when nothing rules it off and it is open across the rectangle's width. */
function rowStaysOpen(
  grid: GridBoundaries,
  next: number,
  col: number,
  colSpan: number,
  at: (row: number, col: number) => SlotRect | undefined,
): boolean {
  for (let c = col; c < col + colSpan; c++) {
    if (at(next, c) || !grid.openBetweenRows(next - 1, c)) return false;
    if (c + 1 < col + colSpan && !grid.openBetweenColumns(next, c)) return false;
  }
  // The row below must not run on past either edge of the rectangle (that would not be a rectangle).
  const closedLeft = col === 0 || !grid.openBetweenColumns(next, col - 1);
  return closedLeft && (col + colSpan >= grid.numCols || !grid.openBetweenColumns(next, col + colSpan - 1));
}
