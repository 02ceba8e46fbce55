import { describe, expect, it } from 'vitest';
import type { OutlineEntry } from '../../parse/pdf/pdf-outline';
import type { ParsedHeading } from './heading-match';
import { scoreHeadings } from './heading-scores';

const entry = (title: string, depth: number, page: number): OutlineEntry => ({ title, depth, page });
const heading = (text: string, level: number, page: number): ParsedHeading => ({ text, level, page });

describe('scoreHeadings', () => {
  const outline = [entry('Intro', 1, 1), entry('Setup', 1, 2), entry('Linux', 2, 2), entry('Windows', 2, 3), entry('Usage', 1, 4)];

  it('counts recall over the outline and precision over our headings no deeper than the deepest matched level', () => {
    const headings = [
      heading('Intro', 1, 1),
      heading('Setup', 1, 2),
      heading('Linux', 2, 2),
      heading('Debian', 3, 2), // deeper than any matched heading: the outline says nothing about it
      heading('See page 4', 1, 3), // a false heading at a matched level
      heading('Usage', 1, 4),
    ];
    const scores = scoreHeadings(outline, headings);
    expect(scores.matched).toBe(4);
    expect(scores.recall).toBeCloseTo(4 / 5);
    expect(scores.deepestMatchedLevel).toBe(2);
    expect(scores.headingsInScope).toBe(5);
    expect(scores.precision).toBeCloseTo(4 / 5);
    expect(scores.levelAgreement).toBe(1);
  });

  it('measures level agreement as the share of matched pairs ordered alike', () => {
    const flat = [heading('Intro', 1, 1), heading('Setup', 1, 2), heading('Linux', 1, 2), heading('Usage', 1, 4)];
    // pairs: (Intro,Setup) (Intro,Usage) (Setup,Usage) agree: equal depth, equal level; the three with Linux do not
    expect(scoreHeadings(outline, flat).levelAgreement).toBeCloseTo(3 / 6);
    const inverted = [heading('Intro', 2, 1), heading('Linux', 1, 2)];
    expect(scoreHeadings(outline, inverted).levelAgreement).toBe(0);
    expect(scoreHeadings(outline, [heading('Intro', 1, 1)]).levelAgreement).toBeNull();
  });

  it('counts every heading against precision when none matched, and claims nothing without headings', () => {
    const unmatched = scoreHeadings(outline, [heading('Cover', 1, 1), heading('Contents', 2, 1)]);
    expect(unmatched).toMatchObject({ matched: 0, recall: 0, precision: 0, headingsInScope: 2, deepestMatchedLevel: null });
    expect(scoreHeadings(outline, [])).toMatchObject({ recall: 0, precision: 1, headingsInScope: 0 });
  });

  it('leaves outline entries without a title out of the recall', () => {
    const scores = scoreHeadings([entry('Intro', 1, 1), entry(' . . ', 1, 2)], [heading('Intro', 1, 1)]);
    expect(scores).toMatchObject({ outlineEntries: 1, recall: 1 });
  });
});
