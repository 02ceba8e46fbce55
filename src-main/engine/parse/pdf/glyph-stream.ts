import type { TextContent, TextItem } from 'pdfjs-dist/types/src/display/api';
import { memoizedByText } from '../../../../src-shared/memoized';
import { OPS } from './pdfjs';

export interface OperatorList {
  fnArray: number[];
  argsArray: unknown[];
}

/**
 * The characters the page's text operators show, in their order, whitespace left out (NFKC, as `comparable` writes
 * them), each with how it was drawn. pdf.js's text items do not say how their glyphs were drawn or spaced; its
 * operator list does, glyph by glyph.
 */
export interface GlyphStream {
  text: string;
  /** 1 where the character was drawn filled and stroked (`2 Tr`, `6 Tr`), by character. */
  stroked: Uint8Array;
  /**
   * The move from the character's glyph to the next glyph shown, past its advance, in font sizes: the character spacing
   * and the string's own adjustments. Infinity where a space glyph or a glyph without text stands between them, or where
   * the text position is moved before the next (the move is not the glyphs' to say).
   */
  gapAfter: Float64Array;
  /** The part of `gapAfter` that the character spacing (`Tc`) sets, in font sizes. */
  spacingAfter: Float64Array;
}

/** Text rendering modes that stroke the glyphs' outlines after filling them (`2 Tr`, `6 Tr`). */
export const fillThenStroke: ReadonlySet<number> = new Set([2, 6]);
/** How far ahead (characters) the glyph stream is searched when an item's text does not follow on where the last one ended. */
const resyncWindow = 64;

/** What the text state says of how the next glyphs are drawn and spaced (the size in points, the spacings in unscaled text units). */
export interface TextState {
  mode: number;
  charSpacing: number;
  wordSpacing: number;
  fontSize: number;
  horizontalScale: number;
}

/**
 * Visits the page's operators in order, each with the text state it is read in (`q` and `Q` save and restore it with the
 * rest of the graphics state).
 */
export function forEachOperator(
  { fnArray, argsArray }: OperatorList,
  visit: (fn: number, args: unknown[] | null, state: TextState) => void,
): void {
  const stack: TextState[] = [];
  let state: TextState = { mode: 0, charSpacing: 0, wordSpacing: 0, fontSize: 1, horizontalScale: 1 };
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i]!;
    const args = argsArray[i] as unknown[] | null;
    visit(fn, args, state);
    if (fn === OPS.save) stack.push(state);
    else if (fn === OPS.restore) state = stack.pop() ?? state;
    else if (fn === OPS.setTextRenderingMode) state = { ...state, mode: Number(args?.[0]) || 0 };
    else if (fn === OPS.setCharSpacing) state = { ...state, charSpacing: Number(args?.[0]) || 0 };
    else if (fn === OPS.setWordSpacing) state = { ...state, wordSpacing: Number(args?.[0]) || 0 };
    else if (fn === OPS.setFont) state = { ...state, fontSize: Math.abs(Number(args?.[1])) || 1 };
    else if (fn === OPS.setHScale) state = { ...state, horizontalScale: (Number(args?.[0]) || 100) / 100 };
  }
}

/**
 * Operators that change how the next glyphs look or are spaced but not where the next one starts: the glyph after them
 * follows on from the last one shown, by its advance and the character spacing.
 */
export const keepsTextPosition: ReadonlySet<number> = new Set([
  OPS.setCharSpacing,
  OPS.setWordSpacing,
  OPS.setHScale,
  OPS.setFont,
  OPS.setTextRenderingMode,
  OPS.setFillGray,
  OPS.setFillRGBColor,
  OPS.setFillCMYKColor,
  OPS.setFillColor,
  OPS.setFillColorN,
  OPS.setFillColorSpace,
  OPS.setStrokeGray,
  OPS.setStrokeRGBColor,
  OPS.setStrokeCMYKColor,
  OPS.setStrokeColor,
  OPS.setStrokeColorN,
  OPS.setStrokeColorSpace,
]);

export function glyphStream(operators: OperatorList): GlyphStream {
  const parts: string[] = [];
  const stroked: number[] = [];
  const gaps: number[] = [];
  const spacings: number[] = [];
  // The last character written, while no space glyph, textless glyph or move of the text position has followed it.
  let open = -1;
  // A page shows few distinct glyphs many times over: each one's text is normalised once.
  const comparableGlyph = memoizedByText(comparable);
  forEachOperator(operators, (fn, args, state) => {
    if (fn === OPS.showText) appendString((args?.[0] as unknown[] | undefined) ?? [], state);
    else if (!keepsTextPosition.has(fn)) close();
  });
  close();
  return {
    text: parts.join(''),
    stroked: Uint8Array.from(stroked),
    gapAfter: Float64Array.from(gaps),
    spacingAfter: Float64Array.from(spacings),
  };

  function appendString(glyphs: readonly unknown[], { mode, charSpacing, fontSize, horizontalScale }: TextState): void {
    const isStroked = fillThenStroke.has(mode) ? 1 : 0;
    const spacing = (charSpacing / fontSize) * horizontalScale;
    for (const glyph of glyphs) {
      if (typeof glyph === 'number') {
        // A TJ adjustment, in thousandths of the font size: positive moves back.
        if (open >= 0) gaps[open]! -= (glyph / 1000) * horizontalScale;
        continue;
      }
      const unicode = typeof glyph === 'object' && glyph !== null ? (glyph as { unicode?: unknown }).unicode : undefined;
      const text = typeof unicode === 'string' ? comparableGlyph(unicode) : '';
      if (text.length === 0) {
        close();
        continue;
      }
      for (let k = 0; k < text.length; k++) {
        parts.push(text[k]!);
        stroked.push(isStroked);
        gaps.push(k === text.length - 1 ? spacing : 0);
        spacings.push(k === text.length - 1 ? spacing : 0);
      }
      open = gaps.length - 1;
    }
  }

  function close(): void {
    if (open >= 0) gaps[open] = Infinity;
    open = -1;
  }
}

/**
 * Where each text item's characters are in the stream (from `start`, up to `end`), for the items whose text is found
 * there. The two are matched character by character (whitespace aside), picking the thread up again a little further on
 * where they part. Linear in the page's text.
 */
export function itemsInStream(stream: GlyphStream, content: TextContent): Map<TextItem, { start: number; end: number }> {
  const places = new Map<TextItem, { start: number; end: number }>();
  let at = 0;
  for (const item of content.items) {
    if (!('str' in item)) continue;
    const text = comparable(item.str);
    if (text.length === 0) continue;
    let start = at;
    if (stream.text.slice(at, at + text.length) !== text) {
      const found = stream.text.slice(at, at + resyncWindow + text.length).indexOf(text);
      if (found < 0) continue;
      start = at + found;
    }
    at = start + text.length;
    places.set(item, { start, end: at });
  }
  return places;
}

/** A text as the stream holds it: NFKC, whitespace left out. */
export function comparable(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, '');
}
