/** One line of `npm run bench`: a measured figure with its unit, e.g. a median in ms or a ratio. */
export interface BenchRow {
  name: string;
  median: number;
  unit: string;
  note?: string;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Wall times in milliseconds of `runs` sequential runs of `task`. */
export async function timeRuns(runs: number, task: () => unknown): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await task();
    times.push(performance.now() - start);
  }
  return times;
}

/** An aligned text table of rows: name, median with unit, note. */
export function formatRows(rows: readonly BenchRow[]): string {
  const width = Math.max(...rows.map((row) => row.name.length));
  return rows
    .map((row) => {
      const value = `${row.median < 10 ? row.median.toFixed(3) : row.median.toFixed(1)} ${row.unit}`.trimEnd();
      return `${row.name.padEnd(width)}  ${value.padStart(14)}${row.note ? `  ${row.note}` : ''}`;
    })
    .join('\n');
}
