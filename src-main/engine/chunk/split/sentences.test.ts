import { describe, expect, it } from 'vitest';
import { splitSentences } from './sentences';

const sentencesOf = (text: string) => splitSentences(text).map((r) => text.slice(r.start, r.end));

describe('splitSentences', () => {
  it('splits at terminators followed by a capital, digit or quote', () => {
    expect(sentencesOf('Ducks swim. They fly! Do they dive? "Yes." 3 ducks left.')).toEqual([
      'Ducks swim.',
      'They fly!',
      'Do they dive?',
      '"Yes."',
      '3 ducks left.',
    ]);
  });

  it('keeps abbreviations, initials and decimals inside the sentence', () => {
    expect(sentencesOf('Dr. Smith met Mr. J. R. Jones at 3.5 p.m. on Jan. 5. See Fig. 2 e.g. here. It ended.')).toEqual([
      'Dr. Smith met Mr. J. R. Jones at 3.5 p.m. on Jan. 5.',
      'See Fig. 2 e.g. here.',
      'It ended.',
    ]);
  });

  it('does not split before a lower-case word and always splits at blank lines', () => {
    expect(sentencesOf('The value is approx. ten. the end\n\nNew paragraph without stop\nstill going.')).toEqual([
      'The value is approx. ten. the end',
      'New paragraph without stop\nstill going.',
    ]);
  });

  it('keeps citation marks with the sentence they follow', () => {
    expect(sentencesOf('Ducks are birds. [ 9 ] [ 16 ] The freckled duck is rare.[3] It lives in Australia.')).toEqual([
      'Ducks are birds. [ 9 ] [ 16 ]',
      'The freckled duck is rare.[3]',
      'It lives in Australia.',
    ]);
  });

  it('returns ranges relative to the whole text for a sub-range', () => {
    const text = 'Skip this. Take one. Take two. Skip that.';
    const ranges = splitSentences(text, { start: 11, end: 30 });
    expect(ranges.map((r) => text.slice(r.start, r.end))).toEqual(['Take one.', 'Take two.']);
  });
});
