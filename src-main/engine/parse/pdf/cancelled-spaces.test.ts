import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TextContent, TextItem } from 'pdfjs-dist/types/src/display/api';
import { describe, expect, it } from 'vitest';
import { pdfParser } from '.';
import { withoutCancelledSpaces } from './cancelled-spaces';
import { OPS } from './pdfjs';

const folder = path.resolve(import.meta.dirname, '../../../../test-data/pdf-glyphs');

/**
 * The text of one item after `withoutCancelledSpaces`, its glyphs drawn in one string at 10 points: a letter, a space
 * glyph as wide as `spaceWidth` (thousandths of the font size), or a number, the string's own adjustment (thousandths;
 * positive moves back).
 */
function textAfter(text: string, glyphs: readonly (string | number)[], spaceWidth = 318): string {
  const item = { str: text, dir: 'ltr', transform: [10, 0, 0, 10, 72, 700], width: 40, height: 10, fontName: 'F1', hasEOL: false };
  const string = glyphs.map((glyph) =>
    typeof glyph === 'number' ? glyph : { unicode: glyph, width: glyph === ' ' ? spaceWidth : 500, isSpace: false },
  );
  const content = { items: [item as TextItem], styles: {}, lang: null } as TextContent;
  const operators = { fnArray: [OPS.setFont, OPS.showText], argsArray: [['F1', 10], [string]] };
  return (withoutCancelledSpaces(content, operators).items[0] as TextItem).str;
}

describe('space glyphs that draw no space', () => {
  it('reads the zero-width non-joiner XeTeX draws as a space glyph taken back as a non-joiner, not a space (lshort-persian)', async () => {
    const doc = await pdfParser.parse({
      fileName: 'lshort-persian-p51.pdf',
      bytes: new Uint8Array(readFileSync(path.join(folder, 'lshort-persian-p51.pdf'))),
    });
    const text = doc.texts.map((item) => item.text).join('\n');
    // "If you want (می‌خواهید) to typeset mathematics": the space glyph and the move back by its width draw nothing.
    expect(text).toContain('اگر می\u200cخواهید حروفچینی');
    expect(text).toContain('به\u200cطور گسترده');
    expect(text).not.toContain('می خواهید');
    expect(text).not.toContain('\ufffd');
  });

  it('joins the letters a cancelled space glyph stands between, in either direction of reading', () => {
    expect(textAfter('ab cd', [...'ab', ' ', 318, ...'cd'])).toBe('abcd');
    // pdf.js writes a right-to-left item in reading order: the word drawn after the space comes first.
    expect(textAfter('می خواهید', [...'دیهاوخ', ' ', 318, ...'یم'])).toBe('می\u200cخواهید');
    // A vowel sign after the letter before the non-joiner leaves it between letters.
    expect(textAfter('میِ خواهید', [...'دیهاوخ', ' ', 318, ...'ِیم'])).toBe('میِ\u200cخواهید');
  });

  it('keeps a space glyph that moves the next glyph on, or that a move before it widens', () => {
    expect(textAfter('ab cd', [...'ab', ' ', ...'cd'])).toBe('ab cd');
    // A narrow space: 0.096 of the font size is still drawn.
    expect(textAfter('ab cd', [...'ab', ' ', 222, ...'cd'])).toBe('ab cd');
    // A word space set as a move before the space glyph, which the move after takes back (csplain's manual).
    expect(textAfter('ab cd', [...'ab', -284, ' ', 277, ...'cd'], 278)).toBe('ab cd');
    // A space glyph as narrow as nothing, with no move back: a font whose widths are in other units than thousandths.
    expect(textAfter('ab cd', [...'ab', ' ', ...'cd'], 3)).toBe('ab cd');
    // Two space glyphs, the first taken back (LibreOffice's doubled spaces).
    expect(textAfter('ab  cd', [...'ab', ' ', 317, ' ', ...'cd'], 317)).toBe('ab  cd');
  });
});
