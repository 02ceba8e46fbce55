import type { ClassifiedBlock, ClassifiedLines } from './classify-block';
import { isCentredInColumn, textAreaOf } from './centred-lines';
import type { BodyStyle } from './document-style';
import { readsAsHeading } from './headings';
import { joinLines } from './hyphenation';
import { atBodySize, paragraphSpace } from './spaced-headings';
import type { Line } from './types';

interface PageOfBlocks {
  blocks: ClassifiedBlock[];
}

/** A heading stands apart from the text before it by this many of the document's paragraph spaces at least. */
const sectionSpaceRatio = 1.3;
/** Without paragraphs to measure, by this many font sizes. */
const sectionSpaceInSizes = 2;
/** A section's number before a centred title ("2. MANUSCRIPT STYLES", "A. APPENDIX"): a list's own markers are never centred. */
const sectionNumber = /^(\d{1,3}|[A-Z]|[IVX]{1,5})\.$/;
/** Words this long or longer are capitalised in a title set in headline style; shorter ones may be articles and particles. */
const minHeadlineWordLength = 4;

/**
 * Headings set apart by their place alone, in the body's face and size, as papers and theses in the Chicago, Turabian or
 * APA style set them: a line or two centred in the column, in capitals or capitalised headline style, with more space
 * above it than the document puts between its paragraphs (or at the top of a page), over text
 * that is not centred. A cover's or a poem's centred lines have centred lines under them, a centred formula or a
 * sentence is no title. Changes the pages' blocks in place.
 */
export function promoteCentredHeadings(pages: readonly PageOfBlocks[], body: BodyStyle): void {
  const paragraph = paragraphSpace(pages, body);
  const apart = (space: number | undefined, size: number): boolean =>
    space !== undefined && space >= (paragraph === undefined ? sectionSpaceInSizes * size : sectionSpaceRatio * paragraph);
  const linesOf = (page: PageOfBlocks): Line[] => page.blocks.flatMap((block) => (block.kind === 'lines' ? block.lines : []));
  const textArea = textAreaOf(pages.flatMap(linesOf).filter((line) => atBodySize(line, body)));
  for (const page of pages) {
    const pageLines = linesOf(page);
    const centred = (line: Line): boolean => isCentredInColumn(line, pageLines, textArea);
    page.blocks = page.blocks.map((block, index) => {
      if (block.kind !== 'lines') return block;
      const { marker, ...unmarked } = block;
      const numbered = block.label === 'list_item' && marker !== undefined && sectionNumber.test(marker.marker);
      if (block.label !== 'text' && !numbered) return block;
      const text = numbered ? joinLines(block.lines.map((line) => line.text)) : block.text;
      const size = block.lines[0]!.fontSize;
      if (!block.lines.every((line) => atBodySize(line, body) && centred(line))) return block;
      if (!readsAsHeading(block.lines, text, body) || !isCapitalisedTitle(text)) return block;
      const next = page.blocks[index + 1];
      if (next?.kind !== 'lines' || (next.label !== 'text' && next.label !== 'list_item') || centred(next.lines[0]!)) return block;
      const above = stepFrom(page.blocks[index - 1], block);
      const setApart = above === undefined ? firstOnPage(page.blocks, index) : apart(above, size);
      return setApart ? { ...unmarked, label: 'heading', text } : block;
    });
  }
}

/** Whether a text of a cased script is set in capitals, or in headline style: its first word and every longer word capitalised. */
export function isCapitalisedTitle(text: string): boolean {
  // capitals are read in scripts with case; letters without case (CJK, Arabic) say nothing of them
  if (/\p{Lo}/u.test(text)) return false;
  const words = text.match(/\p{L}+/gu) ?? [];
  if (words.length === 0 || !/^\p{Lu}/u.test(words[0]!)) return false;
  if (words.every((word) => word === word.toUpperCase())) return true;
  return words.every((word) => [...word].length < minHeadlineWordLength || /^\p{Lu}/u.test(word));
}

/**
 * The step down from the last line of a block to the first of the block read after it, however far (two blank lines of
 * a double-spaced paper are farther than a step within a section); undefined for furniture, or where it is not below.
 */
function stepFrom(upper: ClassifiedBlock | undefined, lower: ClassifiedBlock | undefined): number | undefined {
  if (upper?.kind !== 'lines' || lower?.kind !== 'lines' || isFurnitureBlock(upper) || isFurnitureBlock(lower)) return undefined;
  const step = upper.lines[upper.lines.length - 1]!.baseline - lower.lines[0]!.baseline;
  return step > 0 ? step : undefined;
}

/** Whether no text of the page's body comes before the block: the page's furniture aside, it opens the page. */
function firstOnPage(blocks: readonly ClassifiedBlock[], index: number): boolean {
  return blocks.slice(0, index).every((block) => block.kind === 'lines' && isFurnitureBlock(block));
}

function isFurnitureBlock(block: ClassifiedLines): boolean {
  return block.label === 'page_header' || block.label === 'page_footer';
}
