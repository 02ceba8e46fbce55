import { sideBySide } from './block-geometry';
import { isHeading, isFurniture, type ClassifiedBlock, type ClassifiedLines } from './classify-block';
import { relabel, type PageBlocks } from './document-headings';
import { textKey } from './headings';
import { unionBox } from './geometry';
import { listMarkerOf } from './list-markers';
import type { Line } from './types';

/**
 * Headings that one page shows to be something else: what sits beside them, what they repeat and
 * where they stand. Each rule reads the page's own geometry, never words (a form's field label is known by the colon
 * that ends it, in any script).
 */

/** Relabels as text the headings each page shows to be no heading (after the document-wide revision). Changes the pages in place. */
export function revisePageHeadings(pages: readonly PageBlocks[]): void {
  const asText = (block: ClassifiedLines): ClassifiedLines => ({ ...block, label: 'text' });
  for (const page of pages) {
    relabel([page], bulletedSiblings(page.blocks), asListItem);
    relabel([page], headingsBesideText(page.blocks), asText);
    relabel([page], smallerRepeats(page.blocks), asText);
    relabel([page], examplesBesideSource(page.blocks), asText);
    relabel([page], formFields(page.blocks), asText);
  }
  const cover = pages[0];
  if (cover) relabel([cover], titleBlockLines(cover.blocks, cover.width), asText);
}

/**
 * Headings that open with a bullet, where the block before or after opens with the same bullet: a list's items, set
 * larger than the text as a slide sets them ("• Launch lt.sln" over "• Select 'Properties' from the 'View' menu"). A
 * heading a glyph adorns ("■ Installation") heads text, not another item.
 */
function bulletedSiblings(blocks: readonly ClassifiedBlock[]): Set<ClassifiedLines> {
  // an item may hold a listing between it and the next ("• Open a explorer window on" over a path in a typewriter face)
  const content = blocks.filter(
    (block): block is ClassifiedLines => block.kind === 'lines' && !isFurniture(block) && block.label !== 'code',
  );
  const bullet = (block: ClassifiedLines | undefined): string | undefined => {
    const marker = block === undefined ? undefined : (block.marker ?? listMarkerOf(block.text));
    return marker && !marker.enumerated ? marker.marker : undefined;
  };
  const found = new Set<ClassifiedLines>();
  content.forEach((block, index) => {
    const own = bullet(block);
    if (!isHeading(block) || own === undefined) return;
    if (bullet(content[index - 1]) === own || bullet(content[index + 1]) === own) found.add(block);
  });
  return found;
}

/** A heading that opens with a list's marker, read as that list's item: its marker apart from its text, as an item's is. */
function asListItem(block: ClassifiedLines): ClassifiedLines {
  const marker = listMarkerOf(block.text);
  return marker ? { ...block, label: 'list_item', text: marker.rest, marker } : block;
}

const sectionNumbered = /^\p{Nd}+(?:\.\p{Nd}+)*\.?\s/u;
/** A field's label ends in a colon, in any script's form of it. */
const fieldLabel = /[:：﹕]\s*$/u;
const sectionNumber = /^(\p{Nd}+(?:\.\p{Nd}+)*)\.?\s/u;
/** A neighbour of this many lines at most is a cell or a piece of one line, not a column of text. */
const maxNeighbourLines = 3;
/** A cell or a line's head is set near the heading's size; a note in the margin beside a heading is smaller. */
const minNeighbourSize = 0.8;

/**
 * The fields of a form (a thesis's cover: "学生姓名：" beside the name, "Supervisor:" beside a professor's): a label
 * ending in a colon with its value on its line after it, both set large. Neither is a heading; a heading that ends in a
 * colon has nothing beside it.
 */
function formFields(blocks: readonly ClassifiedBlock[]): Set<ClassifiedLines> {
  const found = new Set<ClassifiedLines>();
  const content = blocks.filter((block): block is ClassifiedLines => block.kind === 'lines' && !isFurniture(block));
  content.forEach((label, index) => {
    const value = content[index + 1];
    if (!value || label.lines.length > 1 || value.lines.length > 1 || !fieldLabel.test(label.text)) return;
    if (!after(value, label) || !sideBySide(label, value)) return;
    for (const field of [label, value]) if (isHeading(field)) found.add(field);
  });
  return found;
}

/**
 * Headings after a short block of other text at their height: a cell of a table row that was not
 * found as a table ("Display" before "Description"), the tail of a justified line that the layout
 * split at a wide space, a word of a header row. A heading starts its line: text may follow it on
 * its line (a run-in heading opens its paragraph so), never precede it. Only the blocks read just
 * before and after are neighbours: a column beside holds text at every height. A section number
 * set apart from its title is no neighbour (it has no letters), a note in the margin neither (it is
 * smaller), and a numbered heading is left as it is (the numbers say it opens a section).
 */
export function headingsBesideText(blocks: readonly ClassifiedBlock[]): Set<ClassifiedLines> {
  const found = new Set<ClassifiedLines>();
  const content = blocks.filter((block) => !isFurniture(block));
  content.forEach((block, index) => {
    if (!isHeading(block) || sectionNumbered.test(block.text)) return;
    const neighbours = [content[index - 1], content[index + 1]].filter(
      (other): other is ClassifiedLines =>
        other?.kind === 'lines' &&
        other.label !== 'heading' &&
        other.lines.length <= maxNeighbourLines &&
        other.lines[0]!.fontSize >= minNeighbourSize * block.lines[0]!.fontSize &&
        /\p{L}/u.test(other.text),
    );
    if (neighbours.some((other) => before(other, block) && sideBySide(block, other))) found.add(block);
    else if (betweenTextOnItsLine(block, content[index - 1], content[index + 1])) found.add(block);
  });
  return found;
}

/**
 * Whether the blocks read just before and just after the heading stand on its line, one on each
 * side: the heading is the middle cell of a row (a navigation bar's title between its links to the
 * previous and the next page), whatever their size. A note in the margin stands on one side only.
 */
function betweenTextOnItsLine(heading: ClassifiedLines, previous: ClassifiedBlock | undefined, next: ClassifiedBlock | undefined): boolean {
  const flanks = [previous, next].filter(
    (other): other is ClassifiedLines =>
      other?.kind === 'lines' && other.label !== 'heading' && other.lines.length <= maxNeighbourLines && /\p{L}/u.test(other.text),
  );
  if (flanks.length < 2 || !flanks.every((other) => sideBySide(heading, other))) return false;
  return flanks.some((other) => before(other, heading)) && flanks.some((other) => after(other, heading));
}

/**
 * Headings set beside their source: an example's output, printed to the right of the smaller lines
 * that produce it ("\\Large larger font" beside the command, a colour's name beside the one that sets
 * it). The block read just before the heading lies before it at its height, set smaller, and reaches
 * into the column where the page's paragraphs start; a note in the margin beside a heading, smaller
 * too, ends before that column.
 */
export function examplesBesideSource(blocks: readonly ClassifiedBlock[]): Set<ClassifiedLines> {
  const found = new Set<ClassifiedLines>();
  const content = blocks.filter((block) => !isFurniture(block));
  const paragraphs = content.filter(
    (block): block is ClassifiedLines => block.kind === 'lines' && block.label === 'text' && block.lines.length > 1,
  );
  if (paragraphs.length === 0) return found;
  const columnStart = Math.min(...paragraphs.map((block) => unionBox(block.lines).left));
  content.forEach((block, index) => {
    const source = content[index - 1];
    if (!isHeading(block) || sectionNumbered.test(block.text) || source?.kind !== 'lines' || source.label === 'heading') return;
    const smaller = source.lines[0]!.fontSize < minNeighbourSize * block.lines[0]!.fontSize;
    const inColumn = unionBox(source.lines).right > columnStart;
    if (smaller && inColumn && before(source, block) && sideBySide(block, source)) found.add(block);
  });
  return found;
}

/**
 * Whether the block ends before the heading starts, in the heading's reading direction. Text after a
 * heading on its line is the paragraph a run-in heading opens.
 */
function before(other: ClassifiedLines, heading: ClassifiedLines): boolean {
  const box = unionBox(other.lines);
  const own = unionBox(heading.lines);
  return heading.lines[0]!.rtl ? box.left >= own.right : box.right <= own.left;
}

/** Whether the block starts after the heading ends, in the heading's reading direction. */
function after(other: ClassifiedLines, heading: ClassifiedLines): boolean {
  const box = unionBox(other.lines);
  const own = unionBox(heading.lines);
  return heading.lines[0]!.rtl ? box.right <= own.left : box.left >= own.right;
}

/**
 * Headings that say again, smaller, what a larger heading of the same page says: a navigation bar
 * naming the chapter above its title, a running title over the first page of its section. The
 * larger one is the heading.
 */
export function smallerRepeats(blocks: readonly ClassifiedBlock[]): Set<ClassifiedLines> {
  const headings = blocks.filter(isHeading);
  return new Set(
    headings.filter((heading) =>
      headings.some(
        (other) => textKey(other.text) === textKey(heading.text) && other.lines[0]!.fontSize > heading.lines[0]!.fontSize + 0.5,
      ),
    ),
  );
}

/** Lines centred under a title lie within this share of the page width of its centre. */
const titleAxisShare = 0.03;

/**
 * The lines of a title block set as headings: under the page's largest heading (the title), centred
 * on its axis, smaller, and followed by another short line rather than by running text (an author,
 * an address, a date, a version). A centred heading that opens running text ("Abstract") stays; so
 * does a numbered one over its first subsection. Lines centred one under the other (an author with
 * the affiliation under the name, a list of contributors) belong to the block however many they
 * are; the block ends at the first running text set otherwise.
 */
export function titleBlockLines(blocks: readonly ClassifiedBlock[], pageWidth: number): Set<ClassifiedLines> {
  const found = new Set<ClassifiedLines>();
  const content = blocks.filter((block) => !isFurniture(block));
  const headings = content.filter(isHeading);
  if (headings.length < 2) return found;
  const title = headings.reduce((best, h) => (h.lines[0]!.fontSize > best.lines[0]!.fontSize ? h : best));
  const axis = centreOf(title.lines[0]!);
  const onAxis = (block: ClassifiedLines): boolean => centredOn(block, axis, titleAxisShare * pageWidth);
  const opensText = (block: ClassifiedBlock | undefined): boolean => block !== undefined && isRunningText(block) && !onAxis(block);
  const titleNumber = sectionNumberOf(title.text);
  for (let index = content.indexOf(title) + 1; index < content.length; index++) {
    const block = content[index]!;
    if (opensText(block)) break;
    if (!isHeading(block) || !onAxis(block)) continue;
    if (block.lines[0]!.fontSize > title.lines[0]!.fontSize - 0.5) continue;
    const next = content[index + 1];
    // A number opens a date ("4 February 2021") as well as a section; a section's number continues
    // the title's ("4.1" under "4"), or the next heading is numbered under it ("1.1" under "1").
    const number = sectionNumberOf(block.text);
    const nextNumber = next !== undefined && isHeading(next) ? sectionNumberOf(next.text) : undefined;
    const continuesTitle = titleNumber !== undefined && number?.startsWith(`${titleNumber}.`);
    if (number !== undefined && (continuesTitle || nextNumber?.startsWith(`${number}.`))) continue;
    if (!opensText(next)) found.add(block);
  }
  return found;
}

/**
 * Whether every line of the block is centred on the axis and, with two lines or more, the lines
 * start at different places: centred lines of their own lengths, not a justified paragraph whose
 * full lines share a centre too.
 */
function centredOn(block: ClassifiedLines, axis: number, tolerance: number): boolean {
  if (!block.lines.every((line) => Math.abs(centreOf(line) - axis) <= tolerance)) return false;
  const lefts = block.lines.map((line) => line.left);
  return block.lines.length === 1 || Math.max(...lefts) - Math.min(...lefts) >= block.lines[0]!.fontSize;
}

function sectionNumberOf(text: string): string | undefined {
  return sectionNumber.exec(text)?.[1];
}

/** Text of two lines or more: a title block's lines stand one by one. */
function isRunningText(block: ClassifiedBlock): block is ClassifiedLines {
  return block.kind === 'lines' && (block.label === 'text' || block.label === 'list_item') && block.lines.length > 1;
}

function centreOf(line: Line): number {
  return (line.left + line.right) / 2;
}
