import { isFurniture, isHeading, type ClassifiedBlock, type ClassifiedLines } from './classify-block';
import { textKey } from './document-headings';
import { isSlideDeck } from './slide-sections';

/** Sizes this close (points) are one style of title. */
const sizeTolerance = 0.5;
/** A slide that names the headings of at least this many of the deck's other slides lists them: a contents (or agenda, or summary) slide. */
const minListedHeadings = 2;
/** Boxes this close (points) stand at one place of their slides. */
const placeTolerance = 1;
const sectionNumber = /^\p{Nd}+(?:\.\p{Nd}+)*\.?\s+/u;

interface SlidePage {
  width: number;
  height: number;
  blocks: readonly ClassifiedBlock[];
}

/**
 * Titles said again on the next slide: a deck builds a slide up over consecutive pages (beamer's
 * overlays) and continues a long one on the next, each page repeating the slide's title in its
 * size. The slide's heading is the first page's; on the pages after it the title is the slide's
 * text again, as its bullets are. Only titles repeated on consecutive pages: a title that comes back
 * after other slides ("Example" later in the talk) opens a slide of its own, and so does a title that
 * a contents slide listed just before (`contentsEntries`, see `contentsSlideEntries`). Only a deck
 * qualifies (`isSlideDeck`): a book repeats no heading at the top of the next page but as a running head.
 */
export function continuationTitles(pages: readonly SlidePage[], contentsEntries: ReadonlySet<ClassifiedLines>): Set<ClassifiedLines> {
  const repeats = new Set<ClassifiedLines>();
  if (!isSlideDeck(pages)) return repeats;
  pages.forEach((page, index) => {
    const previous = pages[index - 1];
    if (!previous) return;
    const before = previous.blocks.filter(
      (block): block is ClassifiedLines => block.kind === 'lines' && !isFurniture(block) && !contentsEntries.has(block),
    );
    for (const block of page.blocks) {
      if (isHeading(block) && before.some((other) => sameTitle(block, other))) repeats.add(block);
    }
  });
  return repeats;
}

function sameTitle(a: ClassifiedLines, b: ClassifiedLines): boolean {
  return textKey(a.text) === textKey(b.text) && Math.abs(a.lines[0]!.fontSize - b.lines[0]!.fontSize) <= sizeTolerance;
}

/**
 * The entries of a deck's contents slide: headings of a slide that says the names of headings of
 * two or more other slides (numbered or not). A contents slide lists the sections in the headings'
 * size, each entry a name, none of them opening a section on that slide; the section opens where
 * its own slide says the name, at another place. A slide naming the headings of one other slide is
 * no list (a title said again), nor is a slide built up over several pages, each page saying its
 * titles at the same places.
 * Only a deck qualifies (`isSlideDeck`): a book's contents are found by their page numbers.
 */
export function contentsSlideEntries(pages: readonly SlidePage[]): Set<ClassifiedLines> {
  const entries = new Set<ClassifiedLines>();
  if (!isSlideDeck(pages)) return entries;
  const saidAt = new Map<string, { index: number; block: ClassifiedLines }[]>();
  pages.forEach((page, index) => {
    for (const block of page.blocks.filter(isHeading)) {
      const key = nameOf(block.text);
      saidAt.set(key, [...(saidAt.get(key) ?? []), { index, block }]);
    }
  });
  pages.forEach((page, index) => {
    // The first other slide that says the heading's name elsewhere on it.
    const listedFrom = (block: ClassifiedLines): number | undefined =>
      saidAt.get(nameOf(block.text))!.find((other) => other.index !== index && !samePlace(other.block, block))?.index;
    const listed = page.blocks.filter(isHeading).filter((block) => listedFrom(block) !== undefined);
    if (new Set(listed.map(listedFrom)).size >= minListedHeadings) for (const block of listed) entries.add(block);
  });
  return entries;
}

/** Whether two blocks start at one place of their slides (within a point). */
function samePlace(a: ClassifiedLines, b: ClassifiedLines): boolean {
  const [lineA, lineB] = [a.lines[0]!, b.lines[0]!];
  return Math.abs(lineA.top - lineB.top) <= placeTolerance && Math.abs(lineA.left - lineB.left) <= placeTolerance;
}

function nameOf(text: string): string {
  return textKey(text.replace(sectionNumber, ''));
}

/**
 * Section dividers: a deck's slide that holds nothing but one heading (furniture aside) opens a
 * section, and the slides after it, each under its own title, belong to it: the divider's heading
 * ranks above the slides' titles (`slideSection`), whatever its size. Set at the titles' level, it
 * would head an empty section, closed at once by the next slide's title.
 */
export function sectionDividers(pages: readonly SlidePage[]): Set<ClassifiedLines> {
  const dividers = new Set<ClassifiedLines>();
  if (!isSlideDeck(pages)) return dividers;
  for (const page of pages) {
    const content = page.blocks.filter((block) => !isFurniture(block));
    const only = content[0];
    if (content.length === 1 && only && isHeading(only)) dividers.add(only);
  }
  return dividers;
}
