import { describe, expect, it } from 'vitest';
import { classifiedBlocks, textRun } from './test-runs';
import type { TextRun } from './types';

/** Eight lines of 10 pt body text from `top` down, ending in a full stop. */
function bodyText(top: number): TextRun[] {
  const text = (i: number): string => (i === 7 ? 'and the paragraph ends here.' : 'running body text of the report goes on here');
  return Array.from({ length: 8 }, (_, i) => textRun(text(i), 72, top - 12 * i));
}

describe('paragraphs that open with a run-in heading', () => {
  it('keep a short last line that lies under the heading, not under the text after it (ACM "General Terms")', () => {
    const blocks = classifiedBlocks([
      ...bodyText(700),
      { ...textRun('General Terms', 72, 590), bold: true },
      textRun('Design, Experimentation, Measurement, Perfor-', 145, 590),
      textRun('mance.', 72, 578),
      ...bodyText(560),
    ]);
    expect(blocks).toContainEqual(['heading', 'General Terms']);
    expect(blocks).toContainEqual(['text', 'Design, Experimentation, Measurement, Performance.']);
  });
});
