import { captionTargetOf, type CaptionTarget } from './captions';
import type { BodyStyle } from './document-style';
import { isFootnote, isFootnoteListItem } from './footnotes';
import { isFormula } from './formulas';
import { bodySizeShare, headingSizeRatio, isHeadingLike, isNumberedHeading, readsAsHeading } from './headings';
import { joinLines } from './hyphenation';
import { isNumberedSubheading, type ListMarker } from './list-markers';
import type { PageBlock } from './paragraphs';
import type { Line } from './types';

type BlockLabel = 'text' | 'heading' | 'list_item' | 'code' | 'formula' | 'caption' | 'footnote' | 'page_header' | 'page_footer';

export interface ClassifiedLines {
  kind: 'lines';
  label: BlockLabel;
  text: string;
  lines: Line[];
  marker?: ListMarker;
  captionTarget?: CaptionTarget;
  /** a slide deck's section name (`slideSectionLines`) */
  slideSection?: boolean;
  /** set in the left margin, beside or above the text it heads (`splitMarginHeading`, `isMarginHeadingLine`) */
  inMargin?: true;
  /** a letter group's name in an index (`promoteIndexLetters`): the document's lowest heading level */
  indexGroup?: true;
}

export type ClassifiedBlock = ClassifiedLines | Exclude<PageBlock, { kind: 'lines' }>;

const noLines: ReadonlySet<Line> = new Set();

/**
 * Labels one block of lines from its role, text and placement on the page. `nonHeadings` are lines
 * that the page's layout shows to be no heading whatever their style (table-of-contents rows).
 */
export function classifyBlock(block: PageBlock, pageHeight: number, body: BodyStyle, nonHeadings = noLines): ClassifiedBlock {
  if (block.kind !== 'lines') return block;
  const lines = block.lines;
  const mayBeHeading = !lines.some((line) => nonHeadings.has(line));
  if (block.role === 'furniture') {
    const label = lines[0]!.bottom > pageHeight / 2 ? 'page_header' : 'page_footer';
    return { kind: 'lines', label, text: joinLines(lines.map((l) => l.text)), lines };
  }
  if (block.role === 'code') {
    const text = lines.map((l) => l.text).join('\n');
    if (mayBeHeading && isNumberedCodeTitle(lines, text, body)) return { kind: 'lines', label: 'heading', text, lines };
    return { kind: 'lines', label: 'code', text, lines };
  }
  if (block.role === 'list_item' && block.marker) {
    const whole = joinLines(lines.map((l) => l.text));
    if (
      mayBeHeading &&
      (isNumberedHeading(lines, whole, body, block.marker.enumerated) || isNumberedSubheading(lines, block.marker, body))
    ) {
      return { kind: 'lines', label: 'heading', text: whole, lines };
    }
    if (isFootnoteListItem(lines, block.marker.marker, whole, pageHeight, body)) {
      return { kind: 'lines', label: 'footnote', text: whole, lines };
    }
    const text = joinLines([block.marker.rest, ...lines.slice(1).map((l) => l.text)]);
    return { kind: 'lines', label: 'list_item', text, lines, marker: block.marker };
  }
  const text = joinLines(lines.map((l) => l.text));
  // Text set across the page's lines (a table's column heads, a note up the margin) is read as it is: its box says
  // nothing of a heading's or a caption's place.
  if (lines.some((line) => line.turned)) return { kind: 'lines', label: 'text', text, lines };
  const captionTarget = captionTargetOf(text);
  if (captionTarget) return { kind: 'lines', label: 'caption', text, lines, captionTarget };
  if (isFormula(lines, text)) return { kind: 'lines', label: 'formula', text, lines };
  if (isFootnote(lines, text, pageHeight, body)) return { kind: 'lines', label: 'footnote', text, lines };
  // A heading in the margin is measured against the paragraph beside it, whose face it may be scaled to.
  const against = block.inMargin ? { ...body, fontSize: Math.min(body.fontSize, lines[0]!.fontSize) } : body;
  if (mayBeHeading && isHeadingLike(lines, text, against)) {
    return { kind: 'lines', label: 'heading', text, lines, ...(block.inMargin ? { inMargin: true as const } : {}) };
  }
  return { kind: 'lines', label: 'text', text, lines };
}

/**
 * A section title that names code in a typewriter face set as large as a heading, after its number in a bold proportional
 * face ("2 pstricks.sty"): no listing is set that large, nor numbers its lines in bold. A document may set its numbered
 * titles in a bold typewriter face throughout, at the text's size ("1.0.1 Minipage and accents"): a listing sets no
 * line bold from its number to its end.
 */
function isNumberedCodeTitle(lines: readonly Line[], text: string, body: BodyStyle): boolean {
  if (lines.length !== 1) return false;
  const [line] = lines;
  const runs = [...line!.runs].sort((a, b) => a.left - b.left);
  const first = runs[0]!;
  const numberAlone = first.bold && !first.monospace && /^\p{Nd}+(?:\.\p{Nd}+)*\.?$/u.test(first.text.trim());
  const largeTitle = numberAlone && line!.fontSize >= body.fontSize * headingSizeRatio;
  const boldTitle =
    !body.typewriter && runs.every((run) => run.bold) && sectionTitle.test(text) && line!.fontSize >= body.fontSize * bodySizeShare;
  return (largeTitle || boldTitle) && readsAsHeading(lines, text, body);
}

/** A section number, then a title that opens with a letter. */
const sectionTitle = /^\p{Nd}+(?:\.\p{Nd}+)*\.?\s+\p{L}/u;

export function isHeading(block: ClassifiedBlock): block is ClassifiedLines {
  return block.kind === 'lines' && block.label === 'heading';
}

/** A running header or footer, or a page number. */
export function isFurniture(block: ClassifiedBlock): boolean {
  return block.kind === 'lines' && (block.label === 'page_header' || block.label === 'page_footer');
}
