import type { BodyStyle } from './document-style';
import type { Line } from './types';

const sectionNumber = /^((?:\d{1,2}\.)*\d{1,2}\.?|[A-Z]\.|[IVX]{1,5}\.)\s+\S/;
/** Bigger than body text by this factor reads as a heading on size alone. */
export const headingSizeRatio = 1.12;
const maxHeadingLength = 200;

export interface HeadingStyle {
  fontSize: number;
  bold: boolean;
}

/**
 * Whether a block of lines reads as a heading: short, not a sentence, and set apart from the
 * body by size, weight or a section number in a bold or larger face.
 */
export function isHeadingLike(lines: readonly Line[], text: string, body: BodyStyle): boolean {
  if (lines.length > 3 || text.length < 2 || text.length > maxHeadingLength) return false;
  if (!/\p{L}/u.test(text) || /[,;]$/.test(text) || closesUnopenedBracket(text)) return false;
  // A heading names a section; a line that ends a sentence (one period, not an ellipsis) or leads
  // into what follows (a colon) is text: a cross-reference, an example's label, a lead-in. A section
  // number says heading whatever the end ("6.12 Formatting title, booktitle, etc.").
  if (/(?<!\.)\.$|[:：]$/u.test(text) && !sectionNumber.test(text)) return false;
  const first = lines[0]!;
  if (lines.some((l) => Math.abs(l.fontSize - first.fontSize) > 0.5 || l.bold !== first.bold)) return false;
  if (first.fontSize < body.fontSize * 0.95) return false;
  if (first.fontSize >= body.fontSize * headingSizeRatio) return !/^[\d\s.,%$()-]+$/.test(text);
  const bolder = first.bold && !body.bold;
  if (bolder && text.length <= 120) return true;
  // A lone italic line is how some handbooks set minor headings; one that opens in lower case is an
  // emphasised fragment (a wrapped signature's parameters, a term) instead.
  if (first.italic && lines.length === 1 && text.length <= 80 && !/[.!?:]$/.test(text) && !/^\p{Ll}/u.test(text)) return true;
  return sectionNumber.test(text) && bolder;
}

/**
 * Whether a line that opens with a list marker is a numbered heading instead ("1. Introduction"):
 * alone, set larger than body text, and heading-like.
 */
export function isNumberedHeading(lines: readonly Line[], text: string, body: BodyStyle): boolean {
  return lines.length === 1 && lines[0]!.fontSize >= body.fontSize * headingSizeRatio && isHeadingLike(lines, text, body);
}

/**
 * Whether the text closes a bracket it never opened (a leading `a)` or `1)` marker aside): the tail
 * of a line that wrapped, such as a function signature's last parameters.
 */
function closesUnopenedBracket(text: string): boolean {
  let depth = 0;
  for (const char of text.replace(/^\w{1,3}\)\s/u, '')) {
    if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    if (depth < 0) return true;
  }
  return false;
}

/** Depth of a section number ("5.1 Results" is 2), 0 when the heading has none. */
export function numberingDepth(text: string): number {
  const match = /^((?:\d{1,2}\.)*\d{1,2})\.?\s/.exec(text);
  return match ? match[1]!.split('.').length : 0;
}

/**
 * Assigns heading levels from the distinct heading styles of the document: larger first, bold
 * before regular at equal size; a section number's depth wins when present.
 */
export function headingLevels(styles: readonly HeadingStyle[]): (style: HeadingStyle, text: string) => number {
  const keys = [...new Set(styles.map(styleKey))].sort((a, b) => compareKeys(a, b));
  return (style, text) => {
    const depth = numberingDepth(text);
    if (depth > 0) return depth;
    return Math.min(keys.indexOf(styleKey(style)) + 1, 6) || 1;
  };
}

function styleKey(style: HeadingStyle): string {
  return `${Math.round(style.fontSize * 2) / 2}|${style.bold ? 1 : 0}`;
}

function compareKeys(a: string, b: string): number {
  const [sizeA, boldA] = a.split('|').map(Number);
  const [sizeB, boldB] = b.split('|').map(Number);
  return sizeB! - sizeA! || boldB! - boldA!;
}
