import type { ClassifiedBlock, ClassifiedLines } from './classify-block';
import type { BodyStyle } from './document-style';
import { horizontalOverlap } from './geometry';
import { isHeadingLike } from './headings';
import type { Line } from './types';

/** The text under such a heading is a paragraph, not a label's single line. */
const minTextLines = 2;
/** Sizes this close (points) are one size. */
const sizeTolerance = 0.5;
/** The rows of a contents list under a chapter's row: numbered, or led by dots to a page number. */
const sectionNumbered = /^\p{Nd}+(?:\.\p{Nd}+)*\.?\s/u;
const dotLeaderTail = /(?:\.\s*){3,}\p{Nd}*$/u;

/**
 * Headings of a passage set smaller than the body (a two-column section, a sidebar): a block in
 * bold, where the body is not, directly over a paragraph of its own size in the plain face. Measured
 * against the body of the whole document it is small text; against the text it heads it is set apart
 * by weight, as a heading at the body's size is. A word processor's minor headings are set so too, in a bold face of
 * another family than the text's, over the text at its own size, nearer it than the text before them ("Page Size" in a
 * sans at 10.5 points over Times at 12, Writer's Heading 4). A chapter's row in a contents list heads numbered
 * rows and dot leaders, not a paragraph. A style heads passages when at least half of its bold
 * blocks do: the labels of a change log or an index head entries, lists and page references, and
 * only now and then a line of text. Changes the pages' blocks in place.
 */
export function promoteHeadingsOfSmallerText(pages: readonly { blocks: ClassifiedBlock[] }[], body: BodyStyle): void {
  if (body.bold) return;
  const leadsByStyle = new Map<number, number>();
  const promoted = new Map<ClassifiedLines, number>();
  for (const page of pages) {
    page.blocks.forEach((block, index) => {
      if (!isBoldLead(block, body)) return;
      const style = styleOf(block);
      leadsByStyle.set(style, (leadsByStyle.get(style) ?? 0) + 1);
      const next = page.blocks[index + 1];
      if (next?.kind !== 'lines' || !(isPlainText(next, block) || isBodyTextUnderSideHead(next, block, page.blocks[index - 1], body)))
        return;
      if (isHeadingLike(block.lines, block.text, { fontSize: block.lines[0]!.fontSize, bold: false })) promoted.set(block, style);
    });
  }
  const headsByStyle = new Map<number, number>();
  for (const style of promoted.values()) headsByStyle.set(style, (headsByStyle.get(style) ?? 0) + 1);
  const heads = (block: ClassifiedLines): boolean => {
    const style = promoted.get(block);
    return style !== undefined && headsByStyle.get(style)! >= minHeadingShare * leadsByStyle.get(style)!;
  };
  for (const page of pages) {
    page.blocks = page.blocks.map((block) => (block.kind === 'lines' && heads(block) ? { ...block, label: 'heading' } : block));
  }
}

/** At least this share of a style's bold blocks head a passage for the style to be one of headings. */
const minHeadingShare = 0.5;

function styleOf(block: ClassifiedLines): number {
  return Math.round(block.lines[0]!.fontSize / sizeTolerance);
}

function isBoldLead(block: ClassifiedBlock, body: BodyStyle): block is ClassifiedLines {
  return block.kind === 'lines' && block.label === 'text' && block.lines.every((l) => l.bold && l.fontSize < body.fontSize - sizeTolerance);
}

/**
 * The body's text, in its face and size, under a smaller bold lead of another family (see `promoteHeadingsOfSmallerText`),
 * the lead nearer it than the block before the lead.
 */
function isBodyTextUnderSideHead(
  block: ClassifiedLines,
  lead: ClassifiedLines,
  before: ClassifiedBlock | undefined,
  body: BodyStyle,
): boolean {
  if (!body.family || !lead.lines.every((l) => l.family !== undefined && l.family !== body.family)) return false;
  const inBodyFace = (l: Line): boolean => l.family === body.family && Math.abs(l.fontSize - body.fontSize) <= sizeTolerance;
  if (!opensUnder(block, lead, inBodyFace)) return false;
  if (before?.kind !== 'lines') return true;
  const [first, last] = [block.lines[0]!, lead.lines[lead.lines.length - 1]!];
  const above = before.lines[before.lines.length - 1]!.bottom - lead.lines[0]!.top;
  return above > last.bottom - first.top;
}

function isPlainText(block: ClassifiedLines, above: ClassifiedLines): boolean {
  const leadSize = above.lines[above.lines.length - 1]!.fontSize;
  return (
    !sectionNumbered.test(block.lines[0]!.text) &&
    !block.lines.some((l) => dotLeaderTail.test(l.text)) &&
    opensUnder(block, above, (l) => Math.abs(l.fontSize - leadSize) <= sizeTolerance)
  );
}

/** A paragraph of text in the plain face `inFace` tells, opening under the lead and beside it. */
function opensUnder(block: ClassifiedLines, lead: ClassifiedLines, inFace: (line: Line) => boolean): boolean {
  const first = block.lines[0]!;
  const last = lead.lines[lead.lines.length - 1]!;
  return (
    block.label === 'text' &&
    block.lines.length >= minTextLines &&
    block.lines.every((l) => !l.bold && inFace(l)) &&
    first.baseline < last.baseline &&
    horizontalOverlap(first, last) > 0
  );
}
