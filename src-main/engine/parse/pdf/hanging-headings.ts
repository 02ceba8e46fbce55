import { isFurniture, type ClassifiedBlock, type ClassifiedLines } from './classify-block';

/** Lines start at one edge when their left sides are this close (points). */
const edgeTolerance = 1;
/** Headings alone at an edge make it the document's outer edge when there are at least this many. */
const minHangingHeadings = 3;
/**
 * Lines of text that start at that edge all the same, as a share of its headings: running lines not found as furniture
 * (each manual page's name and date at its foot, when a page number follows it) and a heading read as text with what
 * runs in after it. A definition list's terms start where paragraphs do, many lines each.
 */
const maxTextShare = 0.25;

/**
 * Headings hung out at an edge of their own: the document's text starts further in or elsewhere (but for a few lines,
 * `maxTextShare`), and at least three headings start there. A manual page sets its sections so ("NAME", "SYNOPSIS",
 * "DESCRIPTION" at the margin, every paragraph indented under them), and so do manuals laid out with side heads. Such a
 * heading looks like a definition list's term (a bold line at the text's size over text set further in), and in manual
 * pages printed together it comes back on every page like a label ("NAME" 36 times); but a term or a label starts where
 * the text around it does, and a heading at an edge no text reaches heads what hangs under it.
 */
export function hangingHeadings(pages: readonly { blocks: readonly ClassifiedBlock[] }[]): Set<ClassifiedLines> {
  // in whole points, counted by edge: a 300-page document has tens of thousands of lines
  const textEdges: number[] = [];
  const headings: ClassifiedLines[] = [];
  for (const page of pages) {
    const blocks = page.blocks.filter((block): block is ClassifiedLines => block.kind === 'lines' && !isFurniture(block));
    blocks.forEach((block, index) => {
      // A page's first and last lines may be running lines that change from page to page (each manual page's name and
      // date at the foot), which are not found as furniture and start at the margin.
      if (block.label === 'heading') headings.push(block);
      else if (index > 0 && index < blocks.length - 1) for (const line of block.lines) textEdges.push(Math.round(line.left));
    });
  }
  const textAt = countByEdge(textEdges);
  const headingsAt = countByEdge(headings.map((heading) => Math.round(heading.lines[0]!.left)));
  const near = (counts: Map<number, number>, edge: number): number =>
    [-edgeTolerance, 0, edgeTolerance].reduce((sum, offset) => sum + (counts.get(edge + offset) ?? 0), 0);
  return new Set(
    headings.filter((heading) => {
      const edge = Math.round(heading.lines[0]!.left);
      const headed = near(headingsAt, edge);
      return headed >= minHangingHeadings && near(textAt, edge) <= maxTextShare * headed;
    }),
  );
}

function countByEdge(edges: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const edge of edges) counts.set(edge, (counts.get(edge) ?? 0) + 1);
  return counts;
}
