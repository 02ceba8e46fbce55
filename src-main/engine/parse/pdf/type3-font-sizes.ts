import type { PDFPageProxy, TextItem } from 'pdfjs-dist/types/src/display/api';
import { pdfjsFontOf } from './pdfjs-font';

/** Text is never drawn more than this many times taller than wide or wider than tall (condensed and extended faces included). */
const maxStretch = 3;
/** Letters, digits and punctuation advance about half an em each, on average over a run of text. */
const emsPerCharacter = 0.5;
/** Sizes estimated within this ratio of each other are one size; LaTeX's steps (10, 12, 14.4 pt) are 1.2 apart. */
const sameSizeRatio = 1.15;

/**
 * The font size of text in Type 3 fonts whose size pdf.js cannot tell. dvips sets TeX's bitmap fonts as
 * Type 3 fonts drawn in device pixels with no usable FontBBox; pdf.js then takes the height of a
 * default 1000-unit box for the glyphs' height, and reports text 0.12 units wide per pixel as 120 units
 * tall: every line of the page overlaps every other and their words mix. The widths pdf.js measures
 * from the glyphs' advances are right, so the size of each such font on the page is taken from them:
 * its items' width per character, as a share of an em. Keyed by pdf.js's font name.
 */
export function type3FontSizes(page: PDFPageProxy, items: readonly TextItem[]): Map<string, number> {
  // Most pages have no such text: the sizes the page states are counted only when some needs them.
  if (!items.some((item) => isStretched(item) && pdfjsFontOf(page, item.fontName)?.isType3Font === true)) return new Map();
  const measured = new Map<string, { width: number; characters: number }>();
  const stated = new Map<number, number>();
  for (const item of items) {
    const characters = [...item.str.replace(/\s/gu, '')].length;
    if (characters === 0) continue;
    if (!isStretched(item) || pdfjsFontOf(page, item.fontName)?.isType3Font !== true) {
      const [, , c = 0, d = 0] = item.transform as number[];
      const size = Math.round(Math.hypot(c, d) * 10) / 10;
      stated.set(size, (stated.get(size) ?? 0) + characters);
      continue;
    }
    const sum = measured.get(item.fontName) ?? { width: 0, characters: 0 };
    sum.width += item.width;
    sum.characters += characters;
    measured.set(item.fontName, sum);
  }
  // Faces of one size advance differently (a typewriter face wider than its roman, bold wider still): a size near one the
  // page states for other text, or near that of a font with more text on the page, is that size, so the lines of a
  // paragraph that changes face keep one size.
  const known = [...stated].sort(([, a], [, b]) => b - a).map(([size]) => size);
  const sizes = new Map<string, number>();
  const byText = [...measured].filter(([, sum]) => sum.width > 0).sort(([, a], [, b]) => b.characters - a.characters);
  for (const [fontName, { width, characters }] of byText) {
    const size = width / characters / emsPerCharacter;
    const near = [...known, ...sizes.values()].find((other) => Math.max(size, other) / Math.min(size, other) <= sameSizeRatio);
    sizes.set(fontName, near ?? size);
  }
  return sizes;
}

function isStretched(item: TextItem): boolean {
  const [a = 0, b = 0, c = 0, d = 0] = item.transform as number[];
  const wide = Math.hypot(a, b);
  const tall = Math.hypot(c, d);
  return wide > 0 && tall > 0 && (tall > wide * maxStretch || wide > tall * maxStretch);
}
