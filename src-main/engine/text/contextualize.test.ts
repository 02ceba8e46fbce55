import { describe, expect, it } from 'vitest';
import { contextualize } from './contextualize';

describe('contextualize', () => {
  it('puts the headings before the text, one per line by default', () => {
    expect(contextualize({ headings: ['Title', 'Section'], text: 'Body.' })).toBe('Title\nSection\nBody.');
  });

  it('joins with the delimiter given', () => {
    expect(contextualize({ headings: ['A', 'B'], text: 'x' }, '####')).toBe('A####B####x');
  });

  it('is the text alone without headings', () => {
    expect(contextualize({ headings: null, text: 'Body.' })).toBe('Body.');
    expect(contextualize({ headings: [], text: 'Body.' }, '####')).toBe('Body.');
  });
});
