import type { TextContent, TextItem } from 'pdfjs-dist/types/src/display/api';
import { deferredSpaces, withoutSpaces, type DeferredSpaces } from './deferred-spaces';
import { drawnAdvance, mayLackAdvances, spaceAdvance } from './glyph-widths';
import type { PdfjsFont } from './pdfjs-font';

/** An item starting this share of the font size from where the one before it ended was drawn on from it. */
const continuedWithin = 0.01;

/**
 * The page's text items with their glyphs' advances counted where pdf.js left some out (see `drawnAdvance`): each
 * such item as wide as its glyphs are drawn, and an item that pdf.js started where the short one ended (the next
 * glyphs of the same string, its position never corrected, or after one space glyph) moved on by what was missing. An
 * item the page placed itself stays where it is. Upright text only.
 */
export function withDrawnAdvances(items: TextContent['items'], fontsOf: (fontName: string) => readonly PdfjsFont[]): TextContent['items'] {
  let carried = 0;
  let previous: { end: number; baseline: number } | undefined;
  const spaces = spacesOfPdfjs(items, fontsOf);
  return items.map((item) => {
    if (!('str' in item)) return item;
    const [a = 0, b = 0, c = 0] = item.transform as number[];
    // pdf.js writes a space of its own for a jump to a glyph the page placed, sets a space glyph as an item too and opens
    // a marked-content sequence with an empty one: spaces say nothing of where the glyphs stand.
    if (item.str.trim() === '') return item;
    // Right-to-left items are left as pdf.js measures them: their repairs (see rtl.ts) read its geometry.
    if (a <= 0 || b !== 0 || c !== 0 || item.dir === 'rtl') {
      previous = undefined;
      return item;
    }
    const dropped = spaces.get(item);
    return withDrawnAdvance(dropped ? { ...item, str: withoutSpaces(item.str, dropped) } : item);
  });

  function withDrawnAdvance(item: TextItem): TextItem {
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform as number[];
    const space = spaceAdvance(fontsOf(item.fontName));
    const drawnOn = (from: number): boolean => Math.abs(e - from) <= continuedWithin * a;
    const continued =
      previous !== undefined &&
      Math.abs(f - previous.baseline) <= continuedWithin * d &&
      (drawnOn(previous.end) || (space !== undefined && drawnOn(previous.end + space * a)));
    const shift = continued ? carried : 0;
    previous = { end: e + item.width, baseline: f };
    const text = item.str.trim();
    const moved = (width: number): TextItem => ({ ...item, transform: [a, b, c, d, e + shift, f], width });
    const advance = mayLackAdvances(text) ? drawnAdvance(text, fontsOf(item.fontName)) : undefined;
    const measuredInFull = advance ? advance.leftOut === 0 : !mayLackAdvances(text) || !/\s/u.test(text);
    if (measuredInFull) {
      // pdf.js measured every glyph it could read: the item moves on with the lag, as wide as it is.
      carried = shift;
      return shift === 0 ? item : moved(item.width);
    }
    if (!advance || item.width >= (advance.drawn - continuedWithin) * a) {
      // pdf.js wrote a space where it could not follow the glyphs, or moved on as far as they reach: a jump to where the
      // page placed the item's last glyphs, which end where pdf.js has them.
      carried = 0;
      return shift === 0 ? item : moved(Math.max(item.width - shift, 0));
    }
    // pdf.js's width counts spaces and moves its own way: the glyphs reach as far as their advances.
    const width = advance.drawn * a;
    carried = shift + width - item.width;
    return moved(width);
  }
}

/**
 * The spaces pdf.js wrote for advances it left out (see `deferredSpaces`), by item. A space the item's moves fit either
 * way is read as the page's other such spaces mostly are: pdf.js's own where more of them can only be its own than can
 * only be word spaces (a script whose words end in no such glyph), a word space otherwise.
 */
function spacesOfPdfjs(
  items: TextContent['items'],
  fontsOf: (fontName: string) => readonly PdfjsFont[],
): Map<TextItem, ReadonlySet<number>> {
  const weighed = new Map<TextItem, DeferredSpaces>();
  let deferred = 0;
  let words = 0;
  for (const item of items) {
    if (!('str' in item) || item.dir === 'rtl' || !mayLackAdvances(item.str)) continue;
    const [a = 0, b = 0, c = 0] = item.transform as number[];
    if (a <= 0 || b !== 0 || c !== 0) continue;
    const found = deferredSpaces(item.str, item.width / a, fontsOf(item.fontName));
    if (!found) continue;
    weighed.set(item, found);
    deferred += found.deferred.length;
    words += found.words.length;
  }
  const dropped = new Map<TextItem, ReadonlySet<number>>();
  for (const [item, found] of weighed) {
    const spaces = deferred > words ? [...found.deferred, ...found.either] : found.deferred;
    if (spaces.length > 0) dropped.set(item, new Set(spaces));
  }
  return dropped;
}
