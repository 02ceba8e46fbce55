import type { PDFPageProxy } from 'pdfjs-dist/types/src/display/api';
import { pdfjsFontOf, type PdfjsFont } from './pdfjs-font';
import { RIGHT_TO_LEFT } from '../../text/scripts';

/**
 * Glyphs of a composite (CID) font that its ToUnicode map leaves out. pdf.js then gives the glyph's
 * code as the character ("Έ" for code 0x388, "p" for 0x70), a letter the page does not show: XeTeX's
 * xdvipdfmx maps only the glyphs it can reach from the font's cmap, so contextual forms and ligatures
 * of Arabic-script fonts (a final keheh or yeh in XB Zar, every glyph of a Kufi display face) often
 * have no entry. Such a character is replaced, as soon as its run is read, by a placeholder of its own
 * (one private-use code point per font and code), so that the document's pass, once it knows which
 * fonts are right-to-left faces, can mark it unreadable there and say so (see `unmapped-glyph-text.ts`).
 */
export class UnmappedGlyphs {
  private readonly glyphs: UnmappedGlyph[] = [];
  private readonly byKey = new Map<string, string>();
  private readonly fonts = new Map<string, FontMapping | null>();

  /** The run text with each unmapped glyph's character replaced by its placeholder. */
  mark(text: string, page: PDFPageProxy, fontName: string): string {
    const mapping = this.mappingOf(page, fontName);
    if (!mapping) return text;
    let marked = '';
    for (const char of text) {
      const code = char.codePointAt(0)!;
      // pdf.js puts in spaces of its own where glyphs stand apart, and a zero-width non-joiner stands for a space glyph that
      // draws nothing (see `withoutCancelledSpaces`): neither is a glyph's code.
      const codeAsCharacter = code <= 0xffff && !mapping.values.has(char) && !/[\s\u200c]/u.test(char);
      // A glyph its map gives an empty text stands for none (WeasyPrint maps so a glyph of a Thai, Lao or Khmer cluster
      // whose letters it set on another glyph), where pdf.js reads the code as a character the page does not show.
      if (codeAsCharacter && mapping.byCode[code] === '') continue;
      const unmapped = codeAsCharacter && mapping.byCode[code] === undefined;
      marked += unmapped ? (this.placeholderOf(mapping, code, char) ?? char) : char;
    }
    return marked;
  }

  get size(): number {
    return this.glyphs.length;
  }

  /** The font, code and pdf.js character of a placeholder. */
  glyphOf(placeholder: string): UnmappedGlyph | undefined {
    return this.glyphs[placeholder.codePointAt(0)! - firstPlaceholder];
  }

  private placeholderOf(mapping: FontMapping, code: number, fallback: string): string | undefined {
    const key = `${mapping.name}\u0000${code}`;
    let placeholder = this.byKey.get(key);
    if (placeholder || this.glyphs.length >= maxPlaceholders) return placeholder;
    placeholder = String.fromCodePoint(firstPlaceholder + this.glyphs.length);
    this.glyphs.push({ font: mapping.name, code, fallback, rightToLeftFace: mapping.rightToLeftFace });
    this.byKey.set(key, placeholder);
    return placeholder;
  }

  private mappingOf(page: PDFPageProxy, fontName: string): FontMapping | null {
    if (this.fonts.has(fontName)) return this.fonts.get(fontName)!;
    const font = pdfjsFontOf(page, fontName);
    const mapping = font ? fontMappingOf(font) : null;
    this.fonts.set(fontName, mapping);
    return mapping;
  }
}

/** Placeholders are code points of the supplementary private use area A (plane 15). */
const firstPlaceholder = 0xf0000;
const maxPlaceholders = 0xfffd;
const rightToLeftScript = new RegExp(`[${RIGHT_TO_LEFT}]`, 'u');

/** Whether a character is a placeholder of an unmapped glyph. */
export function isPlaceholder(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code >= firstPlaceholder && code < firstPlaceholder + maxPlaceholders;
}

export const placeholderPattern = /[\u{F0000}-\u{FFFFC}]/u;

export interface UnmappedGlyph {
  font: string;
  code: number;
  /** the character pdf.js gives it */
  fallback: string;
  /** whether its font is a face of a right-to-left script: most letters its map names are of one */
  rightToLeftFace: boolean;
}

interface FontMapping {
  name: string;
  rightToLeftFace: boolean;
  /** ToUnicode text by character code, as pdf.js holds it */
  byCode: readonly (string | undefined)[];
  values: ReadonlySet<string>;
}

/**
 * The ToUnicode map pdf.js built for a composite font (loaded with `fontExtraProperties`, its
 * `toUnicode` is a plain copy whose `_map` lists text by code). Simple fonts are left alone: pdf.js
 * fills their gaps from the encoding and glyph names, so a code read as a character is often right.
 */
function fontMappingOf({ composite, toUnicode, name }: PdfjsFont): FontMapping | null {
  if (composite !== true || typeof toUnicode !== 'object' || toUnicode === null) return null;
  const byCode: unknown = toUnicode._map;
  if (!Array.isArray(byCode)) return null;
  // pdf.js hands out a ligature's or a presentation form's text decomposed ("ﻹ" as "لإ"): each
  // character of a value, as mapped and as NFKC, is a mapped character.
  const values = new Set<string>();
  for (const value of byCode as unknown[]) {
    if (typeof value !== 'string') continue;
    for (const char of value) values.add(char);
    for (const char of value.normalize('NFKC')) values.add(char);
  }
  const letters = [...values].filter((char) => /\p{L}/u.test(char));
  const rightToLeft = letters.filter((char) => rightToLeftScript.test(char)).length;
  const rightToLeftFace = rightToLeft > letters.length - rightToLeft;
  return { name: typeof name === 'string' ? name : '', rightToLeftFace, byCode: byCode as (string | undefined)[], values };
}
