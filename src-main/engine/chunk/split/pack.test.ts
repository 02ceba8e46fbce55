import { describe, expect, it } from 'vitest';
import { fitRange } from './fit';
import { countWords } from '../../text/words';
import { packPieces, windowText, type Piece } from './pack';
import { splitWords } from './words';

const text = 'one two three four five six seven eight nine ten';
const words: Piece[] = splitWords(text);
const texts = (pieces: readonly Piece[], limits: Parameters<typeof packPieces>[2]) =>
  packPieces(text, pieces, limits, countWords).map((w) => windowText(text, pieces, w));

describe('packPieces', () => {
  it('packs pieces up to the target size', () => {
    expect(texts(words, { target: 4, max: 4, overlap: 0 })).toEqual(['one two three four', 'five six seven eight', 'nine ten']);
  });

  it('repeats trailing pieces up to the overlap', () => {
    expect(texts(words, { target: 4, max: 4, overlap: 2 })).toEqual([
      'one two three four',
      'three four five six',
      'five six seven eight',
      'seven eight nine ten',
    ]);
  });

  it('fuses a small last chunk into its neighbour when the result fits the maximum', () => {
    expect(texts(words, { target: 4, max: 6, overlap: 0, min: 3 })).toEqual(['one two three four', 'five six seven eight nine ten']);
  });

  it('starts a chunk at a piece that demands it and prints its prefix there', () => {
    const pieces: Piece[] = [words[0]!, words[1]!, { ...words[2]!, startsChunk: true, prefix: 'HEADER ' }, words[3]!];
    expect(texts(pieces, { target: 10, max: 10, overlap: 0 })).toEqual(['one two', 'HEADER three four']);
  });
});

describe('fitRange', () => {
  it('breaks an oversized range at paragraphs, then sentences, then words, then characters', () => {
    const source = 'First sentence here. Second one.\n\nShort.\n\nabcdefghijklmnop';
    const pieces = fitRange(source, { start: 0, end: source.length }, 3, (t) => (/\s/.test(t) ? countWords(t) : Math.ceil(t.length / 6)));
    expect(pieces.map((r) => source.slice(r.start, r.end))).toEqual(['First sentence here.', 'Second one.', 'Short.', 'abcdefghijklmnop']);
    const long = fitRange(source, { start: 42, end: source.length }, 1, (t) => Math.ceil(t.length / 6));
    expect(long.map((r) => source.slice(r.start, r.end))).toEqual(['abcdef', 'ghijkl', 'mnop']);
  });
});
