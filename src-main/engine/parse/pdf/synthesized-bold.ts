import type { PDFPageProxy, TextContent, TextItem } from 'pdfjs-dist/types/src/display/api';
import { faceNameOf } from './font-style';
import { pdfjsFontOf } from './pdfjs-font';

/**
 * The text items drawn in a Type 3 copy of a font that the page also draws as an outline font (TrueType,
 * CFF, Type 1) under the same name. Chromium's Skia, asked for the bold of a face that has none (a CJK
 * or Indic font with a regular weight only), emboldens the glyph outlines itself and can write them only
 * as Type 3 procedures; it names that font after the regular face, so the name says nothing of the
 * weight. A producer that chose Type 3 for want of an embeddable face would have no outline copy of it
 * on the page to compare with, so such fonts keep the style of their name.
 */
export function itemsInSynthesizedBold(page: PDFPageProxy, content: TextContent): Set<TextItem> {
  const items = content.items.filter((item): item is TextItem => 'str' in item);
  const type3 = new Map<string, string>();
  const outlined = new Set<string>();
  for (const fontName of new Set(items.map((item) => item.fontName))) {
    const font = pdfjsFontOf(page, fontName);
    if (!font || typeof font.name !== 'string') continue;
    const face = faceNameOf(font.name);
    if (font.isType3Font === true) type3.set(fontName, face);
    else outlined.add(face);
  }
  const bold = new Set<string>([...type3].flatMap(([fontName, face]) => (outlined.has(face) ? [fontName] : [])));
  return new Set(bold.size === 0 ? [] : items.filter((item) => bold.has(item.fontName)));
}
