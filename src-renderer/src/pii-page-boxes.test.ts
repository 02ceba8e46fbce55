import { describe, expect, it } from 'vitest';
import { piiBoxesOfPage, type PageTextRun } from './pii-page-boxes';

const run = (str: string, left: number, top: number, hasEOL = false): PageTextRun => ({
  str,
  hasEOL,
  left,
  top,
  width: str.length * 6,
  height: 10,
});

describe('personal data on a PDF page', () => {
  it('boxes a value by its share of the run it lies in, and a value over two runs and lines in each', () => {
    const runs = [run('Write to jane@example.com or call', 100, 50, true), run('+44 20', 100, 62), run('7946 0958 today.', 140, 62, true)];
    const boxes = piiBoxesOfPage(3, runs, [
      { label: 'email', text: 'jane@example.com' },
      { label: 'phone', text: '+44 20 7946 0958' },
    ]);
    expect(boxes.map(({ box, label }) => [label, box])).toEqual([
      ['email', { page: 3, l: 100 + 9 * 6, t: 50, r: 100 + 25 * 6, b: 60 }],
      ['phone', { page: 3, l: 100, t: 62, r: 100 + 6 * 6, b: 72 }],
      ['phone', { page: 3, l: 140, t: 62, r: 140 + 9 * 6, b: 72 }],
    ]);
  });

  it('finds every occurrence, whatever the whitespace between the words, and nothing for a value the page lacks', () => {
    const runs = [run('IBAN GB82WEST 1234', 0, 0, true), run('again GB82 WEST 1234', 0, 20, true)];
    const boxes = piiBoxesOfPage(1, runs, [
      { label: 'iban', text: 'GB82 WEST 1234' },
      { label: 'email', text: 'nobody@example.org' },
    ]);
    expect(boxes.map((box) => [box.label, box.box.t])).toEqual([
      ['iban', 0],
      ['iban', 20],
    ]);
  });
});
