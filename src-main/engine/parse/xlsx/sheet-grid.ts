/**
 * The cells of a sheet that hold a value, as the text the sheet shows, stored row by row in
 * sorted columns: compact enough for a million cells, and read by position in logarithmic time.
 */
export class SheetGrid {
  private readonly rows = new Map<number, { cols: number[]; texts: string[] }>();
  private count = 0;

  /** cells with a value */
  get size(): number {
    return this.count;
  }

  set(row: number, col: number, text: string): void {
    let cells = this.rows.get(row);
    if (!cells) {
      cells = { cols: [], texts: [] };
      this.rows.set(row, cells);
    }
    const last = cells.cols[cells.cols.length - 1];
    if (last === col) {
      cells.texts[cells.texts.length - 1] = text;
      return;
    }
    cells.cols.push(col);
    cells.texts.push(text);
    this.count++;
  }

  /** Sorts what a writer stored out of order; call once all cells are in. */
  finish(): void {
    for (const [row, cells] of this.rows) {
      if (cells.cols.every((col, i) => i === 0 || cells.cols[i - 1]! < col)) continue;
      const order = cells.cols.map((_, i) => i).sort((a, b) => cells.cols[a]! - cells.cols[b]!);
      this.rows.set(row, { cols: order.map((i) => cells.cols[i]!), texts: order.map((i) => cells.texts[i]!) });
    }
  }

  /** The rows that hold values, ascending. */
  rowIndexes(): number[] {
    return [...this.rows.keys()].sort((a, b) => a - b);
  }

  /** The columns of a row that hold values, ascending. */
  columnsOf(row: number): readonly number[] {
    return this.rows.get(row)?.cols ?? [];
  }

  get(row: number, col: number): string | undefined {
    const cells = this.rows.get(row);
    if (!cells) return undefined;
    let low = 0;
    let high = cells.cols.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const at = cells.cols[middle]!;
      if (at === col) return cells.texts[middle];
      if (at < col) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }
}
