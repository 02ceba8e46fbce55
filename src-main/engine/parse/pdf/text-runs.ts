import type { PDFPageProxy } from 'pdfjs-dist/types/src/display/api';
import type { TextContent, TextItem } from 'pdfjs-dist/types/src/display/api';
import { fontStyleOf } from './font-style';
import { withLigaturesSpelled, type GlyphNames } from './ligature-glyphs';
import { multiply, type Matrix } from './matrix';
import { withoutOverprintedCopies } from './overprinted-runs';
import { fixRtlText, showsReversedLamAlef } from './rtl';
import { withSpacingAccentsOnLetters } from './spacing-accents';
import { withStrayMarksOnLetters } from './stray-marks';
import type { FontStyle, TextRun } from './types';

/** Share of the font size below the baseline and above it that a glyph box covers (Latin metrics). */
const descentRatio = 0.2;
const ascentRatio = 0.75;
/** The width of a mirrored glyph that opens a run, as a share of the font size (a capital's). */
const mirroredGlyphWidth = 0.6;
/** Text turned by more than this (sin of the angle) is not horizontal and is left out of the layout. */
const maxSkew = 0.1;

const plainStyle: FontStyle = { bold: false, italic: false, monospace: false, math: false };

/**
 * Turns pdf.js text items into positioned runs in page space (as displayed, origin bottom-left).
 * Must run after `getOperatorList()`, which is what resolves the fonts whose real names carry the
 * style. Whitespace-only items are dropped: spacing is recomputed from geometry when lines are built.
 * Items in `fakedBold` (drawn filled and stroked) are bold whatever their font. A vowel mark drawn
 * as an item of its own joins its letter's run (see `withStrayMarksOnLetters`), and so does a spacing
 * accent drawn over a letter (see `withSpacingAccentsOnLetters`); right-to-left runs
 * get their letters repaired (see `fixRtlText`), judged page by page. Text drawn twice at one place
 * (overprinted) is read once (see `withoutOverprintedCopies`). Ligature glyphs that pdf.js leaves as
 * control codes are spelled from their glyph names (see `withLigaturesSpelled`).
 */
export function textRunsOf(
  page: PDFPageProxy,
  content: TextContent,
  pageMatrix: Matrix,
  fakedBold: ReadonlySet<TextItem> = new Set(),
): TextRun[] {
  const fonts = new Map<string, PageFont>();
  const items = content.items.filter((item): item is TextItem => 'str' in item && item.str.trim() !== '');
  const lamAlefReversed = showsReversedLamAlef(items.flatMap((item) => (item.dir === 'rtl' ? [item.str] : [])));
  const runs: TextRun[] = [];
  for (const item of items) {
    const { style, glyphNames } = fontOf(page, item.fontName, fonts);
    const run = runOf(item, fakedBold.has(item) ? { ...style, bold: true } : style, pageMatrix, glyphNames);
    if (run) runs.push(run);
  }
  return withStrayMarksOnLetters(withSpacingAccentsOnLetters(withoutOverprintedCopies(runs))).map((run) =>
    run.rtl ? { ...run, text: fixRtlText(run.text, lamAlefReversed) } : run,
  );
}

function runOf(item: TextItem, style: FontStyle, pageMatrix: Matrix, glyphNames: GlyphNames | undefined): TextRun | undefined {
  const [ta = 0, tb = 0, tc = 0, td = 0, te = 0, tf = 0] = item.transform as number[];
  // In the page's upright frame most text reads left to right, whatever the page rotation.
  const [a, b, c, d, e, f] = multiply([ta, tb, tc, td, te, tf], pageMatrix);
  const scaleX = Math.hypot(a, b);
  const fontSize = Math.hypot(c, d);
  // A run turned upside down (a < 0 and d < 0) is left out; one whose first glyph is only mirrored
  // (a < 0, d > 0: the reversed E of the XeTeX logo, which pdf.js starts a run with) reads on to the
  // right. That glyph is drawn leftwards from the run's origin, and pdf.js counts its advance twice in
  // the width, once as drawn and once as the jump back to the right where the next glyph starts, which
  // it also reads as a space ("E TEX").
  const mirrored = a < 0 && d > 0;
  if (fontSize <= 0 || scaleX <= 0 || Math.abs(b) / scaleX > maxSkew || (a < 0 && !mirrored)) return undefined;
  const glyph = mirrored ? mirroredGlyphWidth * fontSize : 0;
  const left = e - glyph;
  const baseline = f;
  const width = Math.max(item.width - glyph, glyph);
  return {
    ...style,
    text: withLigaturesSpelled(mirrored ? item.str.replace(/^(.) /su, '$1') : item.str, glyphNames),
    fontSize,
    baseline,
    left,
    right: left + width,
    bottom: baseline - descentRatio * fontSize,
    top: baseline + ascentRatio * fontSize,
    rtl: item.dir === 'rtl' || rightToLeftLettersOnly.test(item.str),
  };
}

/**
 * Letters of right-to-left scripts and no others: pdf.js calls some of them left to right (a
 * Hebrew letter with its point as one presentation form, "יִ"). Digits alone (Arabic-Indic ones
 * too) keep the direction pdf.js gives them.
 */
const rightToLeftLetter = '(?:(?=\\p{L})[\\p{Script=Hebrew}\\p{Script=Arabic}\\p{Script=Syriac}\\p{Script=Thaana}])';
const rightToLeftLettersOnly = new RegExp(`^(?=.*${rightToLeftLetter})(?:${rightToLeftLetter}|\\P{L})+$`, 'su');

interface PageFont {
  style: FontStyle;
  /** The glyph names of the font's `/Differences` (pdf.js reports them when opened with `fontExtraProperties`). */
  glyphNames?: GlyphNames;
}

function fontOf(page: PDFPageProxy, fontName: string, fonts: Map<string, PageFont>): PageFont {
  let font = fonts.get(fontName);
  if (font) return font;
  font = { style: plainStyle };
  if (page.commonObjs.has(fontName)) {
    const loaded = page.commonObjs.get(fontName) as { name?: unknown; differences?: unknown } | null;
    if (loaded && typeof loaded.name === 'string') font.style = fontStyleOf(loaded.name);
    if (loaded && typeof loaded.differences === 'object' && loaded.differences !== null) font.glyphNames = loaded.differences as GlyphNames;
  }
  fonts.set(fontName, font);
  return font;
}
