import { describe, expect, it } from 'vitest';
import { listedNumbers, sweepFileOf } from './sweep-form';

describe('the sweep form', () => {
  it('reads whole, non-negative numbers from a list typed by hand', () => {
    expect(listedNumbers('200, 400 800,,-5, 1.5, x')).toEqual([200, 400, 800]);
  });

  it('becomes a sweep file with a grid per strategy, overlaps only where the strategy has them', () => {
    const file = sweepFileOf(
      { strategies: ['fixed-characters', 'paragraphs'], sizes: '0, 300, 600', overlaps: '0, 50', file: null },
      new Set(['fixed-characters']),
    );
    expect(JSON.parse(file.content)).toEqual({
      grid: [
        { strategy: ['fixed-characters'], size: [300, 600], overlap: [0, 50] },
        { strategy: ['paragraphs'], size: [300, 600] },
      ],
    });
  });

  it('is the sweep file picked instead, when there is one', () => {
    const picked = { fileName: 'sweep.yaml', content: 'grid: {strategy: [recursive], size: [200]}' };
    expect(sweepFileOf({ strategies: [], sizes: '', overlaps: '', file: picked }, new Set())).toBe(picked);
  });
});
