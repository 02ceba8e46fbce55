import { describe, expect, it } from 'vitest';
import { iterateItems } from '../ir/iterate';
import { diffBoundaries } from './boundary-diff';
import { chunksOver, groundtruthDocument } from './test-chunks';

describe('diffBoundaries', () => {
  const doc = groundtruthDocument('word_sample.docx.json');
  const order = new Map([...iterateItems(doc)].map(({ item }, index) => [item.self_ref, index]));
  const cut = (starts: number[]) => {
    const refs = Array.from({ length: 12 }, (_, i) => `#/texts/${i + 4}`);
    return chunksOver(
      doc,
      starts.map((start, k) => ({ refs: refs.slice(start, starts[k + 1] ?? refs.length) })),
    );
  };

  it('reports nothing for identical runs', () => {
    const diff = diffBoundaries(order, cut([0, 3, 6]), cut([0, 3, 6]));
    expect(diff).toEqual({ unchanged: 3, moved: [], appeared: [], vanished: [] });
  });

  it('pairs moved boundaries between shared anchors and reports the surplus', () => {
    const diff = diffBoundaries(order, cut([0, 3, 8]), cut([0, 4, 6, 8, 10]));
    expect(diff.unchanged).toBe(2);
    expect(diff.moved.map(({ a, b }) => [a.chunkIndex, b.chunkIndex])).toEqual([[1, 1]]);
    expect(diff.appeared.map((b) => b.chunkIndex)).toEqual([2, 4]);
    expect(diff.vanished).toEqual([]);
  });

  it('reports boundaries of A missing in B as vanished', () => {
    const diff = diffBoundaries(order, cut([0, 2, 5, 9]), cut([0, 9]));
    expect(diff.unchanged).toBe(2);
    expect(diff.vanished.map((b) => b.chunkIndex)).toEqual([1, 2]);
    expect(diff.moved).toEqual([]);
  });
});
