import { describe, expect, it } from 'vitest';
import { oneLine } from './one-line';

describe('oneLine', () => {
  it('joins lines and items with one space', () => {
    expect(oneLine('Good\nevening.\n\nMembers of Congress,\r\n\tthe Cabinet')).toBe('Good evening. Members of Congress, the Cabinet');
  });

  it('keeps one space at either end, so that parts made one line each still join', () => {
    expect(oneLine('\n  first words\n')).toBe(' first words ');
    const joined = oneLine('…the end of a line\n') + 'the match' + oneLine('\nthe next line');
    expect(joined).toBe('…the end of a line the match the next line');
  });

  it('leaves text without line breaks as it is, other scripts included', () => {
    expect(oneLine('한국어 보고서 요약')).toBe('한국어 보고서 요약');
    expect(oneLine('')).toBe('');
  });
});
