import type { ClassifiedBlock } from './classify-block';
import { textKey } from './headings';
import { bandOf, isPageNumber, type PageLines } from './furniture';
import { horizontalOverlap } from './geometry';
import type { Line } from './types';

/** Baselines this close (points) are one place on the slides. */
const slotTolerance = 1.5;
/** A place must hold a line on at least this share of the slides (and on three or more). */
const slotShare = 0.25;
/** Slides on which one name stays, on average, before the next: a frame's own title changes on every slide. */
const minMeanRun = 2;
const maxNameLength = 120;

/**
 * Slide decks (beamer's headlines, a presenter's theme) name the section a slide belongs to in a
 * line at one place at the top of every slide, its text the same over a run of slides and changing
 * where the next section starts: the deck's outline is written there and nowhere else. Returns the
 * first line of each run, which is that section's heading; the repeats stay what they are, the
 * section's name on each slide.
 *
 * Only a deck qualifies (`isSlideDeck`), and no line of the text elsewhere says the same
 * name larger or bolder than the line (a heading the top line merely repeats, as a book's running
 * head repeats its chapter's title). A place whose text never changes (a navigation bar) names no
 * section; the repeats of a name may be furniture (a long section's name is on most slides).
 */
export function slideSectionLines(pages: readonly (PageLines & { width: number })[]): Set<Line> {
  const sections = new Set<Line>();
  if (!isSlideDeck(pages)) return sections;
  const candidates = pages.map((page) =>
    page.lines.filter(
      (line) =>
        bandOf(line, page.height) === 'header' && line.text.length <= maxNameLength && /\p{L}/u.test(line.text) && !isPageNumber(line.text),
    ),
  );
  for (const slot of slotsOf(candidates)) {
    if (slot.length < Math.max(3, slotShare * pages.length)) continue;
    const runs = runsOf(slot);
    if (runs.length < 2 || slot.length / runs.length < minMeanRun) continue;
    const names = new Set(runs.map((run) => textKey(run[0]!.text)));
    const slides = pages.filter((page) => namesOn(page, names) < 2);
    for (const run of runs) if (!saidLouderElsewhere(run[0]!, slides)) sections.add(run[0]!);
  }
  return sections;
}

/** Three pages or more, most of them landscape: a deck of slides. */
export function isSlideDeck(pages: readonly { width: number; height: number }[]): boolean {
  return pages.length >= 3 && pages.filter((page) => page.width > page.height).length * 2 > pages.length;
}

/**
 * The candidate lines grouped by place, in page order, at most one line per page and place; a line
 * joins the place of the line it shares its place with on an earlier page.
 */
function slotsOf(candidates: readonly Line[][]): Line[][] {
  const slots: { lines: Line[]; lastPage: number }[] = [];
  candidates.forEach((lines, pageIndex) => {
    for (const line of lines) {
      const slot = slots.find(({ lines: held, lastPage }) => lastPage < pageIndex && samePlace(held.at(-1)!, line));
      if (slot) {
        slot.lines.push(line);
        slot.lastPage = pageIndex;
      } else slots.push({ lines: [line], lastPage: pageIndex });
    }
  });
  return slots.map((slot) => slot.lines);
}

/** On one baseline in one size, and over the same stretch of the width (the items of a navigation bar are not). */
function samePlace(a: Line, b: Line): boolean {
  return Math.abs(a.baseline - b.baseline) <= slotTolerance && Math.abs(a.fontSize - b.fontSize) <= 0.5 && horizontalOverlap(a, b) > 0;
}

/** Consecutive lines of a place that say the same. */
function runsOf(lines: readonly Line[]): Line[][] {
  const runs: Line[][] = [];
  for (const line of lines) {
    const last = runs.at(-1);
    if (last && textKey(last[0]!.text) === textKey(line.text)) last.push(line);
    else runs.push([line]);
  }
  return runs;
}

/** How many of the names a page's lines outside the top band say: two or more make it a contents slide. */
function namesOn(page: PageLines, names: ReadonlySet<string>): number {
  const said = new Set<string>();
  for (const line of page.lines) {
    const text = textKey(line.text);
    if (names.has(text) && bandOf(line, page.height) !== 'header') said.add(text);
  }
  return said.size;
}

/** Whether a line outside the top band of a slide (contents slides aside) says the same name in a larger size or a bolder face. */
function saidLouderElsewhere(name: Line, pages: readonly PageLines[]): boolean {
  const text = textKey(name.text);
  return pages.some((page) =>
    page.lines.some(
      (line) =>
        bandOf(line, page.height) !== 'header' &&
        textKey(line.text) === text &&
        (line.fontSize > name.fontSize + 0.5 || (line.bold && !name.bold)),
    ),
  );
}

/** Makes each block that holds only slide section names (`slideSectionLines`) a section heading of the deck's top level. */
export function markSlideSections(pages: readonly { blocks: ClassifiedBlock[] }[], sections: ReadonlySet<Line>): void {
  if (sections.size === 0) return;
  for (const page of pages) {
    page.blocks.forEach((block, index) => {
      if (block.kind !== 'lines' || !block.lines.every((line) => sections.has(line))) return;
      page.blocks[index] = { ...block, label: 'heading', slideSection: true };
    });
  }
}
