import { horizontalOverlap } from './geometry';
import type { Line } from './types';

/**
 * The right edge of the column a line is set in: the farthest right edge of the page's lines that
 * start where it does (within its font size) and overlap it. A line that ends well short of it was
 * broken (a heading, a paragraph's last line), not wrapped; the lines of its own block alone cannot
 * say so when the line under a heading is shorter than the heading.
 */
export function columnRightOf(line: Line, pageLines: Iterable<Line>): number {
  let right = line.right;
  for (const other of pageLines) {
    if (Math.abs(other.left - line.left) <= line.fontSize && horizontalOverlap(other, line) > 0) right = Math.max(right, other.right);
  }
  return right;
}
