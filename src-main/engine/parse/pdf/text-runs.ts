import type { PDFPageProxy } from 'pdfjs-dist/types/src/display/api';
import type { TextContent, TextItem } from 'pdfjs-dist/types/src/display/api';
import { characterAdvances, withFallbackGlyphsInGaps, type FontedRun } from './fallback-glyphs';
import { fontStyleOf } from './font-style';
import { type3FontSizes } from './type3-font-sizes';
import { withNamedLigatures } from './ligature-glyphs';
import { multiply, type Matrix } from './matrix';
import { pdfjsFontOf, type PdfjsFont } from './pdfjs-font';
import { withoutOverprintedCopies } from './overprinted-runs';
import { fixRtlText, showsReversedLamAlef } from './rtl';
import { isAccentAbove, withSpacingAccentsOnLetters } from './spacing-accents';
import { centringMoveWritesNoSpace, hasProportionalWidths, wordSpaceBeforeLast } from './glyph-widths';
import { withStrayMarksOnLetters } from './stray-marks';
import type { FontStyle, TextRun } from './types';
import type { TexCyrillicFonts } from './tex-cyrillic';
import type { TexLatinFonts } from './tex-latin';
import { isPlaceholder, placeholderPattern, type UnmappedGlyphs } from './unmapped-glyphs';
import { RIGHT_TO_LEFT } from '../../text/scripts';

/** Share of the font size below the baseline and above it that a glyph box covers (Latin metrics). */
export const descentRatio = 0.2;
export const ascentRatio = 0.75;
/** Text turned by more than this (sin of the angle) is not horizontal and is left out of the layout. */
const maxSkew = 0.1;
/** The width of a mirrored glyph that opens a run, as a share of the font size (a capital's). */
const mirroredGlyphWidth = 0.6;

const plainStyle: FontStyle = { bold: false, italic: false, monospace: false, math: false };

/**
 * Turns pdf.js text items into positioned runs in page space (as displayed, origin bottom-left).
 * Must run after `getOperatorList()`, which is what resolves the fonts whose real names carry the
 * style. Whitespace-only items are dropped: spacing is recomputed from geometry when lines are built.
 * Items in `fakedBold` (drawn filled and stroked, or in a font its producer emboldened) are bold whatever
 * their font. A vowel mark drawn as an item of its own joins its letter's run (see `withStrayMarksOnLetters`), and so does a spacing
 * accent drawn over a letter (see `withSpacingAccentsOnLetters`); right-to-left runs
 * get their letters repaired (see `fixRtlText`), judged page by page. Text drawn twice at one place
 * (overprinted) is read once (see `withoutOverprintedCopies`); a fallback font's glyph goes into the gap
 * left for it in the run around it (see `withFallbackGlyphsInGaps`). Glyphs that their composite font maps
 * to no character become placeholders in `reading.unmapped` (see `UnmappedGlyphs`); a font whose glyphs are named by
 * their codes alone is read as TeX's Cyrillic where its words show it is (see `TexCyrillicFonts`), and its ligatures, quotes
 * and dashes in TeX's Latin encodings (see `TexLatinFonts`).
 */
export function textRunsOf(
  page: PDFPageProxy,
  content: TextContent,
  pageMatrix: Matrix,
  fakedBold: ReadonlySet<TextItem> = new Set(),
  reading?: FontReading,
): TextRun[] {
  const styles = new Map<string, FontStyle>();
  const items = content.items.filter((item): item is TextItem => 'str' in item && item.str.trim() !== '');
  reading?.texCyrillic.judge(items, (fontName) => pdfjsFontOf(page, fontName));
  reading?.texLatin.judge(items, (fontName) => pdfjsFontOf(page, fontName));
  const lamAlefReversed = showsReversedLamAlef(items.flatMap((item) => (item.dir === 'rtl' ? [item.str] : [])));
  const type3Sizes = type3FontSizes(page, items);
  const runs: FontedRun[] = [];
  for (const [index, item] of items.entries()) {
    const style = styleFor(page, item.fontName, styles);
    const run = runOf(item, fakedBold.has(item) ? { ...style, bold: true } : style, pageMatrix, type3Sizes.get(item.fontName));
    if (!run) continue;
    const font = pdfjsFontOf(page, item.fontName);
    const measured = isAccentAbove([...item.str].at(-1) ?? '') ? isWordSpaceBeforeAccent(page, item, font, items[index + 1]) : undefined;
    const named = withNamedLigatures(run.text, font);
    const text = reading ? reading.texLatin.textOf(reading.texCyrillic.textOf(named, item.fontName), item.fontName) : named;
    runs.push({
      run: {
        ...run,
        text: reading ? withPlaceholders(text, item, page, reading.unmapped) : text,
        ...(measured ? { wordSpaceBeforeLast: true } : {}),
      },
      fontName: item.fontName,
      advance: characterAdvances(font, run.fontSize),
    });
  }
  const placed = withFallbackGlyphsInGaps(runs);
  return withStrayMarksOnLetters(withSpacingAccentsOnLetters(withoutOverprintedCopies(placed))).map((run) =>
    run.rtl ? { ...run, text: fixRtlText(run.text, lamAlefReversed) } : run,
  );
}

/** What the document's pages learn about its fonts as they are read, one page after another. */
export interface FontReading {
  unmapped: UnmappedGlyphs;
  texCyrillic: TexCyrillicFonts;
  texLatin: TexLatinFonts;
}

/**
 * Whether the space before an item's last character, a spacing accent, is a word space. When the letter that starts the
 * next item (the accent's, when the accent is set over it) is too narrow a move away for pdf.js to write a space, the
 * space is a word space whatever the item's width says (the LaTeX logo's kerns make "TEX `" narrower than its glyphs).
 * Otherwise it is measured from the item's glyphs, when the item has that one space.
 */
function isWordSpaceBeforeAccent(
  page: PDFPageProxy,
  item: TextItem,
  font: PdfjsFont | undefined,
  next: TextItem | undefined,
): boolean | undefined {
  const judged = next
    ? centringMoveWritesNoSpace([...item.str].at(-1)!, font, [...next.str][0] ?? '', pdfjsFontOf(page, next.fontName))
    : undefined;
  if (judged) return true;
  const fontSize = Math.hypot(item.transform[0] as number, item.transform[1] as number);
  return wordSpaceBeforeLast(item.str, item.width, fontSize, font) ?? judged;
}

/**
 * The item's text with its unmapped glyphs as placeholders. In a right-to-left item pdf.js kept a
 * stretch of such glyphs that read as letters or digits ("pM") in drawing order, left to right, as the
 * bidirectional algorithm keeps a Latin word; it is turned round to stand in reading order like the
 * letters around it.
 */
function withPlaceholders(text: string, item: TextItem, page: PDFPageProxy, unmapped: UnmappedGlyphs): string {
  const marked = unmapped.mark(text, page, item.fontName);
  if (item.dir !== 'rtl' || !placeholderPattern.test(marked)) return marked;
  const drawn = [...text];
  const marks = [...marked];
  const inDrawingOrder = (index: number): boolean => isPlaceholder(marks[index]!) && /[\p{L}\p{N}]/u.test(drawn[index] ?? '');
  let result = '';
  for (let index = 0; index < marks.length;) {
    let end = index + 1;
    if (inDrawingOrder(index)) while (end < marks.length && inDrawingOrder(end)) end++;
    result += marks.slice(index, end).reverse().join('');
    index = end;
  }
  return result;
}

/** `measuredSize`: the size of text whose transform misstates it (see `type3FontSizes`). */
function runOf(item: TextItem, style: FontStyle, pageMatrix: Matrix, measuredSize?: number): TextRun | undefined {
  const [ta = 0, tb = 0, tc = 0, td = 0, te = 0, tf = 0] = item.transform as number[];
  // In the page's upright frame most text reads left to right, whatever the page rotation.
  const [a, b, c, d, e, f] = multiply([ta, tb, tc, td, te, tf], pageMatrix);
  const scaleX = Math.hypot(a, b);
  const fontSize = measuredSize ?? Math.hypot(c, d);
  const mirrored = a < 0 && d > 0;
  if (fontSize <= 0 || scaleX <= 0 || !readsAlongPage(a, b, d)) return undefined;
  // A glyph mirrored left to right (the reversed E of the XeTeX logo) is drawn leftwards from its origin. pdf.js keeps
  // the text after it in the same item, drawn rightwards again from that origin, counts the glyph's advance twice in
  // the width (once as drawn, once as the jump back) and reads the jump as a space ("E TEX").
  const glyph = mirrored ? mirroredGlyphWidth * fontSize : 0;
  const left = e - glyph;
  const width = Math.max(item.width - glyph, glyph);
  const text = mirrored ? item.str.replace(/^(.) /su, '$1') : item.str;
  const baseline = f;
  // Written out rather than spread from the style: spreading objects of several shapes takes V8's slow path, and a page
  // has thousands of runs.
  return {
    bold: style.bold,
    italic: style.italic,
    monospace: style.monospace,
    math: style.math,
    smallCaps: style.smallCaps,
    family: style.family,
    text,
    fontSize,
    baseline,
    left,
    right: left + width,
    bottom: baseline - descentRatio * fontSize,
    top: baseline + ascentRatio * fontSize,
    rtl: item.dir === 'rtl' || readsRightToLeft(item.str),
  };
}

/**
 * Whether text drawn with the page-space matrix `[a, b, c, d]` (`c` says nothing of it) reads along the page's lines: not
 * turned by more than `maxSkew`, and not upside down (a glyph mirrored left to right still reads).
 */
export function readsAlongPage(a: number, b: number, d: number): boolean {
  const scaleX = Math.hypot(a, b);
  return scaleX > 0 && Math.abs(b) / scaleX <= maxSkew && (a >= 0 || d > 0);
}

/**
 * Letters of right-to-left scripts and no others: pdf.js calls some of them left to right (a
 * Hebrew letter with its point as one presentation form, "יִ"). Digits alone (Arabic-Indic ones
 * too) keep the direction pdf.js gives them.
 */
const rightToLeftLetter = `(?:(?=\\p{L})[${RIGHT_TO_LEFT}])`;
const rightToLeftLettersOnly = new RegExp(`^(?=.*${rightToLeftLetter})(?:${rightToLeftLetter}|\\P{L})+$`, 'su');

/** Whether a text holds right-to-left letters and no letters of another script. */
export function readsRightToLeft(text: string): boolean {
  return rightToLeftLettersOnly.test(text);
}

function styleFor(page: PDFPageProxy, fontName: string, styles: Map<string, FontStyle>): FontStyle {
  let style = styles.get(fontName);
  if (style) return style;
  style = plainStyle;
  const font = pdfjsFontOf(page, fontName);
  if (font && typeof font.name === 'string') style = fontStyleOf(font.name, hasProportionalWidths(font) === true);
  styles.set(fontName, style);
  return style;
}
