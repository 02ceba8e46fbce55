import { describe, expect, it } from 'vitest';
import { printable, printableLine } from './printable';

describe('printable', () => {
  it('removes escape sequences whole: colours, screen clearing, cursor moves, window titles, resets', () => {
    expect(printable('a\u001b[2J\u001b[1;1Hb\u001b[32mc\u001b[0m')).toBe('abc');
    expect(printable('x\u001b]0;owned\u0007y\u001b]8;;http://evil\u001b\\z')).toBe('xyz');
    expect(printable('before\u001bcafter')).toBe('beforeafter');
  });

  it('removes C0 and C1 controls but newline and tab, and the bidirectional overrides', () => {
    expect(printable('a\rb\u0007c\u0008d\u007fe\u009bf\u0085g')).toBe('abcdefg');
    expect(printable('tab\there\nnext')).toBe('tab\there\nnext');
    expect(printable('invoice\u202egpj.exe \u2066x\u2069')).toBe('invoicegpj.exe x');
  });

  it('keeps ordinary text, accents and other scripts as they are', () => {
    const text = 'Rapport annuel — 2024 (финал) 報告書 🦆.pdf';
    expect(printable(text)).toBe(text);
  });

  it('folds newlines into spaces for one-line reports', () => {
    expect(printableLine('fake\nOK: all files written\r\n')).toBe('fake OK: all files written ');
  });
});
