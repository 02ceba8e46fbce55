import { isLabel } from './chapter-labels';
import { isFurniture, isHeading, type ClassifiedBlock, type ClassifiedLines } from './classify-block';
import { textKey } from './headings';
import { isSlideDeck } from './slide-sections';

/** Sizes this close (points) are one style of title. */
const sizeTolerance = 0.5;
/** A slide that names at least this many headings of slides further away lists them: a contents (or agenda, or summary) slide. */
const minListedHeadings = 2;
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
 * The entries of a deck's contents slide: headings of a slide that says the names of two or more
 * headings of slides further away (numbered or not), and with them every heading it shares with
 * another slide. A contents slide lists the sections in the headings' size, each entry a name, none
 * of them opening a section on that slide; the section opens where its own slide says the name, and
 * a deck may show its contents again before each section. Pages that say a name one after another
 * are one slide built up, or continued, over them (`continuationTitles`): its title and a block's
 * title said on each page list nothing.
 * Only a deck qualifies (`isSlideDeck`): a book's contents are found by their page numbers.
 */
export function contentsSlideEntries(pages: readonly SlidePage[]): Set<ClassifiedLines> {
  const entries = new Set<ClassifiedLines>();
  if (!isSlideDeck(pages)) return entries;
  const namePages = new Map<string, Set<number>>();
  pages.forEach((page, index) => {
    for (const block of page.blocks.filter(isHeading)) {
      const key = nameOf(block.text);
      namePages.set(key, (namePages.get(key) ?? new Set()).add(index));
    }
  });
  pages.forEach((page, index) => {
    const headings = page.blocks.filter(isHeading);
    const listed = new Set(headings.map((block) => nameOf(block.text)).filter((name) => saidFarther(namePages.get(name)!, index)));
    if (listed.size < minListedHeadings) return;
    for (const block of headings) if (namePages.get(nameOf(block.text))!.size > 1) entries.add(block);
  });
  return entries;
}

/** Whether a name said on `pages` is said beyond the run of consecutive pages around `index` that say it. */
function saidFarther(pages: ReadonlySet<number>, index: number): boolean {
  let first = index;
  let last = index;
  while (pages.has(first - 1)) first--;
  while (pages.has(last + 1)) last++;
  return [...pages].some((page) => page < first || page > last);
}

function nameOf(text: string): string {
  return textKey(text.replace(sectionNumber, ''));
}

/**
 * Section dividers: a deck's slide that holds nothing but one heading (furniture and its label aside) opens a
 * section, and the slides after it, each under its own title, belong to it: the divider's heading
 * ranks above the slides' titles (`slideSection`), whatever its size. Set at the titles' level, it
 * would head an empty section, closed at once by the next slide's title.
 */
export function sectionDividers(pages: readonly SlidePage[]): Set<ClassifiedLines> {
  const dividers = new Set<ClassifiedLines>();
  if (!isSlideDeck(pages)) return dividers;
  for (const page of pages) {
    // A label set over the heading ("Section 1", demoted to text by `demoteChapterLabels`) is part of the divider.
    const content = page.blocks.filter(
      (block) => !isFurniture(block) && !(block.kind === 'lines' && block.label === 'text' && isLabel(block.text)),
    );
    const only = content[0];
    if (content.length === 1 && only && isHeading(only)) dividers.add(only);
  }
  return dividers;
}
