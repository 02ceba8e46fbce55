import { describe, expect, it } from 'vitest';
import { chunkStartNeedle, offsetOfChunkStart } from './chunk-start';

describe('chunkStartNeedle', () => {
  it('keeps the first 24 characters that are neither markup nor whitespace', () => {
    expect(chunkStartNeedle('the **IBM Personal**\nComputer, its DOS software')).toBe('theIBMPersonalComputer,i');
    expect(chunkStartNeedle('| a | b |')).toBe('ab');
    expect(chunkStartNeedle('')).toBe('');
  });
});

describe('offsetOfChunkStart', () => {
  const item = 'IBM debuted in the microcomputer market in 1981 with the IBM Personal Computer, its DOS software provided by Microsoft.';
  const offsetOf = (itemText: string, chunkText: string) => offsetOfChunkStart(itemText, chunkStartNeedle(chunkText));

  it('finds where a chunk that starts mid-item begins', () => {
    expect(offsetOf(item, 'with the IBM Personal Computer, its DOS')).toBe(item.indexOf('with the IBM'));
  });

  it('ignores Markdown markup and line breaks in the chunk text', () => {
    expect(offsetOf(item, 'the **IBM Personal**\nComputer, its DOS software')).toBe(item.indexOf('the IBM Personal'));
  });

  it('counts positions in UTF-16 like the text it slices', () => {
    expect(offsetOf('😀 emoji first, then the split point here', 'the split point here')).toBe('😀 emoji first, then '.length);
  });

  it('gives undefined when the chunk text is not in the item, or has no text', () => {
    expect(offsetOf(item, 'something else entirely')).toBeUndefined();
    expect(offsetOf(item, '**  **')).toBeUndefined();
  });
});
