import { describe, expect, it } from 'vitest';
import { chunkSimilarity, jaccard } from './chunk-similarity';

describe('chunk similarity', () => {
  it('is 1 for the same chunks, whatever the case and punctuation', () => {
    expect(chunkSimilarity(['Ducks swim.', 'Geese fly'], ['ducks SWIM', 'geese, fly!']).similarity).toBe(1);
  });

  it('costs a merged chunk on both sides', () => {
    const score = chunkSimilarity(['a b', 'c d'], ['a b c d']);
    // each reference chunk matches half of the merged one; the merged one matches half of its best
    expect(score.similarity).toBeCloseTo(0.5, 10);
    expect(score).toMatchObject({ reference: 2, candidate: 1 });
  });

  it('leaves out chunks without words and scores a missing side 0', () => {
    expect(chunkSimilarity(['a', '<!-- -->'], ['a']).similarity).toBe(1);
    expect(chunkSimilarity(['a'], []).similarity).toBe(0);
    expect(chunkSimilarity([], []).similarity).toBe(1);
  });

  it('computes Jaccard over word sets', () => {
    expect(jaccard(new Set(['a', 'b', 'c']), new Set(['b', 'c', 'd']))).toBe(0.5);
  });
});
