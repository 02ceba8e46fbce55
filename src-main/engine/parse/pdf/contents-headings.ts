import { isHeading, type ClassifiedBlock, type ClassifiedLines } from './classify-block';
import { textKey } from './headings';

interface HeadingPage {
  blocks: readonly ClassifiedBlock[];
}

/** A page number closing an entry, after a space: Arabic or lower-case Roman. */
const trailingPageNumber = /\s+(?:\p{Nd}{1,4}|[ivxlc]{1,6})$/u;

/**
 * Headings that are a table of contents' entries: a title and a page number, where the title heads a section of a later
 * page. A contents whose page numbers follow their titles, ragged, makes no column of numbers for the line rules to
 * find, and its entries for chapters are set as large and bold as headings; the sections they name show what they are.
 * A heading is a title that closes with a number ("Symbols part 2") only where no later heading reads as its words alone.
 */
export function contentsEntryHeadings(pages: readonly HeadingPage[]): Set<ClassifiedLines> {
  const lastPageOf = new Map<string, number>();
  pages.forEach((page, at) => {
    for (const heading of page.blocks.filter(isHeading)) lastPageOf.set(textKey(heading.text), at);
  });
  const entries = new Set<ClassifiedLines>();
  pages.forEach((page, at) => {
    for (const heading of page.blocks.filter(isHeading)) {
      if (!trailingPageNumber.test(heading.text)) continue;
      const named = lastPageOf.get(textKey(heading.text.replace(trailingPageNumber, '')));
      if (named !== undefined && named > at) entries.add(heading);
    }
  });
  return entries;
}
