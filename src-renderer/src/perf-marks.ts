/**
 * User Timing marks around the two waits a user feels: a changed option until the chunk view shows
 * the chunks it gives, and opening a file until its first chunks are shown. The chunk-view benchmark
 * (e2e-bench/) reads the measures; DevTools' performance panel shows them too. A mark costs
 * microseconds, and each measure consumes its start mark, so nothing piles up but the measures.
 */
export const OPTION_CHANGED = 'stratum:option-changed';
export const OPEN_STARTED = 'stratum:open-started';
export const OPTION_TO_CHUNKS = 'stratum:option-to-chunks';
export const OPEN_TO_CHUNKS = 'stratum:open-to-chunks';
/** Opening a file until the chunks of the whole document are shown (a long one shows a preview's first). */
export const OPEN_TO_ALL_CHUNKS = 'stratum:open-to-all-chunks';
const OPEN_STARTED_WHOLE = 'stratum:open-started-whole';

/** Measures kept for the benchmark and DevTools; older ones are dropped so a long session does not accumulate them. */
const KEPT_MEASURES = 200;

export function markOptionChanged(): void {
  performance.mark(OPTION_CHANGED);
}

export function markOpenStarted(): void {
  performance.clearMarks(OPTION_CHANGED);
  performance.mark(OPEN_STARTED);
  performance.mark(OPEN_STARTED_WHOLE);
}

/**
 * Called once the chunk view has committed a new chunk list: closes whichever wait was open; `whole`
 * when the chunks are the whole document's, not a preview's.
 */
export function measureChunksShown(whole: boolean): void {
  const waits = [
    [OPEN_STARTED, OPEN_TO_CHUNKS],
    [OPTION_CHANGED, OPTION_TO_CHUNKS],
    ...(whole ? ([[OPEN_STARTED_WHOLE, OPEN_TO_ALL_CHUNKS]] as const) : []),
  ] as const;
  for (const [start, measure] of waits) {
    if (performance.getEntriesByName(start, 'mark').length === 0) continue;
    performance.measure(measure, start);
    performance.clearMarks(start);
    if (performance.getEntriesByName(measure, 'measure').length > KEPT_MEASURES) performance.clearMeasures(measure);
  }
}
