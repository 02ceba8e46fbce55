import type { ClassifiedBlock, ClassifiedLines } from './classify-block';
import { numberingDepth } from './headings';
import type { Line } from './types';

/** A line within this share of the width of the widest other line of its page fills the column with it (`fillsColumn`). */
const fullWidthShare = 0.9;
/**
 * A style is running text when at least this share of its heading lines fill the column: a paragraph
 * cut into lines fills it with all but its last, and prose between code listings is cut into short
 * paragraphs, so a style of text fills it with a sixth of its lines and more (0.15 to 0.3 in package
 * manuals), while a heading fills it only when a long title wraps.
 */
const fullLineShare = 0.1;
/** ...and fills it this often at least: a few long titles that wrap make no running text. */
const minFullLines = 4;
/** A size whose headings mostly open with a section number ("2.1.1 …" in a regular face) sets headings, long as they are. */
const numberedShare = 0.5;

interface HeadingPage {
  blocks: readonly ClassifiedBlock[];
}

interface StyleLines {
  headings: ClassifiedLines[];
  /** headings that open with a section number */
  numbered: number;
  lines: number;
  fullLines: number;
}

/**
 * Headings that are lines of running text set larger than the document's commonest style: where a
 * package manual's code listings and index, set small, outweigh its prose, the prose reads as set
 * larger than the body, and each of its lines as a heading. A heading names a section in a few words
 * and seldom fills the column; a paragraph fills it with every line but its last. A regular (not
 * bold) size whose heading lines fill the column again and again sets text, not headings, unless
 * most of them open with a section number.
 */
export function runningTextHeadings(pages: readonly HeadingPage[]): Set<ClassifiedLines> {
  const bySize = new Map<number, StyleLines>();
  for (const page of pages) {
    const widths = page.blocks.flatMap((b) => (b.kind === 'lines' ? b.lines.map(width) : [])).sort((a, b) => b - a);
    for (const block of page.blocks) {
      if (block.kind !== 'lines' || block.label !== 'heading' || block.lines[0]!.bold) continue;
      const size = Math.round(block.lines[0]!.fontSize * 2) / 2;
      const style = bySize.get(size) ?? { headings: [], numbered: 0, lines: 0, fullLines: 0 };
      style.headings.push(block);
      if (numberingDepth(block.text) > 0) style.numbered++;
      style.lines += block.lines.length;
      style.fullLines += block.lines.filter((line) => fillsColumn(line, widths)).length;
      bySize.set(size, style);
    }
  }
  const running = [...bySize.values()].filter(
    (s) => s.fullLines >= minFullLines && s.fullLines >= fullLineShare * s.lines && s.numbered < numberedShare * s.headings.length,
  );
  return new Set(running.flatMap((style) => style.headings));
}

/**
 * Whether the line is about as wide as the widest other line of its page (`widths`: the page's line
 * widths, widest first). The column is shown by the text: a line much wider than every other line of
 * its page (a slide's title over shorter bullets, a title's long second line, the one line of a
 * section's title slide) shows none.
 */
function fillsColumn(line: Line, widths: readonly number[]): boolean {
  const own = width(line);
  const widestOther = own >= widths[0]! ? (widths[1] ?? 0) : widths[0]!;
  return Math.min(own, widestOther) >= fullWidthShare * Math.max(own, widestOther);
}

function width(line: Line): number {
  return line.right - line.left;
}
