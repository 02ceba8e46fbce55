import type { ClassifiedLines } from './classify-block';
import { horizontalOverlap, unionBox } from './geometry';

/**
 * Two blocks are side by side when this share of the shorter one's height lies beside the other: a
 * cell wrapped over two lines sits half a line off its neighbours.
 */
const sideBySideShare = 0.25;

/** Whether two blocks of lines sit at one height: on a shared baseline, or beside each other without overlapping across. */
export function sideBySide(a: ClassifiedLines, b: ClassifiedLines): boolean {
  if (a.lines.some((own) => b.lines.some((line) => Math.abs(own.baseline - line.baseline) < 0.2 * own.fontSize))) return true;
  const boxA = unionBox(a.lines);
  const boxB = unionBox(b.lines);
  if (horizontalOverlap(boxA, boxB) > 0) return false;
  const beside = Math.min(boxA.top, boxB.top) - Math.max(boxA.bottom, boxB.bottom);
  return beside >= sideBySideShare * Math.min(boxA.top - boxA.bottom, boxB.top - boxB.bottom);
}

/** A first line centred on the page, within 3% of its width. */
export function isCentred(block: ClassifiedLines, pageWidth: number): boolean {
  const line = block.lines[0]!;
  return Math.abs((line.left + line.right) / 2 - pageWidth / 2) < 0.03 * pageWidth;
}
