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

  it('forgets the least recently used entries beyond its budget of weight', () => {
    const cache = new LeastRecentlyUsedCache<string, string>(10, { maxWeight: 10, weigh: (text) => text.length });
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    expect(cache.get('a')).toBe('aaaa');
    cache.set('c', 'cccc');
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c')]).toEqual(['aaaa', 'cccc']);
    expect(cache.weight).toBe(8);
    cache.set('a', 'a');
    expect(cache.weight).toBe(5);
  });

  it('keeps the entry set last even when it alone is over the budget', () => {
    const cache = new LeastRecentlyUsedCache<string, string>(10, { maxWeight: 10, weigh: (text) => text.length });
    cache.set('small', 'ss');
    cache.set('huge', 'h'.repeat(50));
    expect(cache.get('small')).toBeUndefined();
    expect(cache.get('huge')).toHaveLength(50);
    expect(cache.weight).toBe(50);
  });
});
