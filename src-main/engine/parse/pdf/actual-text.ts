import type { TextContent, TextItem } from 'pdfjs-dist/types/src/display/api';
import type { MarkedContentBegin } from './marked-content';
import { mirroredBrackets } from './rtl';
import { RIGHT_TO_LEFT } from '../../text/scripts';

/** A letter of a script written right to left. */
export const rightToLeftLetter = new RegExp(`[${RIGHT_TO_LEFT}]`, 'u');
/** Items of one sequence whose directions differ by more than this (sin of the angle) are not one run of glyphs. */
const maxTurn = 0.01;

/**
 * The page's text with each marked-content sequence that carries an `/ActualText` read as that text:
 * its glyphs' text items (pdf.js's text content, read with `includeMarkedContent`) become one item
 * holding the replacement text over the extent of all of them. Producers that shape complex scripts
 * (Chromium, LibreOffice with Devanagari) draw a cluster's glyphs in visual order (the short i sign
 * before its consonant), map a conjunct glyph to part of its letters or to none, and give the
 * cluster's letters in logical order as its ActualText, which is what the page says (poppler reads
 * it so). `begins` are the page's sequences as its content stream begins them (`markedContentBegins`);
 * undefined when pdf.js's sequences do not pair up with them one to one (a form drawn on the page
 * holds more), so that no replacement text lands on the wrong glyphs.
 */
export function withActualTexts(content: TextContent, begins: readonly MarkedContentBegin[]): TextContent | undefined {
  const items: TextContent['items'] = [];
  let next = 0;
  // Per open sequence: whether it replaces its glyphs (the outermost replacement wins).
  const open: boolean[] = [];
  let replacing: { text: string; items: TextItem[]; showsText: boolean } | undefined;
  for (const item of content.items) {
    if ('str' in item) {
      if (replacing) replacing.items.push(item);
      else items.push(item);
      continue;
    }
    if (item.type === 'beginMarkedContent' || item.type === 'beginMarkedContentProps') {
      const begin = begins[next++];
      // pdf.js gives the tag at run time; its type leaves it out.
      if (!begin || begin.tag !== ((item as { tag?: string | null }).tag ?? '')) return undefined;
      const replaces = !replacing && begin.actualText !== undefined;
      if (replaces) replacing = { text: begin.actualText!, items: [], showsText: begin.showsText === true };
      open.push(replaces);
    } else if (item.type === 'endMarkedContent' && open.pop() && replacing) {
      if (replacing.items.length === 0) {
        if (replacing.showsText && wordSpacesOnly.test(replacing.text)) appendUnreadGlyphs(items, replacing.text);
        replacing = undefined;
        continue;
      }
      const merged = mergedItem(replacing.items, replacing.text);
      items.push(...(merged ? (merged === 'none' ? [] : [merged]) : replacing.items));
      replacing = undefined;
    }
  }
  if (next !== begins.length) return undefined;
  if (replacing) items.push(...replacing.items);
  return { ...content, items };
}

/**
 * One item with `text` over the extent of `items` along their direction of writing; `'none'` when the
 * text is empty (the glyphs stand for nothing, as a hyphen drawn only for the line break); undefined
 * when the items are not drawn in one direction at one size, or read right to left.
 */
function mergedItem(items: readonly TextItem[], text: string): TextItem | 'none' | undefined {
  // Right-to-left text keeps pdf.js's reading: its repairs (rtl.ts, unmapped-glyph-text.ts) are made for it.
  if (items.some((item) => item.dir === 'rtl') || rightToLeftLetter.test(text)) return undefined;
  if (text === '') return 'none';
  // Right-to-left text draws a bracket as its mirror image and gives the bracket read as its ActualText ("(" for the glyph
  // of ")"); lines read such a bracket from the shape drawn (see `mirroredBrackets`), so the glyph keeps its own text.
  const drawnText = items
    .map((item) => item.str)
    .join('')
    .trim();
  if (drawnText !== text && mirroredBrackets(drawnText) === text) return undefined;
  // A space pdf.js put in for a jump to the sequence's first glyph lies before it.
  const drawn = items.filter((item) => item.str.trim() !== '');
  const first = drawn.find((item) => item.str.trim() !== '') ?? drawn[0];
  if (!first) return undefined;
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = first.transform as number[];
  const scale = Math.hypot(a, b);
  if (scale === 0) return undefined;
  const [ux, uy] = [a / scale, b / scale];
  let start = Infinity;
  let end = -Infinity;
  for (const item of drawn) {
    const [ia = 0, ib = 0, ic = 0, id = 0, ie = 0, iff = 0] = item.transform as number[];
    const sameDirection = Math.abs(ia * b - ib * a) <= maxTurn * scale * Math.hypot(ia, ib) && ia * a + ib * b > 0;
    if (!sameDirection || Math.abs(Math.hypot(ic, id) - Math.hypot(c, d)) > maxTurn * Math.hypot(c, d)) return undefined;
    const at = ie * ux + iff * uy;
    start = Math.min(start, at);
    end = Math.max(end, at + item.width);
  }
  const shift = start - (e * ux + f * uy);
  return {
    ...first,
    str: text,
    transform: [a, b, c, d, e + shift * ux, f + shift * uy],
    width: end - start,
    hasEOL: false,
  };
}

/**
 * Zero-width spaces (and word joiners): what a sequence whose glyphs pdf.js reads as nothing stands for between words. A
 * zero-width joiner or non-joiner shapes the cluster it stands in, whose place the item drawn before it does not tell
 * (LibreOffice draws a Sinhala cluster's glyphs out of order): such a sequence is left out as before.
 */
const wordSpacesOnly = /^[\u200b\u2060]+$/u;

/**
 * The text of a sequence that drew glyphs pdf.js gave no item for (Chromium draws each zero-width space between Khmer,
 * Thai or Myanmar words as a glyph that pdf.js reads as nothing, under an ActualText holding U+200B): the document says
 * the text is there, so it ends the item drawn just before those glyphs, which keeps it in place when the line's items
 * are ordered by position. Left out with no item before it on the page, or a right-to-left one (rtl.ts reorders those).
 */
function appendUnreadGlyphs(items: TextContent['items'], text: string): void {
  const at = items.findLastIndex((item) => 'str' in item);
  const previous = items[at] as TextItem | undefined;
  if (!previous || previous.dir === 'rtl' || rightToLeftLetter.test(text)) return;
  items[at] = { ...previous, str: previous.str + text };
}
