import { describe, expect, it } from 'vitest';
import { SourceSpans } from './source-spans';

describe('SourceSpans', () => {
  it('gives a UTF-16 range as a code-point span without the blanks around it', () => {
    const source = '# Emoji 😀\n\n  Body 𝄞 text \u00a0\n';
    const spans = new SourceSpans(source);
    const bodyStart = source.indexOf('  Body');
    const span = spans.spanOf(bodyStart, source.length);
    expect([...source].slice(...span).join('')).toBe('Body 𝄞 text');
  });

  it('keeps a blank range whole', () => {
    expect(new SourceSpans('a   b').spanOf(1, 4)).toEqual([1, 4]);
  });

  it('leaves the characters JavaScript calls whitespace but a span does not (em space) inside the span', () => {
    const source = '\u2003word\u2003';
    expect(new SourceSpans(source).spanOf(0, source.length)).toEqual([0, 6]);
  });

  it('turns a span back into the UTF-16 range that reads its characters', () => {
    const source = '😀 first\n𝄞 second 😀';
    const spans = new SourceSpans(source);
    const start = source.indexOf('𝄞');
    const span = spans.spanOf(start, source.length);
    expect(span).toEqual([8, 18]);
    const range = spans.rangeOf(span);
    expect(source.slice(range.start, range.end)).toBe('𝄞 second 😀');
  });
});
