import { describe, expect, it } from 'vitest';
import { isFormula } from './formulas';
import { joinLines } from './hyphenation';
import { buildLines } from './lines';
import { textRun } from './test-runs';
import type { TextRun } from './types';

/** One line of pieces laid side by side; pieces marked `math` are set in a TeX math font (CMSY, CMMI). */
function lineOf(pieces: Array<string | { math: string }>): { lines: ReturnType<typeof buildLines>; text: string } {
  const runs: TextRun[] = [];
  let left = 100;
  for (const piece of pieces) {
    const text = typeof piece === 'string' ? piece : piece.math;
    runs.push({ ...textRun(text, left, 500), math: typeof piece !== 'string' });
    left = runs[runs.length - 1]!.right + 3;
  }
  const lines = buildLines(runs);
  return { lines, text: joinLines(lines.map((l) => l.text)) };
}

const formula = (pieces: Array<string | { math: string }>): boolean => {
  const { lines, text } = lineOf(pieces);
  return isFormula(lines, text);
};

describe('formulas', () => {
  // The numbered displays of the TableFormer paper (arXiv 2203.01017), which Docling labels formula.
  it('finds the displayed equations of a paper, their symbols in math fonts', () => {
    expect(
      formula([
        'l box =',
        { math: 'λ' },
        'iou l iou +',
        { math: 'λ' },
        'l 1 l =',
        { math: 'λ' },
        'l s +(1 -',
        { math: 'λ' },
        ') l box (1)',
      ]),
    ).toBe(true);
    expect(formula(['Image width and height', { math: '≤' }, '1024 pixels Structural tags length', { math: '≤' }, '512 tokens. (2)'])).toBe(
      true,
    );
    expect(
      formula([
        'TEDS(',
        { math: 'T a' },
        ',',
        { math: 'T b' },
        ') = 1 -EditDist (',
        { math: 'T a , T b' },
        ') max(',
        { math: '| T a | , | T b |' },
        ') (3)',
      ]),
    ).toBe(true);
    expect(formula(['alignment = arg min', { math: 'c' }, '{ D c } D c = max { x c } -min { x c } (4)'])).toBe(true);
  });

  it('leaves sentences with inline math and numbers as text', () => {
    expect(formula(['The images are at most', { math: '≤' }, '1024 pixels wide and the structure tags at most 512 tokens long.'])).toBe(
      false,
    );
    expect(formula(['OTSL with 6 encoder layers reaches a TEDs score of 0.965 (Table 1).'])).toBe(false);
    expect(formula(['as the loss in Equation (1)'])).toBe(false);
  });

  it('reads words of Greek text as text, and a Greek letter alone or two together as a symbol', () => {
    expect(formula(['5.3.1. Κονσόλα Εκκίνησης'])).toBe(false);
    expect(formula(['Πιο αναλυτική από το συνηθισμένο.'])).toBe(false);
    expect(formula(['α + β = γ (2)'])).toBe(true);
    expect(formula(['Δx ≤ αβ'])).toBe(true);
  });
});
