import { spellsItsCode } from './code-glyph-names';
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

/**
 * A glyph name that says only its code ("a192": pdfTeX names so the glyphs of a bitmap font, which it embeds as a
 * Type 3 font with no ToUnicode map). pdf.js reads such a glyph's code as the character: code 0xC0 as "À", 0x1C as a
 * control character.
 */
const CODE_NAME = /^[A-Za-z]{1,2}\d+$/u;

/**
 * Whether the font names the glyph of `code` by its code alone, so that its name says nothing of its text: in digits
 * after a letter or two, or in two places of 36 (see `spellsItsCode`).
 */
export function namesGlyphByCode(font: PdfjsFont, code: number): boolean {
  const name = font.differences?.[code];
  return typeof name === 'string' && (CODE_NAME.test(name) || spellsItsCode(name, code));
}

/** The text each font draws among a page's items, spaced, for the fonts `wanted` still asks about. */
export function textByFont(
  items: readonly { fontName: string; str: string }[],
  wanted: (fontName: string) => boolean,
): Map<string, string> {
  const texts = new Map<string, string[]>();
  for (const { fontName, str } of items) {
    if (!wanted(fontName)) continue;
    const fontTexts = texts.get(fontName);
    if (fontTexts) fontTexts.push(str);
    else texts.set(fontName, [str]);
  }
  return new Map([...texts].map(([fontName, fontTexts]) => [fontName, fontTexts.join(' ')]));
}
