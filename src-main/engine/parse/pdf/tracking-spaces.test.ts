import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TextContent, TextItem } from 'pdfjs-dist/types/src/display/api';
import { describe, expect, it } from 'vitest';
import { pdfParser } from '.';
import { OPS } from './pdfjs';
import { withoutTrackingSpaces } from './tracking-spaces';

const folder = path.resolve(import.meta.dirname, '../../../../test-data/pdf-glyphs');
const textsOf = async (fileName: string): Promise<{ label: string; text: string }[]> => {
  const doc = await pdfParser.parse({ fileName, bytes: new Uint8Array(readFileSync(path.join(folder, fileName))) });
  return doc.texts.map(({ label, text }) => ({ label, text }));
};

/**
 * One upright item of `text` and the operators that draw its glyphs in one string at 10 points, with a character spacing
 * of `tracking` font sizes and, where `glyphs` holds a number, a move of that many font sizes of the string's own.
 */
function drawn(
  text: string,
  tracking: number,
  glyphs: readonly (string | number)[],
): { content: TextContent; operators: { fnArray: number[]; argsArray: unknown[] } } {
  const item = { str: text, dir: 'ltr', transform: [10, 0, 0, 10, 72, 700], width: 40, height: 10, fontName: 'F1', hasEOL: false };
  const string = glyphs.map((glyph) => (typeof glyph === 'number' ? -glyph * 1000 : { unicode: glyph, isSpace: glyph === ' ' }));
  return {
    content: { items: [item as TextItem], styles: {}, lang: null } as TextContent,
    operators: { fnArray: [OPS.setFont, OPS.setCharSpacing, OPS.showText], argsArray: [['F1', 10], [tracking * 10], [string]] },
  };
}

const textAfter = (text: string, tracking: number, glyphs: readonly (string | number)[]): string => {
  const { content, operators } = drawn(text, tracking, glyphs);
  return (withoutTrackingSpaces(content, operators).items[0] as TextItem).str;
};

describe('letters spaced out', () => {
  it('reads a heading that Word and Distiller track with character spacing (Tc) as its words', async () => {
    const texts = await textsOf('lure-of-the-temptress-manual-it-p18.pdf');
    expect(texts).toContainEqual({ label: 'section_header', text: 'BEVI, ESAMINA, OSSERVA O STATO' });
    expect(texts.some(({ text }) => /\b[A-Z] [A-Z] [A-Z]\b/u.test(text))).toBe(false);
  });

  it("reads letters that a string's own adjustments track evenly as words (TeX's letter spacing)", async () => {
    const texts = (await textsOf('els-cas-templates-elsdoc-cas-p6.pdf')).map(({ text }) => text);
    expect(texts).toContain('ARTICLE INFO');
    const options = (await textsOf('beamerswitch-p2-23.pdf')).map(({ text }) => text).join('\n');
    // Tracked by a tenth of the font size, which pdf.js writes a space for after some letters and not others.
    expect(options).toContain('If you only specified ignorenonframetext, then you don’t need beameroptions:');
    expect(options).toContain('[ignorenonframetext]');
    expect(options).toContain('\\documentclass{beamerswitch');
    // No letter of this command stands alone: pdf.js spaced it out in pieces ("\\p gfpageslogica lpageoptions").
    expect(options).toContain('\\pgfpageslogicalpageoptions{');
    expect(options).not.toContain('\\p gfpages');
  });

  it('joins letters tracked by character spacing, keeping the word spaces among them', () => {
    expect(textAfter('B E V I', 0.14, ['B', 'E', 'V', 'I'])).toBe('BEVI');
    expect(textAfter('A R T I C L E I N F O', 0.14, [...'ARTICLE', 0.42, ...'INFO'])).toBe('ARTICLE INFO');
  });

  it('joins the pieces pdf.js cut a string into at its threshold where every move inside them is the same tracking', () => {
    expect(
      textAfter('\\p gfpag es', 0, ['\\', 0.101, 'p', 0.102, 'g', 0.101, 'f', 0.102, 'p', 0.101, 'a', 0.102, 'g', 0.103, 'e', 0.102, 's']),
    ).toBe('\\pgfpages');
    // A word space is wider than the tracking; letters set close (no tracking) tell nothing of the spaces.
    expect(textAfter('abc def', 0, ['a', 0.12, 'b', 0.12, 'c', 0.4, 'd', 0.12, 'e', 0.12, 'f'])).toBe('abc def');
    expect(textAfter('abc def', 0, ['a', 'b', 'c', 0.11, 'd', 'e', 'f'])).toBe('abc def');
  });

  it("joins digits tracked by a tenth of the font size (a listing's line number), not digits mathematics sets apart", () => {
    expect(textAfter('4 6 9', 0, ['4', 0.102, '6', 0.102, '9'])).toBe('469');
    expect(textAfter('1 0 0', 0, ['1', 0.1667, '0', 0.1667, '0'])).toBe('1 0 0');
    expect(textAfter('1 0', 0, ['1', 0.15, '0'])).toBe('1 0');
  });

  it('leaves single letters a word space apart, a space glyph between letters, a table of letters and uneven moves of the string as they are', () => {
    expect(textAfter('u a i', 0.28, ['u', 'a', 'i'])).toBe('u a i');
    expect(textAfter('x y z', 0.14, ['x', ' ', 'y', ' ', 'z'])).toBe('x y z');
    expect(textAfter('à À â Â', 0.15, ['à', 'À', 'â', 'Â'])).toBe('à À â Â');
    expect(textAfter('A A A A', 0.15, ['A', 'A', 'A', 'A'])).toBe('A A A A');
    expect(textAfter('j a v a', 0, ['j', 0.12, 'a', 0.12, 'v', 0.12, 'a'])).toBe('java');
    // Moves of other widths a string sets (a justified line of one-letter words, glyphs placed in columns) stay spaces.
    expect(textAfter('y a o', 0, ['y', 0.19, 'a', 0.19, 'o'])).toBe('y a o');
    expect(textAfter('j a v a', 0, ['j', 0.12, 'a', 0.09, 'v', 0.15, 'a'])).toBe('j a v a');
  });
});
