import type { Box, TextRun } from './types';

/** Side of the mask's cells (points): finer than the smallest text a reader sees. */
const cellSize = 2;

/**
 * Where a page has text: a grid of cells marking the x-height band of every run, with a
 * summed-area table so that the number of text cells inside any box costs four look-ups. Only the
 * middle of each glyph row is marked, so a frame drawn close around a line still holds it while a
 * rule under or over the line does not touch it.
 */
export class TextMask {
  private readonly columns: number;
  private readonly rows: number;
  /** `sums[(row) * (columns + 1) + col]`: text cells in the rows below `row` and columns left of `col`. */
  private readonly sums: Int32Array;

  constructor(runs: readonly TextRun[], width: number, height: number) {
    this.columns = Math.max(1, Math.ceil(width / cellSize));
    this.rows = Math.max(1, Math.ceil(height / cellSize));
    const marked = new Uint8Array(this.columns * this.rows);
    for (const run of runs) {
      const inset = 0.1 * run.fontSize;
      const band = { left: run.left + inset, right: run.right - inset, bottom: run.baseline, top: run.baseline + 0.5 * run.fontSize };
      const [fromCol, toCol] = this.cellRange(band.left, band.right, this.columns);
      const [fromRow, toRow] = this.cellRange(band.bottom, band.top, this.rows);
      for (let row = fromRow; row < toRow; row++) marked.fill(1, row * this.columns + fromCol, row * this.columns + toCol);
    }
    this.sums = summedArea(marked, this.columns, this.rows);
  }

  /** Number of text cells whose centre lies inside `box`. */
  cellsIn(box: Box): number {
    const [fromCol, toCol] = this.cellRange(box.left, box.right, this.columns);
    const [fromRow, toRow] = this.cellRange(box.bottom, box.top, this.rows);
    if (toCol <= fromCol || toRow <= fromRow) return 0;
    const stride = this.columns + 1;
    const s = this.sums;
    return s[toRow * stride + toCol]! - s[fromRow * stride + toCol]! - s[toRow * stride + fromCol]! + s[fromRow * stride + fromCol]!;
  }

  /** Cells whose centres lie in `[from, to]`, as `[first, end)`. */
  private cellRange(from: number, to: number, limit: number): [number, number] {
    const first = Math.max(0, Math.ceil(from / cellSize - 0.5));
    const end = Math.min(limit, Math.floor(to / cellSize - 0.5) + 1);
    return [first, Math.max(first, end)];
  }
}

/** The summed-area table of a grid of 0/1 cells, row by row (locals only: it runs over every cell of a page). */
function summedArea(marked: Uint8Array, columns: number, rows: number): Int32Array {
  const stride = columns + 1;
  const sums = new Int32Array(stride * (rows + 1));
  for (let row = 0; row < rows; row++) {
    const cells = row * columns;
    const below = row * stride + 1;
    const here = below + stride;
    let rowSum = 0;
    for (let col = 0; col < columns; col++) {
      rowSum += marked[cells + col]!;
      sums[here + col] = sums[below + col]! + rowSum;
    }
  }
  return sums;
}
