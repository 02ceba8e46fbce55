import { centreInside, median } from './geometry';
import type { Box, TextRun } from './types';

/** Padding and gaps between lines of a text box stay under this many times its font size; a figure's labels leave larger holes. */
const maxGapInEm = 2.5;

/**
 * True when `box` (an image) lies behind a block of text: its text rows fill it from top to bottom
 * with no hole larger than a paragraph gap or a box's padding, as a shaded code block, a banner
 * or a scanned page under its text layer does. The labels of a photo or a chart leave most of
 * the picture without text.
 */
export function isTextBackdrop(box: Box, runs: readonly TextRun[]): boolean {
  const inside = runs.filter((run) => centreInside(run, box)).sort((a, b) => b.top - a.top);
  if (inside.length === 0) return false;
  const maxGap = maxGapInEm * median(inside.map((run) => run.fontSize));
  let reached = box.top;
  for (const run of inside) {
    if (reached - run.top > maxGap) return false;
    reached = Math.min(reached, run.bottom);
  }
  return reached - box.bottom <= maxGap;
}
