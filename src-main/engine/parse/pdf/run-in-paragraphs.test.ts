import { describe, expect, it } from 'vitest';
import { bodyText, classifiedBlocks, textRun } from './test-runs';

describe('paragraphs that open with a run-in heading', () => {
  it('keep a short last line that lies under the heading, not under the text after it (ACM "General Terms")', () => {
    const blocks = classifiedBlocks([
      ...bodyText(720),
      { ...textRun('General Terms', 72, 590), bold: true },
      textRun('Design, Experimentation, Measurement, Perfor-', 145, 590),
      textRun('mance.', 72, 578),
      ...bodyText(560),
    ]);
    expect(blocks).toContainEqual(['heading', 'General Terms']);
    expect(blocks).toContainEqual(['text', 'Design, Experimentation, Measurement, Performance.']);
  });
});
