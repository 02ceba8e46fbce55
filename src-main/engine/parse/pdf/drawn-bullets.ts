import type { Box, TextRun } from './types';

/** A drawn bullet is at most this wide and tall, against the font size of the line it opens. */
const maxSideInEm = 0.6;
/** ... and at least this: smaller marks are dots and specks. */
const minSideInEm = 0.15;
/** A bullet is roughly as wide as it is tall. */
const maxAspect = 2;
/** The line's text starts within this many ems right of the bullet. */
const maxGapInEm = 1.5;
/** Rows of the index of runs by height on the page (points). */
const rowSize = 4;

/**
 * Bullets drawn as small shapes (squares, discs, diamonds) instead of glyphs, as browsers print
 * `list-style` markers: each shape sits on a line's x-height band just left of where the line's
 * text starts, with no text just before it on the row. Each becomes a `•` run of the line's
 * style, so that the line reads as a list item. Gives the bullets' runs and the drawings that
 * are not bullets. Runs are indexed by row, so the work is linear in drawings and runs.
 */
export function drawnBullets(drawings: readonly Box[], runs: readonly TextRun[]): { bullets: TextRun[]; shapes: Box[] } {
  const rows = new Map<number, TextRun[]>();
  for (const run of runs) {
    for (let row = Math.floor(run.bottom / rowSize); row <= Math.floor(run.top / rowSize); row++) {
      const list = rows.get(row);
      if (list) list.push(run);
      else rows.set(row, [run]);
    }
  }
  const bullets: TextRun[] = [];
  const shapes: Box[] = [];
  for (const box of drawings) {
    const bullet = bulletOf(box, rows.get(Math.floor((box.bottom + box.top) / 2 / rowSize)) ?? []);
    if (bullet) bullets.push(bullet);
    else shapes.push(box);
  }
  return { bullets, shapes };
}

function bulletOf(box: Box, row: readonly TextRun[]): TextRun | undefined {
  const width = box.right - box.left;
  const height = box.top - box.bottom;
  if (width > maxAspect * height || height > maxAspect * width) return undefined;
  const middle = (box.bottom + box.top) / 2;
  const opened = row.find((run) => {
    const em = run.fontSize;
    const gap = run.left - box.right;
    return (
      Math.max(width, height) <= maxSideInEm * em &&
      Math.min(width, height) >= minSideInEm * em &&
      gap >= -0.1 * em &&
      gap <= maxGapInEm * em &&
      middle >= run.baseline &&
      middle <= run.baseline + 0.7 * em
    );
  });
  if (!opened) return undefined;
  const reach = maxGapInEm * opened.fontSize;
  const before = (run: TextRun): boolean =>
    run !== opened &&
    Math.abs(run.baseline - opened.baseline) < 0.5 * opened.fontSize &&
    run.right <= box.left + 0.1 * opened.fontSize &&
    run.right >= box.left - reach;
  if (row.some(before)) return undefined;
  return { ...opened, text: '•', left: box.left, right: box.right };
}
