import { lettersByDirection, lineOf } from './lines';
import type { PageElement } from './page-elements';
import type { Line } from './types';

/**
 * Share of a line's letters the other direction must hold for the line to be mixed: below it, the
 * line's own letters decide (an English sentence quoting one Arabic word reads left to right).
 */
const mixedShare = 0.25;

/**
 * A line holding words of both directions reads in the direction of the paragraph it belongs to,
 * which its letters alone cannot tell: "AMS-LaTeX کلاف" in a Persian manual is the heading
 * "کلاف AMS-LaTeX" read right to left, though most of its letters are Latin. A mixed line (the fewer
 * letters at least `mixedShare` of them) whose letters lean the other way takes the direction most of
 * the document's letters read in when it starts at that direction's text edge of the page (the right
 * one for right-to-left text), near it and not the other (see `edgeReach`): that is where the
 * document's paragraphs start. Elsewhere (at both edges, justified; at neither, centred; at the
 * other edge: a producer that set right-to-left headings flush left) its own letters decide.
 */
export function withParagraphDirection(pages: readonly { elements: PageElement[] }[]): void {
  const letters = lettersByDirection(pages.flatMap((page) => linesOf(page.elements).flatMap((line) => line.runs)));
  if (letters.rightToLeft === 0 || letters.leftToRight === 0) return;
  const rightToLeft = letters.rightToLeft > letters.leftToRight;
  for (const page of pages) {
    const lines = linesOf(page.elements);
    const leftEdge = percentile(
      lines.map((line) => line.left),
      edgePercentile,
    );
    const rightEdge = percentile(
      lines.map((line) => line.right),
      100 - edgePercentile,
    );
    page.elements = page.elements.map((element) => {
      if (element.kind !== 'line' || element.line.turned || element.line.rtl === rightToLeft || !mixed(element.line)) return element;
      const { line } = element;
      const leftGap = Math.max(0, line.left - leftEdge);
      const rightGap = Math.max(0, rightEdge - line.right);
      const [startGap, endGap] = rightToLeft ? [rightGap, leftGap] : [leftGap, rightGap];
      if (startGap > edgeReach * line.fontSize || startGap * edgeContrast >= endGap) return element;
      return { kind: 'line', line: { ...lineOf(line.runs, rightToLeft), span: line.span } };
    });
  }
}

/** The text edges: the lines' left and right ends at this percentile (a stray margin note aside). */
const edgePercentile = 5;
/**
 * A line starts at an edge within this many font sizes of it (a heading's number may stand indented
 * in a box) and this many times nearer to it than to the other edge.
 */
const edgeReach = 3;
const edgeContrast = 3;

function linesOf(elements: readonly PageElement[]): Line[] {
  return elements.flatMap((element) => (element.kind === 'line' ? [element.line] : []));
}

function percentile(values: readonly number[], at: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round((at / 100) * (sorted.length - 1))))] ?? 0;
}

function mixed(line: Line): boolean {
  const letters = lettersByDirection(line.runs);
  const fewer = Math.min(letters.rightToLeft, letters.leftToRight);
  return fewer > 0 && fewer >= mixedShare * (letters.rightToLeft + letters.leftToRight);
}
