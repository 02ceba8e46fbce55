import { horizontalOverlap, median } from './geometry';
import type { Line } from './types';

/**
 * The right edge of the column a line is set in: the median right edge of the page's lines that
 * start where it does (within its font size) and overlap it, where justified lines end; the median,
 * not the farthest, as one overfull line runs into the margin. A line that ends well short of it was
 * broken (a heading, a paragraph's last line), not wrapped; the lines of its own block alone cannot
 * say so when the line under a heading is shorter than the heading.
 */
export function columnRightOf(line: Line, pageLines: Iterable<Line>): number {
  const rights: number[] = [];
  for (const other of pageLines) {
    if (Math.abs(other.left - line.left) <= line.fontSize && horizontalOverlap(other, line) > 0) rights.push(other.right);
  }
  return rights.length === 0 ? line.right : median(rights);
}
