import type { ClassifiedBlock, ClassifiedLines } from './classify-block';
import { columnRightOf } from './column-edge';
import type { BodyStyle } from './document-style';
import { joinLines } from './hyphenation';
import { endsInLeadersAndNumber } from './toc-entries';
import type { Line } from './types';

/**
 * "3.1.2 Title", "۱.۲.۳ …", "A.1.2 Title" (in an appendix): a section number of two or more parts, then
 * the title, which opens with a letter or a number ("10.1.1 2003"); "6.5 & 6.6" lists sections.
 */
const subsectionNumber = /^((?:\p{Nd}{1,3}|\p{Lu})(?:\.\p{Nd}{1,3})+)\.?\s+([\p{L}\p{N}].*)$/u;
/** The number a heading opens with: "3", "3.1", or an appendix's "A.1" (a lone letter may be a title's first word). */
const headingNumber = /^(\p{Nd}{1,3}(?:\.\p{Nd}{1,3})*|\p{Lu}(?:\.\p{Nd}{1,3})+)\.?\s/u;
/** A line opening with a number of two or more parts ("1.2 …"): the next row of a contents list. */
const subsectionNumbered = /^(?:\p{Nd}+|\p{Lu})(?:\.\p{Nd}+)+\.?\s/u;
/** A subsection's title is a name, not a paragraph's opening sentence. */
const maxTitleLength = 100;
/** Set at the body's size or larger: smaller numbered lines are notes, captions or listings. */
const minSizeRatio = 0.95;
/** Lines whose baselines are closer than this share of the font size are on one row. */
const rowTolerance = 0.2;
/** A line that ends this many font sizes short of its column's right edge was broken, not wrapped. */
const wrapReach = 3;

interface PageBlocks {
  blocks: ClassifiedBlock[];
}

/**
 * Numbered subsections set in the body's own style ("3.1.1 UNIX" in the text's face and size, as
 * some classes set their lowest level): a line alone in its block, or a paragraph's first line that
 * ends short of the column (split off its paragraph), whose section number continues
 * the document's own numbering, the child of a section number that an earlier heading carries
 * ("3.1" before "3.1.1") or a sibling of one ("3.1.2" after "3.1.1"). The numbers a document gives
 * its headings say which numbered lines open sections; a numbered list restarts at 1 under no such
 * heading, and a table of contents comes before the sections it lists (a row led by dots to its page
 * number is one of its entries, alone on a page or not). Two such lines in a row with
 * no text between are a list of sections (a contents list), not headings; a heading stands alone on
 * its row, where a running head shares it with the chapter's name; a line said twice on its page (two
 * versions of a sample page side by side) numbers no section. Changes the pages' blocks in place.
 */
export function promoteNumberedSubsections(pages: readonly PageBlocks[], body: BodyStyle): void {
  const numbered = new Numbering();
  for (const page of pages) {
    page.blocks = page.blocks.flatMap((block, index): ClassifiedBlock[] => {
      if (block.kind !== 'lines') return [block];
      if (block.label === 'heading') {
        const number = sectionNumberOf(block);
        if (number) numbered.add(number);
        return [block];
      }
      const [head, rest] = splitLeadingLine(block);
      const number = candidateNumber(head, body);
      if (!number || !numbered.continuedBy(number)) return [block];
      const neighbours = rest ? [page.blocks[index - 1]] : [page.blocks[index - 1], page.blocks[index + 1]];
      if (neighbours.some((other) => other?.kind === 'lines' && candidateNumber(other, body))) return [block];
      if (sharesItsRow(head, page.blocks) || (rest && !endsShortOf(head, rest, page.blocks))) return [block];
      // the same line twice on a page is a repeated label or a running title, not a section's start
      if (page.blocks.some((other) => other !== block && other.kind === 'lines' && other.text === head.text)) return [block];
      numbered.add(number);
      return rest ? [{ ...head, label: 'heading' }, rest] : [{ ...block, label: 'heading' }];
    });
  }
}

/**
 * A paragraph's first line on its own, and the rest of the paragraph: a subsection title set in the
 * body's face with no more space below it than between lines is read into the paragraph it heads.
 */
function splitLeadingLine(block: ClassifiedLines): [ClassifiedLines, ClassifiedLines | undefined] {
  if (block.lines.length === 1) return [block, undefined];
  const [first, ...others] = block.lines;
  return [
    { ...block, text: first!.text.trim(), lines: [first!] },
    { ...block, text: joinLines(others.map((line) => line.text)), lines: others },
  ];
}

/**
 * A title ends its line: a paragraph's first line runs on to the column's edge unless a line break
 * ends it. A numbered line under it that ends short as well makes the block a list of sections (a
 * contents list); a paragraph may open with a number that runs on ("2.1 節でも言及したように…").
 */
function endsShortOf(head: ClassifiedLines, rest: ClassifiedLines, blocks: readonly ClassifiedBlock[]): boolean {
  const line = head.lines[0]!;
  const pageLines = blocks.flatMap((block) => (block.kind === 'lines' ? block.lines : []));
  const columnRight = Math.max(columnRightOf(line, pageLines), ...rest.lines.map((other) => other.right));
  const endsShort = (other: Line): boolean => other.right < columnRight - wrapReach * other.fontSize;
  const next = rest.lines[0]!;
  return endsShort(line) && !(subsectionNumbered.test(next.text) && endsShort(next));
}

/** Another line on the page's row beside it: a running head names the section beside the chapter's name. */
function sharesItsRow(block: ClassifiedLines, blocks: readonly ClassifiedBlock[]): boolean {
  const line = block.lines[0]!;
  return blocks.some(
    (other) =>
      other !== block &&
      other.kind === 'lines' &&
      // a line number in the margin shares every row
      other.lines.some((own) => own !== line && !own.lineNumber && Math.abs(own.baseline - line.baseline) < rowTolerance * line.fontSize),
  );
}

function sectionNumberOf(block: ClassifiedLines): string | undefined {
  const number = headingNumber.exec(block.text)?.[1];
  return number === undefined ? undefined : inReadingOrder(number, block);
}

/** A right-to-left line shows a section number's parts from the right: "۳.۴.۲" is section ۲.۴.۳. */
function inReadingOrder(number: string, block: ClassifiedLines): string {
  return block.lines[0]!.rtl ? number.split('.').reverse().join('.') : number;
}

/** The section number of a block that could be a body-style subsection heading. */
function candidateNumber(block: ClassifiedLines, body: BodyStyle): string | undefined {
  if (block.label !== 'text' || block.lines.length !== 1) return undefined;
  const line = block.lines[0]!;
  // The number is set in the heading's own size; the names in it may be in a face scaled down to the
  // text's x-height (a TeX sans or typewriter face), which then holds most of its letters.
  const size = Math.max(line.fontSize, line.runs[0]?.fontSize ?? 0);
  if (line.monospace || size < body.fontSize * minSizeRatio) return undefined;
  const match = subsectionNumber.exec(block.text);
  const title = match?.[2];
  if (!match || !title || title.length > maxTitleLength || /[.,;:!?]$/u.test(title) || endsInLeadersAndNumber(title)) return undefined;
  return inReadingOrder(match[1]!, block);
}

/** The section numbers the headings read so far carry, and their parents. */
class Numbering {
  private readonly numbers = new Set<string>();
  private readonly parents = new Set<string>();

  add(number: string): void {
    this.numbers.add(number);
    this.parents.add(parentOf(number));
  }

  /** Its parent numbers a heading, or a sibling does (a heading with the same parent). */
  continuedBy(number: string): boolean {
    const parent = parentOf(number);
    return this.numbers.has(parent) || this.parents.has(parent);
  }
}

function parentOf(number: string): string {
  return number.slice(0, Math.max(0, number.lastIndexOf('.')));
}
