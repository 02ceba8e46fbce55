import { describe, expect, it } from 'vitest';
import { chunkStatistics } from './statistics';
import { chunksOver, groundtruthDocument } from './test-chunks';

describe('chunkStatistics', () => {
  const doc = groundtruthDocument('word_sample.docx.json');

  it('gives count, min, median, max and a histogram that holds every chunk', () => {
    const chunks = chunksOver(doc, [{ refs: ['#/texts/4'] }, { refs: ['#/texts/5'] }, { refs: ['#/texts/15'] }, { refs: ['#/texts/16'] }]);
    const counts = chunks.map((c) => c.tokenCount).sort((a, b) => a - b);
    const stats = chunkStatistics(chunks, 10);
    expect(stats.count).toBe(4);
    expect(stats.minTokens).toBe(counts[0]);
    expect(stats.maxTokens).toBe(counts[3]);
    expect(stats.medianTokens).toBe((counts[1]! + counts[2]!) / 2);
    expect(stats.overLimit).toBe(counts.filter((c) => c > 10).length);
    expect(stats.histogram.reduce((sum, bin) => sum + bin.count, 0)).toBe(4);
    expect(stats.histogram[stats.histogram.length - 1]!.to).toBeGreaterThanOrEqual(stats.maxTokens);
  });

  it('reports zeros for an empty run', () => {
    const stats = chunkStatistics([], 256);
    expect(stats).toMatchObject({ count: 0, minTokens: 0, medianTokens: 0, maxTokens: 0, overLimit: 0 });
  });

  it('has a bin edge right after the limit, so the bins over it hold exactly the chunks over it', () => {
    const chunks = chunksOver(doc, [{ refs: ['#/texts/4'] }, { refs: ['#/texts/5'] }, { refs: ['#/texts/15'] }, { refs: ['#/texts/16'] }]);
    for (const limit of [1, 3, 7, 10, 13, 29]) {
      const stats = chunkStatistics(chunks, limit);
      const overBins = stats.histogram.filter((bin) => bin.from > limit).reduce((sum, bin) => sum + bin.count, 0);
      expect(overBins, `limit ${limit}`).toBe(stats.overLimit);
      expect(stats.histogram.some((bin) => bin.from <= limit && limit < bin.to - 1)).toBe(false);
    }
  });

  it('leaves parent chunks out of the sizes (they are not embedded)', () => {
    const [parent, child] = chunksOver(doc, [{ refs: ['#/texts/5', '#/texts/6'] }, { refs: ['#/texts/6'] }]);
    const stats = chunkStatistics([parent!, { ...child!, parentId: parent!.id }], 1);
    expect(stats).toMatchObject({ count: 2, parents: 1, overLimit: 1, maxTokens: child!.tokenCount });
    expect(stats.histogram.reduce((sum, bin) => sum + bin.count, 0)).toBe(1);
  });
});
