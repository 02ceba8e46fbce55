import { boxArea, centreInside } from './geometry';
import type { Box, RuleSegment, TextRun } from './types';

/** A box covering this share of the page is a background or a page frame, not a figure. */
export const backgroundShare = 0.85;
/** Painted paths closer than this (points) belong to one drawing. */
const joinGap = 1.5;
/** Side of the cells of the grid that finds touching paths (points). */
const cellSize = 4;
/** Fewer painted paths inside a region (off its border) are a highlight, a frame or a logo, not a chart or a diagram. */
const minPaths = 8;
/** Share of a region's width and height along each side that is its border. */
const borderShare = 0.1;
/** Drawings smaller than this on both sides are icons or bullets. */
const minSide = 24;
/** A region whose text covers more than this share of it is a shaded text box or a highlighted passage. */
const maxTextShare = 0.4;
/** Paths of a drawing cover this share of its region at least; a frame of small pieces around text does not. */
const minPaintedShare = 0.15;

/**
 * Regions of a page drawn with vector paths (charts, diagrams): clusters of painted paths that
 * touch or lie within a few points of each other, many enough inside their region and covering
 * enough of it to be a drawing (not a frame of small pieces around a text box). Ruling lines
 * (axes, ticks, gridlines) join the paths they touch into one region and belong to it, but are
 * no evidence of a drawing themselves. Paths and rules inside `excluded` boxes (tables) are left
 * out, and so is a region mostly covered by text. Paths are joined through a grid of cells with
 * union-find, so the work is linear in the number of paths.
 */
export function drawingRegions(
  drawings: readonly Box[],
  rules: readonly RuleSegment[],
  excluded: readonly Box[],
  runs: readonly TextRun[],
  width: number,
  height: number,
): Box[] {
  const pageArea = width * height;
  const outside = (box: Box): boolean => !excluded.some((frame) => centreInside(box, frame, 2));
  const evidence = drawings.filter((box) => boxArea(box) < backgroundShare * pageArea && outside(box));
  const connectors = rules
    .filter((rule) => rule.to - rule.from < backgroundShare * (rule.orientation === 'horizontal' ? width : height))
    .map(ruleBox)
    .filter(outside);
  const paths = [...evidence, ...connectors];
  const columns = Math.max(1, Math.ceil(width / cellSize));
  const rows = Math.max(1, Math.ceil(height / cellSize));
  const parent = paths.map((_, index) => index);
  const root = (index: number): number => {
    while (parent[index] !== index) {
      parent[index] = parent[parent[index]!]!;
      index = parent[index]!;
    }
    return index;
  };
  const firstInCell = new Int32Array(columns * rows).fill(-1);
  const cellOf = (value: number, limit: number): number => Math.min(limit - 1, Math.max(0, Math.floor(value / cellSize)));
  paths.forEach((box, index) => {
    const [fromCol, toCol] = [cellOf(box.left - joinGap, columns), cellOf(box.right + joinGap, columns)];
    const [fromRow, toRow] = [cellOf(box.bottom - joinGap, rows), cellOf(box.top + joinGap, rows)];
    for (let row = fromRow; row <= toRow; row++) {
      for (let col = fromCol; col <= toCol; col++) {
        const cell = row * columns + col;
        const other = firstInCell[cell]!;
        if (other < 0) firstInCell[cell] = index;
        else parent[root(index)] = root(other);
      }
    }
  });
  const regions = new Map<number, { box: Box; interior: number; painted: number }>();
  paths.forEach((box, index) => {
    const key = root(index);
    const region = regions.get(key);
    if (!region) regions.set(key, { box: { ...box }, interior: 0, painted: 0 });
    else
      region.box = {
        left: Math.min(region.box.left, box.left),
        bottom: Math.min(region.box.bottom, box.bottom),
        right: Math.max(region.box.right, box.right),
        top: Math.max(region.box.top, box.top),
      };
  });
  evidence.forEach((box, index) => {
    const region = regions.get(root(index))!;
    region.painted += boxArea(box);
    if (centreInside(box, innerBox(region.box))) region.interior++;
  });
  return [...regions.values()]
    .filter(
      ({ box, interior, painted }) =>
        interior >= minPaths &&
        painted >= minPaintedShare * boxArea(box) &&
        (box.right - box.left >= minSide || box.top - box.bottom >= minSide),
    )
    .map(({ box }) => box)
    .filter((box) => textShare(box, runs) <= maxTextShare);
}

function ruleBox(rule: RuleSegment): Box {
  return rule.orientation === 'horizontal'
    ? { left: rule.from, right: rule.to, bottom: rule.position - 0.5, top: rule.position + 0.5 }
    : { left: rule.position - 0.5, right: rule.position + 0.5, bottom: rule.from, top: rule.to };
}

function innerBox(box: Box): Box {
  const dx = borderShare * (box.right - box.left);
  const dy = borderShare * (box.top - box.bottom);
  return { left: box.left + dx, bottom: box.bottom + dy, right: box.right - dx, top: box.top - dy };
}

function textShare(region: Box, runs: readonly TextRun[]): number {
  const covered = runs.filter((run) => centreInside(run, region)).reduce((sum, run) => sum + boxArea(run), 0);
  return covered / Math.max(boxArea(region), 1e-6);
}
