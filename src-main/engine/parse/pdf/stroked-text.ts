import type { TextContent, TextItem } from 'pdfjs-dist/types/src/display/api';
import { fillThenStroke, glyphStream, itemsInStream, type OperatorList } from './glyph-stream';
import { OPS } from './pdfjs';

/** An item drawn mostly in such a mode is bold. */
const minStrokedShare = 0.5;

/**
 * The text items drawn filled and stroked: a producer without a bold face of a font (LibreOffice
 * with a CJK font, for one) fakes bold by stroking the outline of the regular glyphs, so the font's
 * name says nothing of it. pdf.js's text items do not carry the rendering mode; the glyphs of its
 * operator list, in the same order, do (see `glyphStream`).
 */
export function strokedTextItems(operators: OperatorList, content: TextContent): Set<TextItem> {
  const stroked = new Set<TextItem>();
  const { fnArray, argsArray } = operators;
  if (!fnArray.some((fn, i) => fn === OPS.setTextRenderingMode && fillThenStroke.has((argsArray[i] as number[])[0]!))) return stroked;
  const stream = glyphStream(operators);
  for (const [item, { start, end }] of itemsInStream(stream, content)) {
    let count = 0;
    for (let i = start; i < end; i++) count += stream.stroked[i]!;
    if (count >= minStrokedShare * (end - start)) stroked.add(item);
  }
  return stroked;
}
