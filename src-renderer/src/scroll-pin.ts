/**
 * A virtual list scrolled to a row aims at offsets partly guessed: rows it never drew count at an estimated height. The
 * rows it draws there, and any later change of their height (a fallback font, an image, a wrap), move the row after
 * the jump. A pin keeps the row where the jump put it until someone else scrolls the list.
 */

/** A row the list scrolled to, and the scrollTop it was put at (as the browser kept it, clamped). */
export interface ScrollPin {
  index: number;
  key: string;
  scrollTop: number;
}

/** Rows scrolled to lie this far down the viewport: the lines before them stay in sight. */
const ROW_AT_VIEWPORT_FRACTION = 1 / 3;

/** The scrollTop that puts the row starting at `rowOffset` a third of the way down a viewport `viewportHeight` high. */
export function scrollTopShowing(rowOffset: number, viewportHeight: number): number {
  return Math.max(0, rowOffset - viewportHeight * ROW_AT_VIEWPORT_FRACTION);
}

/**
 * Whether the list was scrolled since the pin put it at `pin.scrollTop`: by the user, or by other code (Compare's
 * synchronised scrolling). Not when the browser clamped it to the end of a list that grew shorter.
 */
export function scrolledSincePinned(pin: ScrollPin, scrollTop: number, maxScrollTop: number): boolean {
  if (Math.abs(scrollTop - pin.scrollTop) < 1) return false;
  const clampedToEnd = scrollTop < pin.scrollTop && Math.abs(scrollTop - maxScrollTop) < 1;
  return !clampedToEnd;
}
