import type { OcrBlock } from './ocr-json-schema';

/** Captions farther than this share of the page height from every table and picture stay plain text. */
const MAX_CAPTION_GAP = 0.2;

/**
 * Pairs each Caption block of a page with the nearest Table or Picture block (by the vertical gap
 * between their boxes, ties to the one above, as captions under figures are the common case).
 * Returns caption index -> owner index.
 */
export function assignCaptions(blocks: readonly OcrBlock[], pageHeight: number): Map<number, number> {
  const owners = blocks.flatMap((b, i) => (b.category === 'Table' || b.category === 'Picture' ? [i] : []));
  const assignment = new Map<number, number>();
  blocks.forEach((block, index) => {
    if (block.category !== 'Caption') return;
    let best: { owner: number; gap: number } | undefined;
    for (const owner of owners) {
      const gap = verticalGap(block.bbox, blocks[owner]!.bbox);
      if (!best || gap < best.gap || (gap === best.gap && owner < index)) best = { owner, gap };
    }
    if (best && best.gap <= MAX_CAPTION_GAP * pageHeight) assignment.set(index, best.owner);
  });
  return assignment;
}

function verticalGap(a: readonly number[], b: readonly number[]): number {
  const [aTop, aBottom] = span(a);
  const [bTop, bBottom] = span(b);
  return Math.max(0, Math.max(aTop, bTop) - Math.min(aBottom, bBottom));
}

/** Vertical extent regardless of the coordinate origin (top may be numerically above or below bottom). */
function span(box: readonly number[]): [number, number] {
  const t = box[1]!;
  const b = box[3]!;
  return [Math.min(t, b), Math.max(t, b)];
}
