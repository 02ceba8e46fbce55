/**
 * Where pages and points on them lie in the page view's scrolled column, from the pages' sizes alone: a zoom moves every
 * page by arithmetic, so the view can keep the same point in place without waiting for layout.
 */

/** Space between two pages (CSS `.page` margin): it holds the page number below each page. */
export const PAGE_GAP = 26;

export interface PageSize {
  width: number;
  height: number;
}

/** A point of the document held at a height of the view: the page, how far down it (0 to 1), and where in the viewport. */
export interface ScrollAnchor {
  pageIndex: number;
  fraction: number;
  viewportOffset: number;
}

/** The top of each page at a zoom, from the first page's top, and after the last the column's end. */
export function pageTops(pages: readonly PageSize[], scale: number): Float64Array {
  const tops = new Float64Array(pages.length + 1);
  for (let i = 0; i < pages.length; i++) tops[i + 1] = tops[i]! + pages[i]!.height * scale + PAGE_GAP;
  return tops;
}

/** The page a column offset lies on (the gap below a page counts as that page's). */
export function pageIndexAt(tops: Float64Array, y: number): number {
  let low = 0;
  let high = tops.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (tops[middle]! <= y) low = middle;
    else high = middle - 1;
  }
  return Math.max(0, low);
}

/** The anchor of the point at `viewportOffset` down the viewport when the column is scrolled to `scrollTop`. */
export function anchorAt(
  pages: readonly PageSize[],
  scale: number,
  scrollTop: number,
  viewportOffset: number,
  tops = pageTops(pages, scale),
): ScrollAnchor | null {
  if (pages.length === 0) return null;
  const y = scrollTop + viewportOffset;
  const pageIndex = pageIndexAt(tops, y);
  const height = pages[pageIndex]!.height * scale;
  return { pageIndex, fraction: Math.min(1, Math.max(0, (y - tops[pageIndex]!) / height)), viewportOffset };
}

/** The scroll offset (from the first page's top) that puts an anchor back where it was, at another zoom. */
export function scrollTopOf(anchor: ScrollAnchor, pages: readonly PageSize[], scale: number, tops = pageTops(pages, scale)): number {
  const page = pages[anchor.pageIndex];
  if (!page) return 0;
  return tops[anchor.pageIndex]! + anchor.fraction * page.height * scale - anchor.viewportOffset;
}
