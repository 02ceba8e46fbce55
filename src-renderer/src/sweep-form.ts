/** The lab's sweep form: the grid of strategies, sizes and overlaps a sweep runs, or a sweep file picked instead. */
export interface SweepForm {
  strategies: string[];
  sizes: string;
  overlaps: string;
  /** a sweep file picked instead of the form */
  file: { fileName: string; content: string } | null;
}

/** Numbers of a comma-separated list ("200, 400, 800"), whole and not negative. */
export function listedNumbers(text: string): number[] {
  return text
    .split(/[,\s]+/)
    .filter((part) => part !== '')
    .map(Number)
    .filter((value) => Number.isInteger(value) && value >= 0);
}

/** The sweep form as a sweep file (`{grid: [...]}`): one grid per strategy, its overlaps only where it has the option. */
export function sweepFileOf(form: SweepForm, overlapStrategies: ReadonlySet<string>): { fileName: string; content: string } {
  if (form.file) return form.file;
  const sizes = listedNumbers(form.sizes).filter((size) => size > 0);
  const overlaps = listedNumbers(form.overlaps);
  const grid = form.strategies.map((strategy) => ({
    strategy: [strategy],
    size: sizes,
    ...(overlapStrategies.has(strategy) && overlaps.length > 0 ? { overlap: overlaps } : {}),
  }));
  return { fileName: 'sweep form.json', content: JSON.stringify({ grid }) };
}
