import { isHeading, type ClassifiedBlock, type ClassifiedLines } from './classify-block';
import type { BodyStyle } from './document-style';
import { bodySizeShare, headingSizeRatio, isHeadingLike, numberingDepth } from './headings';
import type { Line } from './types';

interface PageOfBlocks {
  blocks: ClassifiedBlock[];
}

/** Sizes this close (points) are one size. */
const sameSize = 0.5;
/** Space this far (font sizes) beyond the paragraphs' is space of its own; less is the paragraphs' space. */
const spaceTolerance = 0.15;
/** Headings of larger styles stand apart from their text by this many paragraph spaces at least. */
const sectionSpaceRatio = 1.3;
/** A lead-in has at least this share of the space the larger headings have above them. */
const sectionSpaceShare = 0.8;
/** A step down the page further than this many font sizes skips something (a figure, a table): no paragraph space. */
const maxSpace = 4;

/**
 * Headings set apart by weight alone in a document whose sections are set apart by space: a manual
 * page typeset by groff puts a bold option term (a tagged paragraph's tag) at the body's size with
 * a paragraph's space above, and its sections and subsections in bold with more space above than
 * below. Where the headings set larger stand apart by clearly more than the space between the
 * document's paragraphs, a bold line at the body's size with no more than a paragraph's space above
 * it opens no section: it is a term of a list. Where the larger headings stand nearer the text they
 * head than the text before them, a bold line with no more space above than below belongs to
 * neither side more than the other: a term too (a tag over its indented description, or over the
 * next tag). A line ending in a colon that has a section's space above and a paragraph's below is a
 * subsection, not a lead-in: "Special characters:" over its list. The headings `kept` stay headings however they are
 * spaced: the subheadings of a template repeated section by section ("Syntax" under every function), headings hung out
 * at an edge of their own (a manual page's "NAME"). Changes the pages' blocks in place.
 */
export function reviseHeadingsBySpace(
  pages: readonly PageOfBlocks[],
  body: BodyStyle,
  kept: ReadonlySet<ClassifiedBlock> = new Set(),
): void {
  const larger = largerHeadingSpaces(pages, body);
  if (larger.length === 0) return;
  const sectionSpace = median(larger.map((space) => space.above));
  const found = paragraphSpace(pages, body);
  const paragraph = found !== undefined && sectionSpace >= sectionSpaceRatio * found ? found : undefined;
  const nearerBelow = larger.filter((space) => space.below !== undefined && space.above > sectionSpaceRatio * space.below);
  const headsBelow = 2 * nearerBelow.length > larger.length;
  if (paragraph === undefined && !headsBelow) return;
  for (const page of pages) {
    page.blocks = page.blocks.map((block, index) => {
      if (block.kind !== 'lines') return block;
      const line = block.lines[0]!;
      const above = spaceAbove(page.blocks, index);
      if (above === undefined || !atBodySize(line, body)) return block;
      const below = spaceBelow(page.blocks, index);
      const tolerance = spaceTolerance * line.fontSize;
      const paragraphSpaced = paragraph !== undefined && above <= paragraph + tolerance;
      const noNearerBelow = headsBelow && below !== undefined && above <= below + tolerance;
      if (
        isHeading(block) &&
        !kept.has(block) &&
        isTermByWeight(block, body) &&
        (paragraphSpaced || noNearerBelow) &&
        !afterOtherHeading(page.blocks, index)
      ) {
        return { ...block, label: 'text' };
      }
      if (block.label !== 'text' || paragraph === undefined || below === undefined || below < paragraph - tolerance) return block;
      const spaced = above >= sectionSpaceRatio * paragraph && above >= sectionSpaceShare * sectionSpace;
      return spaced && isSpacedLeadIn(block, body) ? { ...block, label: 'heading' } : block;
    });
  }
}

export function atBodySize(line: Line, body: BodyStyle): boolean {
  return line.fontSize >= body.fontSize * bodySizeShare && line.fontSize < body.fontSize * headingSizeRatio;
}

/** Bold where the body is not, at the body's size, without a section number. */
function isTermByWeight(block: ClassifiedLines, body: BodyStyle): boolean {
  return !body.bold && block.lines.every((line) => line.bold) && numberingDepth(block.text) === 0;
}

/** One bold line ending in a colon that would read as a heading without it. */
function isSpacedLeadIn(block: ClassifiedLines, body: BodyStyle): boolean {
  if (block.lines.length !== 1 || !isTermByWeight(block, body) || !/[:：]$/u.test(block.text)) return false;
  // A title opens with a capital (or a letter without case); a line in lower case goes on from what came before.
  if (/^\p{Ll}/u.test(block.text)) return false;
  const name = block.text.replace(/\s*[:：]$/u, '');
  return isHeadingLike(block.lines, name, body);
}

/**
 * The commonest step from a paragraph's last line down to the next paragraph's first, both in the
 * plain face at the body's size, in points (half-point steps); undefined without such pairs.
 */
export function paragraphSpace(pages: readonly PageOfBlocks[], body: BodyStyle): number | undefined {
  const counts = new Map<number, number>();
  for (const page of pages) {
    page.blocks.forEach((block, index) => {
      const previous = page.blocks[index - 1];
      if (block.kind !== 'lines' || block.label !== 'text' || previous?.kind !== 'lines' || previous.label !== 'text') return;
      const last = previous.lines[previous.lines.length - 1]!;
      const first = block.lines[0]!;
      if (first.bold || last.bold || !atBodySize(first, body) || !atBodySize(last, body)) return;
      const step = last.baseline - first.baseline;
      if (step <= 0 || step > maxSpace * first.fontSize || !overlaps(last, first)) return;
      const key = Math.round(step * 2) / 2;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    });
  }
  let best: number | undefined;
  for (const [step, count] of counts) if (best === undefined || count > counts.get(best)!) best = step;
  return best;
}

interface SpaceAround {
  above: number;
  below: number | undefined;
}

/** The space above and below each heading set larger than the body's size (by any amount), in points. */
function largerHeadingSpaces(pages: readonly PageOfBlocks[], body: BodyStyle): SpaceAround[] {
  return pages.flatMap((page) =>
    page.blocks.flatMap((block, index) => {
      if (!isHeading(block) || block.lines[0]!.fontSize < body.fontSize + sameSize) return [];
      const above = spaceAbove(page.blocks, index);
      return above === undefined ? [] : [{ above, below: spaceBelow(page.blocks, index) }];
    }),
  );
}

/** The step from the last line of the block read before down to this block's first line, when it lies above. */
export function spaceAbove(blocks: readonly ClassifiedBlock[], index: number): number | undefined {
  const previous = blocks[index - 1];
  const block = blocks[index]!;
  if (previous?.kind !== 'lines' || block.kind !== 'lines' || isFurnitureLabel(previous)) return undefined;
  return stepDown(previous.lines[previous.lines.length - 1]!, block.lines[0]!);
}

export function spaceBelow(blocks: readonly ClassifiedBlock[], index: number): number | undefined {
  const next = blocks[index + 1];
  const block = blocks[index]!;
  if (next?.kind !== 'lines' || block.kind !== 'lines' || isFurnitureLabel(next)) return undefined;
  return stepDown(block.lines[block.lines.length - 1]!, next.lines[0]!);
}

function stepDown(upper: Line, lower: Line): number | undefined {
  const step = upper.baseline - lower.baseline;
  return step > 0 && step <= maxSpace * lower.fontSize && overlaps(upper, lower) ? step : undefined;
}

/**
 * A subsection may follow its section's heading with no more than a paragraph's space: a heading of
 * another style (larger, or numbered where this one is not) just above leaves the line a heading. A
 * term follows terms of its own style.
 */
function afterOtherHeading(blocks: readonly ClassifiedBlock[], index: number): boolean {
  const previous = blocks[index - 1];
  const block = blocks[index];
  if (previous === undefined || !isHeading(previous) || block?.kind !== 'lines') return false;
  const larger = previous.lines[0]!.fontSize > block.lines[0]!.fontSize + sameSize;
  return larger || numberingDepth(previous.text) > numberingDepth(block.text);
}

function isFurnitureLabel(block: ClassifiedLines): boolean {
  return block.label === 'page_header' || block.label === 'page_footer';
}

function overlaps(a: Line, b: Line): boolean {
  return Math.min(a.right, b.right) > Math.max(a.left, b.left);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
