import { describe, expect, it } from 'vitest';
import { classifiedBlocks, textRun } from './test-runs';
import type { RuleSegment, TextRun } from './types';

/** Two columns of 9 pt body text down to the footnote area, as on page 2 of the DocLayNet paper. */
function twoColumnBody(leftBottom: number): TextRun[] {
  const sentence = 'the layout of the pages in the data set is annotated by hand';
  const column = (left: number, bottom: number) =>
    Array.from({ length: Math.floor((400 - bottom) / 11) + 1 }, (_, i) =>
      textRun(i % 6 === 5 ? 'and ends here.' : sentence, left, 400 - 11 * i, 9),
    );
  return [...column(54, leftBottom), ...column(318, 84)];
}

describe('footnotes', () => {
  it('footnotes behind raised marks under a short rule are footnotes, one per mark', () => {
    // Layout and texts of the DocLayNet paper's footnotes (Docling labels them footnote): a raised
    // 5 pt number, then the note in 7 pt, under a short rule at the foot of the left column.
    const runs = [
      ...twoColumnBody(130),
      textRun('1', 54, 88, 5),
      textRun('https://developer.ibm.com/exchanges/data/all/doclaynet', 57, 85, 7),
      textRun('2', 54, 80, 5),
      textRun('e.g. AAPL from https://www.annualreports.com/ as a sample', 57, 77, 7),
    ];
    const rule: RuleSegment = { orientation: 'horizontal', position: 97, from: 54, to: 110 };
    const blocks = classifiedBlocks(runs, [rule]);
    // The raised mark is a word of its own, as Docling's groundtruth reads it ("2 e.g. AAPL from …").
    expect(blocks.filter(([label]) => label === 'footnote')).toEqual([
      ['footnote', '1 https://developer.ibm.com/exchanges/data/all/doclaynet'],
      ['footnote', '2 e.g. AAPL from https://www.annualreports.com/ as a sample'],
    ]);
    // The body text beside them, as low on the page, stays text.
    expect(blocks.filter(([label]) => label !== 'footnote').every(([label]) => label === 'text')).toBe(true);
  });

  it('the copyright note of a first page is a footnote; numbers opening body text are not', () => {
    const blocks = classifiedBlocks([
      ...twoColumnBody(130),
      textRun('© 2022 Copyright held by the owner/author(s).', 54, 103, 7),
      textRun('2 cases of the 30 in the body font stay body text', 318, 73, 9),
    ]);
    expect(blocks).toContainEqual(['footnote', '© 2022 Copyright held by the owner/author(s).']);
    expect(blocks.filter(([label]) => label === 'footnote')).toHaveLength(1);
  });

  it('"1)" and "²" notes set small at the foot of the page are footnotes; lists in the body font stay lists', () => {
    const blocks = classifiedBlocks([
      ...twoColumnBody(130),
      textRun('1) The figures of 2021 are revised in the annex.', 54, 100, 7),
      textRun('² Measured on the second test set only.', 54, 90, 7),
      textRun('1) a list item in the body font', 318, 73, 9),
      textRun('2) and a second item after it', 318, 62, 9),
    ]);
    expect(blocks.filter(([label]) => label === 'footnote')).toEqual([
      ['footnote', '1) The figures of 2021 are revised in the annex.'],
      ['footnote', '² Measured on the second test set only.'],
    ]);
    expect(blocks.filter(([label]) => label === 'list_item')).toEqual([
      ['list_item', 'a list item in the body font'],
      ['list_item', 'and a second item after it'],
    ]);
  });

  it('a numbered list set small high on the page stays a list', () => {
    const blocks = classifiedBlocks([
      ...twoColumnBody(130),
      textRun('1) first small item near the top', 54, 700, 7),
      textRun('2) second small item near the top', 54, 690, 7),
    ]);
    expect(blocks.filter(([label]) => label === 'list_item')).toHaveLength(2);
  });
});
