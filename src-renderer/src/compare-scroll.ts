/**
 * Compare A/B scrolls its two document views by content: the same item, and the same point of its text, at the top of
 * both. The views show the same items but not the same chunk markers between them, so their scroll fractions differ.
 */

/** Where a document view's top edge lies in the content: the item at the top and how far through its text (0..1). */
export interface ContentPosition {
  ref: string;
  fraction: number;
}

/**
 * The item at the top of a document view's scroller, and how much of its text lies above the top edge. Null while the
 * rows at the top edge are not drawn yet: right after a jump a virtual list still holds the rows of its former place.
 */
export function contentPositionAt(scroller: HTMLElement): ContentPosition | null {
  const top = scroller.getBoundingClientRect().top;
  // rows are laid out in reading order: the first one reaching below the top edge is the top one
  for (const row of scroller.querySelectorAll<HTMLElement>('.doc-row')) {
    const box = row.getBoundingClientRect();
    if (box.bottom <= top + 1 || row.dataset.ref === undefined) continue;
    // after a jump upwards the rows still drawn all lie below the top edge: the first of them is not the top item
    if (box.top > top + 1 && scroller.scrollTop > 0) return null;
    const body = (row.querySelector<HTMLElement>('.doc-row-body') ?? row).getBoundingClientRect();
    const fraction = body.height > 0 ? Math.min(1, Math.max(0, (top - body.top) / body.height)) : 0;
    return { ref: row.dataset.ref, fraction };
  }
  return null;
}

/**
 * Scrolls `scroller` so that `position` lies at its top edge. False when the item's row is not rendered (a virtual list
 * renders only the rows near its viewport): scroll it into range first, then call this again.
 */
export function scrollToContentPosition(scroller: HTMLElement, position: ContentPosition): boolean {
  const row = scroller.querySelector<HTMLElement>(`.doc-row[data-ref="${CSS.escape(position.ref)}"]`);
  if (!row) return false;
  const body = (row.querySelector<HTMLElement>('.doc-row-body') ?? row).getBoundingClientRect();
  const target = body.top + position.fraction * body.height;
  // a row's chunk markers above its text belong to it: at the top of its text, show them too
  const from = position.fraction === 0 ? row.getBoundingClientRect().top : target;
  scroller.scrollTop += from - scroller.getBoundingClientRect().top;
  return true;
}
