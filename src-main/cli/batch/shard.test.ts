import { describe, expect, it } from 'vitest';
import { inShard, parseShard } from './shard';

describe('--shard i/n', () => {
  it('puts every path in exactly one of n shards, about evenly', () => {
    const paths = Array.from({ length: 2000 }, (_, index) => `docs/part-${index}/file-${index}.pdf`);
    const sizes = [0, 0, 0, 0, 0];
    for (const path of paths) {
      const owners = [0, 1, 2, 3, 4].filter((index) => inShard(path, { index, count: 5 }));
      expect(owners).toHaveLength(1);
      sizes[owners[0]!]!++;
    }
    for (const size of sizes) expect(Math.abs(size - 400)).toBeLessThan(80);
  });

  it('reads i/n and refuses the rest', () => {
    expect(parseShard('2/8')).toEqual({ index: 2, count: 8 });
    expect(parseShard(' 0/1 ')).toEqual({ index: 0, count: 1 });
    for (const bad of ['8/8', '1/0', '1', '1/2/3', '-1/2', 'x/y', '0/100001']) expect(() => parseShard(bad)).toThrow(/--shard/);
  });
});
