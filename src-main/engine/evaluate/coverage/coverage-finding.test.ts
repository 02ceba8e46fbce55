import { describe, expect, it } from 'vitest';
import type { CoveragePlace, DocumentCoverage } from '../../../../src-shared/evaluation';
import { textNotInChunksFinding } from './coverage-finding';

function place(kind: CoveragePlace['kind'], reason: CoveragePlace['reason'], words: number): CoveragePlace {
  return { ref: '#/texts/1', kind, reason, picture: null, words, page: 1, range: [0, 5], text: 'words', sourceSpans: [], bboxes: [] };
}

function coverageOf(words: number, places: CoveragePlace[]): DocumentCoverage {
  const sum = (kind: CoveragePlace['kind']) => places.filter((p) => p.kind === kind).reduce((total, p) => total + p.words, 0);
  const leftOut = places.map(({ kind, reason, words: count }) => ({ kind, reason, words: count }));
  const left = places.reduce((total, p) => total + p.words, 0);
  return {
    words,
    inChunks: words - left,
    furniture: sum('furniture'),
    pictures: sum('picture'),
    notInChunks: sum('body'),
    share: (words - left) / words,
    leftOut,
    places,
  };
}

describe('textNotInChunksFinding', () => {
  it('says nothing when only furniture is left out, which chunkers leave out by design', () => {
    expect(textNotInChunksFinding(coverageOf(1000, [place('furniture', 'furniture', 40)]))).toBeNull();
  });

  it('grades the finding by the share of the words in no chunk, and names the places without the furniture', () => {
    const info = textNotInChunksFinding(coverageOf(10_000, [place('body', 'empty-heading', 3), place('furniture', 'furniture', 90)]));
    expect(info).toMatchObject({ rule: 'text-not-in-chunks', severity: 'info', chunkIndex: null, chunkId: null });
    expect(info!.message).toBe('3 words (<0.1 % of the text) are in no chunk: 3 in headings of empty sections');
    expect(info!.places).toHaveLength(1);
    expect(textNotInChunksFinding(coverageOf(1000, [place('picture', 'picture-text', 10)]))?.severity).toBe('warning');
    const error = textNotInChunksFinding(coverageOf(1000, [place('picture', 'picture-text', 30), place('body', 'not-chunked', 30)]));
    expect(error?.severity).toBe('error');
    expect(error?.message).toBe('60 words (6.0 % of the text) are in no chunk: 30 inside pictures, 30 of body text');
  });
});
