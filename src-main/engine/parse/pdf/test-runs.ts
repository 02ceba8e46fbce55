import { classifyBlock, type ClassifiedBlock } from './classify-block';
import { bodyStyleOf, type BodyStyle } from './document-style';
import { pageElements } from './page-elements';
import { groupLines } from './paragraphs';
import type { RuleSegment, TextRun } from './types';

const [width, height] = [612, 792];

/** A synthetic text run for layout tests: glyphs half the font size wide, the box from 0.2 below the baseline to 0.8 above. */
export function textRun(text: string, left: number, baseline: number, fontSize = 10): TextRun {
  return {
    text,
    left,
    right: left + text.length * 0.5 * fontSize,
    bottom: baseline - 0.2 * fontSize,
    top: baseline + 0.8 * fontSize,
    baseline,
    fontSize,
    bold: false,
    italic: false,
    monospace: false,
    math: false,
    rtl: false,
  };
}

/** The blocks of a synthetic US-letter page as the parser classifies them, and the page's body style. */
export function classifiedPage(runs: TextRun[], rules: RuleSegment[] = []): { blocks: ClassifiedBlock[]; body: BodyStyle } {
  const elements = pageElements(runs, { rules, images: [], drawings: [] }, width, height);
  const body = bodyStyleOf(elements.flatMap((e) => (e.kind === 'line' ? [e.line] : [])));
  return { blocks: groupLines(elements, new Set()).map((block) => classifyBlock(block, height, body)), body };
}

/** Labels and texts of the blocks of a synthetic US-letter page, as the parser classifies them. */
export function classifiedBlocks(runs: TextRun[], rules: RuleSegment[] = []): [string, string][] {
  return classifiedPage(runs, rules).blocks.flatMap((block): [string, string][] =>
    block.kind === 'lines' ? [[block.label, block.text]] : [],
  );
}

/** Ten lines of 10 pt body text from `top` down, 12 pt apart, ending in a full stop: a paragraph around the lines a test sets. */
export function bodyText(top: number): TextRun[] {
  const text = (i: number): string => (i === 9 ? 'and the paragraph ends.' : 'running body text of the report');
  return Array.from({ length: 10 }, (_, i) => textRun(text(i), 72, top - 12 * i));
}
