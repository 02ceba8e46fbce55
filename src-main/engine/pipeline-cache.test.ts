import { describe, expect, it } from 'vitest';
import { LeastRecentlyUsedCache } from './pipeline-cache';

describe('LeastRecentlyUsedCache', () => {
  it('forgets the least recently used entry beyond its capacity', () => {
    const cache = new LeastRecentlyUsedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });
});
