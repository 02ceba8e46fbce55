import { OPS } from './pdfjs';
import type { TextContent, TextItem } from 'pdfjs-dist/types/src/display/api';

interface OperatorList {
  fnArray: number[];
  argsArray: unknown[];
}

/** Text rendering modes that stroke the glyphs' outlines after filling them (`2 Tr`, `6 Tr`): bold faked from a regular face. */
const fillThenStroke = new Set([2, 6]);
/** An item drawn mostly in such a mode is bold. */
const minStrokedShare = 0.5;
/** How far ahead (characters) the glyph stream is searched when an item's text does not follow on where the last one ended. */
const resyncWindow = 64;

/**
 * The text items drawn filled and stroked: a producer without a bold face of a font (LibreOffice
 * with a CJK font, for one) fakes bold by stroking the outline of the regular glyphs, so the font's
 * name says nothing of it. pdf.js's text items do not carry the rendering mode; the glyphs of its
 * operator list, in the same order, do. The two are matched character by character (whitespace
 * aside), picking the thread up again a little further on where they part. Linear in the page's text.
 */
export function strokedTextItems(operators: OperatorList, content: TextContent): Set<TextItem> {
  const stroked = new Set<TextItem>();
  const { fnArray, argsArray } = operators;
  if (!fnArray.some((fn, i) => fn === OPS.setTextRenderingMode && fillThenStroke.has((argsArray[i] as number[])[0]!))) return stroked;
  const glyphs = glyphStream(operators);
  let at = 0;
  for (const item of content.items) {
    if (!('str' in item)) continue;
    const text = comparable(item.str);
    if (text.length === 0) continue;
    let start = at;
    if (glyphs.text.slice(at, at + text.length) !== text) {
      const found = glyphs.text.slice(at, at + resyncWindow + text.length).indexOf(text);
      if (found < 0) continue;
      start = at + found;
    }
    at = start + text.length;
    let count = 0;
    for (let i = start; i < at; i++) count += glyphs.stroked[i]!;
    if (count >= minStrokedShare * text.length) stroked.add(item);
  }
  return stroked;
}

/** The characters the page's text operators show, whitespace left out, each with whether it was stroked as well as filled. */
function glyphStream(operators: OperatorList): { text: string; stroked: Uint8Array } {
  const parts: string[] = [];
  const flags: number[] = [];
  const stack: number[] = [];
  let mode = 0;
  const { fnArray, argsArray } = operators;
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    if (fn === OPS.save) stack.push(mode);
    else if (fn === OPS.restore) mode = stack.pop() ?? mode;
    else if (fn === OPS.setTextRenderingMode) mode = (argsArray[i] as number[])[0] ?? 0;
    else if (fn === OPS.showText) {
      const isStroked = fillThenStroke.has(mode) ? 1 : 0;
      for (const glyph of (argsArray[i] as unknown[][])[0] ?? []) {
        const unicode = typeof glyph === 'object' && glyph !== null ? (glyph as { unicode?: unknown }).unicode : undefined;
        if (typeof unicode !== 'string') continue;
        const text = comparable(unicode);
        parts.push(text);
        for (let k = 0; k < text.length; k++) flags.push(isStroked);
      }
    }
  }
  return { text: parts.join(''), stroked: Uint8Array.from(flags) };
}

function comparable(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, '');
}
