import { describe, expect, it } from 'vitest';
import { drawnBullets } from './drawn-bullets';
import { pageElements } from './page-elements';
import { textRun } from './test-runs';
import type { Box } from './types';

const rect = (left: number, bottom: number, right: number, top: number): Box => ({ left, bottom, right, top });

describe('drawnBullets', () => {
  it('a small square or disc drawn just left of where a line starts opens a list item', () => {
    const runs = [
      textRun('Add the package to Build-Depends.', 100, 700),
      textRun('Use the helper in the rules file.', 100, 686),
      textRun('A paragraph after the list.', 72, 660),
    ];
    const discs = [rect(88, 702, 92, 706), rect(88, 688, 92, 692)];
    const elements = pageElements(runs, { rules: [], images: [], drawings: discs }, 612, 792);
    const texts = elements.flatMap((e) => (e.kind === 'line' ? [e.line.text] : []));
    expect(texts).toEqual(['• Add the package to Build-Depends.', '• Use the helper in the rules file.', 'A paragraph after the list.']);
  });

  it('a shape in the middle of a line, one far from any text, or one larger than the text is no bullet', () => {
    const runs = [textRun('before', 72, 700), textRun('after the mark', 110, 700), textRun('A line of text.', 100, 600)];
    const drawings = [
      rect(102, 702, 106, 706), // between two words of one line
      rect(300, 400, 304, 404), // alone on the page
      rect(80, 596, 96, 612), // a 16 pt box beside 10 pt text: an icon
    ];
    const { bullets, shapes } = drawnBullets(drawings, runs);
    expect(bullets).toEqual([]);
    expect(shapes).toEqual(drawings);
  });
});
