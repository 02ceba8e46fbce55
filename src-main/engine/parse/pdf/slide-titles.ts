import { isFurniture, isHeading, type ClassifiedBlock, type ClassifiedLines } from './classify-block';
import { textKey } from './document-headings';
import { isSlideDeck } from './slide-sections';

/** Sizes this close (points) are one style of title. */
const sizeTolerance = 0.5;

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
 * after other slides ("Example" later in the talk) opens a slide of its own. Only a deck qualifies
 * (`isSlideDeck`): a book repeats no heading at the top of the next page but as a running head.
 */
export function continuationTitles(pages: readonly SlidePage[]): Set<ClassifiedLines> {
  const repeats = new Set<ClassifiedLines>();
  if (!isSlideDeck(pages)) return repeats;
  pages.forEach((page, index) => {
    const previous = pages[index - 1];
    if (!previous) return;
    const before = previous.blocks.filter((block): block is ClassifiedLines => block.kind === 'lines' && !isFurniture(block));
    for (const block of page.blocks) {
      if (isHeading(block) && before.some((other) => sameTitle(block, other))) repeats.add(block);
    }
  });
  return repeats;
}

function sameTitle(a: ClassifiedLines, b: ClassifiedLines): boolean {
  return textKey(a.text) === textKey(b.text) && Math.abs(a.lines[0]!.fontSize - b.lines[0]!.fontSize) <= sizeTolerance;
}
