import type { BoundingBox } from '../../ir/types';
import type { Box } from './types';

export function unionBox(boxes: readonly Box[]): Box {
  let left = Infinity;
  let bottom = Infinity;
  let right = -Infinity;
  let top = -Infinity;
  for (const box of boxes) {
    if (box.left < left) left = box.left;
    if (box.bottom < bottom) bottom = box.bottom;
    if (box.right > right) right = box.right;
    if (box.top > top) top = box.top;
  }
  return { left, bottom, right, top };
}

export function horizontalOverlap(a: Box, b: Box): number {
  return Math.min(a.right, b.right) - Math.max(a.left, b.left);
}

/** True when the centre of `inner` lies inside `outer` grown by `margin`. */
export function centreInside(inner: Box, outer: Box, margin = 0): boolean {
  const x = (inner.left + inner.right) / 2;
  const y = (inner.bottom + inner.top) / 2;
  return x >= outer.left - margin && x <= outer.right + margin && y >= outer.bottom - margin && y <= outer.top + margin;
}

export function boxArea(box: Box): number {
  return Math.max(0, box.right - box.left) * Math.max(0, box.top - box.bottom);
}

export function toBoundingBox(box: Box): BoundingBox {
  return { l: round2(box.left), t: round2(box.top), r: round2(box.right), b: round2(box.bottom), coord_origin: 'BOTTOMLEFT' };
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
