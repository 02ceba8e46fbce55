import { describe, expect, it } from 'vitest';
import { distinctPiiValues, piiValuesOfChunk } from './pii-values';

describe('piiValuesOfChunk', () => {
  it('gives kept values as the spans carry them', () => {
    const spans = [{ label: 'email', start: 8, end: 18, text: 'a@b.example' }];
    expect(piiValuesOfChunk('ignored', 'ignored', spans)).toEqual([{ label: 'email', text: 'a@b.example' }]);
  });

  it('finds masked values between the unchanged text around their placeholders, in code points', () => {
    const original = '😀 Write to jane@example.com or call +44 20 7946 0958 today.';
    const masked = '😀 Write to [EMAIL] or call [PHONE] today.';
    const spans = [
      { label: 'email', start: 11, end: 18 },
      { label: 'phone', start: 27, end: 34 },
    ];
    expect(Array.from(masked).slice(27, 34).join('')).toBe('[PHONE]');
    expect(piiValuesOfChunk(original, masked, spans)).toEqual([
      { label: 'email', text: 'jane@example.com' },
      { label: 'phone', text: '+44 20 7946 0958' },
    ]);
  });

  it('finds dropped values (empty spans) and stops at values with nothing between them', () => {
    expect(piiValuesOfChunk('Mail a@b.example now', 'Mail  now', [{ label: 'email', start: 5, end: 5 }])).toEqual([
      { label: 'email', text: 'a@b.example' },
    ]);
    const adjacent = [
      { label: 'email', start: 0, end: 7 },
      { label: 'url', start: 7, end: 12 },
    ];
    expect(piiValuesOfChunk('a@b.examplehttp://x', '[EMAIL][URL]', adjacent)).toEqual([]);
  });

  it('gives nothing when the texts do not agree around the spans', () => {
    expect(piiValuesOfChunk('something else', 'Write to [EMAIL].', [{ label: 'email', start: 9, end: 16 }])).toEqual([]);
  });
});

describe('distinctPiiValues', () => {
  it('keeps each value once, trimmed, in the order first found', () => {
    const values = [
      { label: 'email', text: 'a@b.example' },
      { label: 'phone', text: ' 030 1234567 ' },
      { label: 'email', text: 'a@b.example' },
      { label: 'url', text: ' ' },
    ];
    expect(distinctPiiValues(values)).toEqual([
      { label: 'email', text: 'a@b.example' },
      { label: 'phone', text: '030 1234567' },
    ]);
  });
});
