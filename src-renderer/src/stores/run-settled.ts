/**
 * What is measured of a run after it is shown (its cards, extents and coverage) is asked for once the
 * run has stayed on screen this long: asking for it at every step of a slider drag or every keystroke
 * in a size field would keep the host's thread busy when the next edit's chunks are wanted.
 */
const RUN_SETTLED_MS = 250;

export function runSettled(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, RUN_SETTLED_MS));
}
