import { describe, expect, it } from 'vitest';
import { bodyStyleOf } from './document-style';
import { buildLines } from './lines';
import { textRun } from './test-runs';

const boldRun = (text: string, left: number, baseline: number, fontSize: number) => ({
  ...textRun(text, left, baseline, fontSize),
  bold: true,
});

describe('bodyStyleOf', () => {
  it('is the style of the running text of a form, not of its many short bold labels', () => {
    const labels = Array.from({ length: 40 }, (_, i) =>
      boldRun(
        ['Surname:', 'Given names:', 'Date of birth:', 'Street and number:'][i % 4]!,
        72 + 260 * (i % 2),
        700 - 14 * Math.floor(i / 2),
        9,
      ),
    );
    const instructions = Array.from({ length: 4 }, (_, i) =>
      textRun('Fill in every field in capitals and sign the form at the foot of the page.', 72, 400 - 13 * i, 10.5),
    );
    const lines = buildLines([...labels, ...instructions]);
    const labelCharacters = labels.reduce((sum, run) => sum + run.text.length, 0);
    const instructionCharacters = instructions.reduce((sum, run) => sum + run.text.length, 0);
    expect(labelCharacters).toBeGreaterThan(instructionCharacters);
    expect(bodyStyleOf(lines)).toEqual({ fontSize: 10.5, bold: false });
  });

  it('is the style holding most characters when every line is running text', () => {
    const body = Array.from({ length: 10 }, (_, i) =>
      textRun('A line of body text in a column of a two-column page.', 72, 700 - 11 * i, 9),
    );
    const lead = Array.from({ length: 3 }, (_, i) => boldRun('A lead paragraph set bold across the column.', 72, 400 - 12 * i, 9));
    expect(bodyStyleOf(buildLines([...body, ...lead]))).toEqual({ fontSize: 9, bold: false });
  });
});
