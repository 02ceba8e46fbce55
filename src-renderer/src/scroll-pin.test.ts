import { describe, expect, it } from 'vitest';
import { scrolledSincePinned, scrollTopShowing, type ScrollPin } from './scroll-pin';

const pin: ScrollPin = { index: 120, key: '#/texts/120', scrollTop: 5000 };

describe('scroll pin', () => {
  it('puts a row a third of the way down the viewport, never above the list', () => {
    expect(scrollTopShowing(5300, 900)).toBe(5000);
    expect(scrollTopShowing(100, 900)).toBe(0);
  });

  it('holds while the list is where the pin put it, to a fraction of a pixel', () => {
    expect(scrolledSincePinned(pin, 5000, 9000)).toBe(false);
    expect(scrolledSincePinned(pin, 5000.5, 9000)).toBe(false);
  });

  it('lets go once anyone scrolled the list, up or down', () => {
    expect(scrolledSincePinned(pin, 5120, 9000)).toBe(true);
    expect(scrolledSincePinned(pin, 4200, 9000)).toBe(true);
  });

  it('holds when the browser clamped the list to its end because rows measured shorter than guessed', () => {
    expect(scrolledSincePinned(pin, 4700, 4700)).toBe(false);
    // a scroll up from the end is the user's
    expect(scrolledSincePinned(pin, 4600, 4700)).toBe(true);
  });
});
