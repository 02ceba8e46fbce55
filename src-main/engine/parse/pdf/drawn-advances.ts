import type { TextContent, TextItem } from 'pdfjs-dist/types/src/display/api';
import { drawnAdvance } from './glyph-widths';
import type { PdfjsFont } from './pdfjs-font';

/** An item starting this share of the font size from where the one before it ended was drawn on from it. */
const continuedWithin = 0.01;

/**
 * The page's text items with their glyphs' advances counted where pdf.js left some out (see `drawnAdvance`): each
 * such item as wide as its glyphs are drawn, and an item that pdf.js started where the short one ended (the next
 * glyphs of the same string, its position never corrected) moved on by what was missing. An item the page placed
 * itself stays where it is; a space pdf.js put in for the jump to it says where that is. Upright text only.
 */
export function withDrawnAdvances(items: TextContent['items'], fontsOf: (fontName: string) => readonly PdfjsFont[]): TextContent['items'] {
  let carried = 0;
  let previous: { end: number; baseline: number } | undefined;
  return items.map((item) => {
    if (!('str' in item)) return item;
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform as number[];
    // An empty item (pdf.js opens a marked-content sequence so) or a space of no width is no glyph and no move.
    if (item.str.trim() === '' && item.width <= continuedWithin * Math.abs(a)) return item;
    // Right-to-left items are left as pdf.js measures them: their repairs (see rtl.ts) read its geometry.
    if (a <= 0 || b !== 0 || c !== 0 || item.dir === 'rtl') {
      previous = undefined;
      return item;
    }
    const continued =
      previous && Math.abs(f - previous.baseline) <= continuedWithin * d && Math.abs(e - previous.end) <= continuedWithin * a;
    if (item.str.trim() === '') {
      // pdf.js's space for a jump from where the item before ended to a glyph the page placed; a space it sets elsewhere
      // (before the glyph it stands for) tells nothing.
      if (continued) {
        previous = { end: e + item.width, baseline: f };
        carried = 0;
      }
      return item;
    }
    const shift = continued ? carried : 0;
    previous = { end: e + item.width, baseline: f };
    const advance = drawnAdvance(item.str.trim(), fontsOf(item.fontName));
    if (advance === undefined && /\s/u.test(item.str.trim())) {
      // A space pdf.js wrote for a jump to a glyph the page placed: from there on the item ends where the page has it.
      carried = 0;
      return shift === 0
        ? item
        : ({ ...item, transform: [a, b, c, d, e + shift, f], width: Math.max(item.width - shift, 0) } satisfies TextItem);
    }
    const width = advance === undefined ? item.width : Math.max(item.width, advance * a);
    carried = shift + width - item.width;
    return shift === 0 && width === item.width ? item : ({ ...item, transform: [a, b, c, d, e + shift, f], width } satisfies TextItem);
  });
}
