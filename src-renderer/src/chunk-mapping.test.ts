import { describe, expect, it } from 'vitest';
import { counterpartsHint, counterpartsOf, formatShare } from './chunk-mapping';

// A#0 is split into B#0 and B#1; A#1 and A#2 are merged into B#2
const correspondence = [
  [
    { b: 0, ofA: 0.4, ofB: 1 },
    { b: 1, ofA: 0.6, ofB: 1 },
  ],
  [{ b: 2, ofA: 1, ofB: 0.3 }],
  [{ b: 2, ofA: 1, ofB: 0.7 }],
];

describe('counterpartsOf', () => {
  it('gives the chunks of B that hold a chunk of A, and the reverse', () => {
    expect(counterpartsOf(correspondence, 'A', 0)).toEqual([
      { index: 0, ofSelf: 0.4, ofOther: 1 },
      { index: 1, ofSelf: 0.6, ofOther: 1 },
    ]);
    expect(counterpartsOf(correspondence, 'B', 2)).toEqual([
      { index: 1, ofSelf: 0.3, ofOther: 1 },
      { index: 2, ofSelf: 0.7, ofOther: 1 },
    ]);
    expect(counterpartsOf(correspondence, 'B', 9)).toEqual([]);
  });

  it('names them for a hover hint', () => {
    expect(counterpartsHint(correspondence, 'A', 0)).toBe('A#0 ↔ B#0, B#1');
    expect(counterpartsHint(correspondence, 'B', 5)).toBe('no chunk of A holds its text');
  });

  it('says shares in words a reader takes in', () => {
    expect([formatShare(1), formatShare(0.62), formatShare(0.001)]).toEqual(['all', '62 %', '<1 %']);
  });
});
