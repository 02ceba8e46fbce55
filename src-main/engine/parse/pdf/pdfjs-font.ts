import type { PDFPageProxy } from 'pdfjs-dist/types/src/display/api';

/** The font object pdf.js shares with a page (after `getOperatorList()`), as far as reading text uses it: with `fontExtraProperties` on. */
export interface PdfjsFont {
  name?: unknown;
  /** a composite (CID) font */
  composite?: unknown;
  /** Glyph names by character code, from the font's encoding. */
  differences?: readonly (string | null | undefined)[];
  /** Advance widths by character code, in thousandths of the font size. */
  widths?: Readonly<Record<number, number | null | undefined>>;
  /** The advance of a code `widths` leaves out (a CID font's `/DW`), in the same units. */
  defaultWidth?: unknown;
  /** A Type 3 font (glyphs drawn by content streams of the PDF's own): its widths are in its glyph space (`fontMatrix`); pdf.js
   * turns other fonts' into thousandths. */
  isType3Font?: unknown;
  fontMatrix?: unknown;
  /** The text of each character code (pdf.js's ToUnicode map, its entries in `_map`). */
  toUnicode?: { _map?: readonly (string | null | undefined)[] } | null;
}

/** The font pdf.js resolved for `fontName` on the page; undefined before the page's operator list is read. */
export function pdfjsFontOf(page: PDFPageProxy, fontName: string): PdfjsFont | undefined {
  if (!page.commonObjs.has(fontName)) return undefined;
  const font: unknown = page.commonObjs.get(fontName);
  return typeof font === 'object' && font !== null ? (font as PdfjsFont) : undefined;
}
