import type { ClassifiedBlock, ClassifiedLines } from './classify-block';
import type { BodyStyle } from './document-style';
import { headingSizeRatio, isHeadingLike } from './headings';
import type { Line } from './types';

/** A style is the document's heading style when at least this many headings that end no sentence are set in it. */
const minHeadingsOfStyle = 2;
/** Running text is a block of more lines than a heading wraps over. */
const minRunningTextLines = 4;
/** One period (not an ellipsis) or a colon closes the line. */
const closingMark = /(?<![.…])[.:：]$/u;
/** A sentence ends inside the line ("… Foundation. Licensed …", "options ! Mais…"): a heading names its section in one phrase. */
const innerSentenceEnd = /[\p{L})]\s?[.!?…]+\s+\S/u;
/** A word and a number set off by a dash or a stop ("Figure 3—An …", "Table 5. …"): a caption's label. */
const numberedLabel = /^\p{L}+\s*\p{Nd}+(?:[.-]\p{Nd}+)*\s*[—–.:-]/u;
/** What a heading heads: text, a list or a listing, set in a style other than its own. */
const headedKinds: ReadonlySet<string> = new Set(['text', 'list_item', 'code']);
/** A heading opens with a capital, a letter of an uncased script or a number: not with a sentence's lower-case middle or a path. */
const headingStart = /^[\p{Lu}\p{Lt}\p{Lo}\p{Nd}]/u;
/** Words as the text's scripts divide them: by spaces, or by their own marks (the tsheg between Tibetan syllables). */
const words = new Intl.Segmenter(undefined, { granularity: 'word' });

interface PageBlocks {
  blocks: ClassifiedBlock[];
}

/**
 * Headings that end in a period or a colon: a line read as text only for its closing mark, set in
 * the style (size and weight) that two or more of the document's headings have and that none of its
 * running text has. Translated manual pages end section names with a period ("Pátá položka
 * (fs_freq).") and help pages end some headings with a colon; a sentence or a lead-in is set in the
 * body's face, not in the face the document keeps for its headings, or wraps where a name ending in a period takes one
 * line (a warning set in bold over two lines). A colon after a heading set at
 * the body's size is a lead-in's ("Note:"), so a colon counts only on lines set larger than the body. Like any heading,
 * it heads text in another style and is said once on its page: a sample sentence set in a heading's size, among the
 * same sentence in other sizes, heads nothing. Not for a deck of slides (the caller's to tell): its titles are said again
 * slide after slide (see `continuationTitles`), and one ending with a period is often a statement on its slide.
 * Changes the pages' blocks in place.
 */
export function promotePunctuatedHeadings(pages: readonly PageBlocks[], body: BodyStyle): void {
  const blocks = pages.flatMap((page) => page.blocks.filter((block): block is ClassifiedLines => block.kind === 'lines'));
  const headingCounts = countByStyle(blocks.filter((block) => block.label === 'heading' && !closingMark.test(block.text)));
  const runningText = countByStyle(blocks.filter((block) => block.label === 'text' && block.lines.length >= minRunningTextLines));
  const promoted = (block: ClassifiedLines, next: ClassifiedBlock | undefined, page: PageBlocks): boolean => {
    if (
      block.label !== 'text' ||
      !closingMark.test(block.text) ||
      !headingStart.test(block.text) ||
      innerSentenceEnd.test(block.text) ||
      numberedLabel.test(block.text)
    ) {
      return false;
    }
    const style = styleKey(block.lines[0]!);
    if ((headingCounts.get(style) ?? 0) < minHeadingsOfStyle || runningText.has(style)) return false;
    if (next?.kind !== 'lines' || !headedKinds.has(next.label) || styleKey(next.lines[0]!) === style) return false;
    if (page.blocks.some((other) => other !== block && other.kind === 'lines' && other.text === block.text)) return false;
    const colon = !block.text.endsWith('.');
    // a name that ends in a period takes a line; a sentence set in bold wraps ("Note that the Foomatic interface … have" /
    // "been removed from the latest Gutenprint release.")
    if (!colon && block.lines.length > 1) return false;
    // a word alone before a colon is a label's ("NOTE:"), whatever its size
    if (colon && (block.lines[0]!.fontSize < body.fontSize * headingSizeRatio || isOneWord(block.text))) return false;
    return isHeadingLike(block.lines, block.text.slice(0, -1).trimEnd(), body);
  };
  for (const page of pages) {
    page.blocks = page.blocks.map((block, index) =>
      block.kind === 'lines' && promoted(block, page.blocks[index + 1], page) ? { ...block, label: 'heading' as const } : block,
    );
  }
}

function isOneWord(text: string): boolean {
  if (/\s/u.test(text.trim())) return false;
  return [...words.segment(text)].filter((segment) => segment.isWordLike).length < 2;
}

function countByStyle(blocks: readonly ClassifiedLines[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const block of blocks) counts.set(styleKey(block.lines[0]!), (counts.get(styleKey(block.lines[0]!)) ?? 0) + 1);
  return counts;
}

function styleKey(line: Line): string {
  return `${Math.round(line.fontSize * 2) / 2}|${line.bold ? 1 : 0}|${line.italic ? 1 : 0}`;
}
