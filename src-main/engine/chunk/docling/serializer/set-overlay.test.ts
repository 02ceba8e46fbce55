import { describe, expect, it } from 'vitest';
import { SetOverlay } from './set-overlay';

describe('SetOverlay', () => {
  it('sees the base and its own additions, and leaves the base alone until committed', () => {
    const base = new Set(['#/texts/0']);
    const overlay = new SetOverlay(base);
    overlay.add('#/texts/1');
    expect(overlay.has('#/texts/0')).toBe(true);
    expect(overlay.has('#/texts/1')).toBe(true);
    expect(base.has('#/texts/1')).toBe(false);
    overlay.commit();
    expect([...base]).toEqual(['#/texts/0', '#/texts/1']);
  });
});
