import type { Box } from './types';

interface XyCutOptions {
  /**
   * Boxes that may straddle a gutter (pictures, tables whose drawn extent can overrun a column):
   * gutters are found from the other boxes and these go to the side holding their centre.
   */
  isFloating?: (box: Box) => boolean;
  /** Narrowest vertical whitespace (points) that may separate two columns. */
  minGutter: number;
  /** Narrowest column (points) on either side of a gutter: a bullet or number column is not one. */
  minColumnWidth: number;
  /** The narrowest gutter beside a box, where its own text needs more than `minGutter` (a word space of large type). */
  minGutterBeside?: (box: Box) => number;
}

/**
 * Recursive XY-cut: orders boxes the way a reader scans a page. A node is split at a vertical
 * gutter (columns, read left then right) when one exists, otherwise at its widest horizontal
 * gaps (read top to bottom). Columns win over rows so two aligned columns are never interleaved
 * line by line. Returns the leaves in reading order; each leaf keeps its input order.
 */
export function xyCut<T extends Box>(boxes: readonly T[], options: XyCutOptions): T[][] {
  const leaves: T[][] = [];
  cut(boxes, options, leaves);
  return leaves;
}

/** Splits boxes at full-height gutters only (page spreads, text columns), left to right. */
export function columnRegions<T extends Box>(boxes: readonly T[], options: XyCutOptions): T[][] {
  const columns = boxes.length > 1 ? splitAtGutter(boxes, options) : undefined;
  if (!columns) return boxes.length > 0 ? [[...boxes]] : [];
  return columns.flatMap((column) => columnRegions(column, options));
}

function cut<T extends Box>(boxes: readonly T[], options: XyCutOptions, leaves: T[][]): void {
  if (boxes.length <= 1) {
    if (boxes.length === 1) leaves.push([...boxes]);
    return;
  }
  const columns = splitAtGutter(boxes, options);
  if (columns) {
    for (const column of columns) cut(column, options, leaves);
    return;
  }
  const bands = splitAtWidestGaps(boxes);
  if (!bands) {
    leaves.push([...boxes]);
    return;
  }
  for (const band of bands) cut(band, options, leaves);
}

interface Gap {
  start: number;
  end: number;
}

/** Whitespace between the merged projections of the boxes on one axis, ascending. */
function projectionGaps(boxes: readonly Box[], low: (b: Box) => number, high: (b: Box) => number): Gap[] {
  const sorted = [...boxes].sort((a, b) => low(a) - low(b));
  const gaps: Gap[] = [];
  let reach = -Infinity;
  for (const box of sorted) {
    if (reach !== -Infinity && low(box) > reach) gaps.push({ start: reach, end: low(box) });
    if (high(box) > reach) reach = high(box);
  }
  return gaps;
}

function splitAtGutter<T extends Box>(boxes: readonly T[], options: XyCutOptions): T[][] | undefined {
  const fixed = options.isFloating ? boxes.filter((b) => !options.isFloating!(b)) : boxes;
  if (fixed.length < 2) return undefined;
  const gaps = projectionGaps(
    fixed,
    (b) => b.left,
    (b) => b.right,
  );
  let left = Infinity;
  let right = -Infinity;
  for (const box of fixed) {
    left = Math.min(left, box.left);
    right = Math.max(right, box.right);
  }
  const minSide = Math.max(options.minColumnWidth, 0.15 * (right - left));
  let best: Gap | undefined;
  for (const gap of gaps) {
    const width = gap.end - gap.start;
    if (width < options.minGutter || (best && width <= best.end - best.start)) continue;
    if (gap.start - left < minSide || right - gap.end < minSide) continue;
    // the boxes beside the gap are looked at last, for the few gaps that could be the widest gutter
    if (width < minGutterAt(gap, fixed, options)) continue;
    best = gap;
  }
  if (!best) return undefined;
  const split = (best.start + best.end) / 2;
  const onLeft = (b: Box): boolean => (options.isFloating?.(b) ? (b.left + b.right) / 2 < split : b.right <= split);
  return [boxes.filter(onLeft), boxes.filter((b) => !onLeft(b))];
}

/** A gutter is wider than the word spaces of the boxes that edge it: a heading set large parts no columns between its words. */
function minGutterAt(gap: Gap, boxes: readonly Box[], options: XyCutOptions): number {
  const beside = options.minGutterBeside;
  let least = options.minGutter;
  if (!beside) return least;
  for (const box of boxes) if (box.right === gap.start || box.left === gap.end) least = Math.max(least, beside(box));
  return least;
}

function splitAtWidestGaps<T extends Box>(boxes: readonly T[]): T[][] | undefined {
  // Gaps on the y axis, expressed top-down: a box spans [-top, -bottom].
  const gaps = projectionGaps(
    boxes,
    (b) => -b.top,
    (b) => -b.bottom,
  );
  if (gaps.length === 0) return undefined;
  const widest = Math.max(...gaps.map((g) => g.end - g.start));
  const cuts = gaps.filter((g) => g.end - g.start >= 0.9 * widest).map((g) => g.start);
  const bands: T[][] = Array.from({ length: cuts.length + 1 }, () => []);
  for (const box of boxes) {
    let index = 0;
    while (index < cuts.length && -box.top >= cuts[index]!) index++;
    bands[index]!.push(box);
  }
  return bands.filter((band) => band.length > 0);
}
