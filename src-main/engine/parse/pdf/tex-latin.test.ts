import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentWarnings } from '../document-builder';
import { pdfParser } from '.';
import type { PdfjsFont } from './pdfjs-font';
import { TexLatinFonts } from './tex-latin';

const folder = path.resolve(import.meta.dirname, '../../../../test-data/pdf-pictures');

/** A font of pdfTeX's bitmap kind: every code's glyph named by the code alone ("a27"). */
const codeNamed: PdfjsFont = { differences: Array.from({ length: 256 }, (_, code) => `a${code}`) };
/** pdfTeX names only the glyphs a bitmap font uses: a code left unnamed is read by its code too. */
const partlyNamed: PdfjsFont = { differences: Array.from({ length: 256 }, (_, code) => (code < 0x20 ? undefined : `a${code}`)) };
/** Glyphs named for what they are: pdf.js reads them, and a control character left is none of TeX's. */
const letterNamed: PdfjsFont = { differences: Array.from({ length: 256 }, (_, code) => `uni00${code.toString(16).padStart(2, '0')}`) };

function readAs(fonts: TexLatinFonts, font: PdfjsFont, text: string, fontName = 'f'): string {
  fonts.judge([{ fontName, str: text }], () => font);
  return fonts.textOf(text, fontName);
}

describe("TeX's Latin encodings read from fonts whose glyphs are named by their codes", () => {
  it('reads the ligatures, quotes and dashes of Cork (T1) where its ligature codes stand inside words', () => {
    const text = 'di\u001berent \u001crst e\u001ecient \u001dexible \u0010quoted\u0011 pages 1\u00152';
    expect(readAs(new TexLatinFonts(), codeNamed, text)).toBe('different first efficient flexible “quoted” pages 1–2');
  });

  it("takes Cork's letters read as signs inside words for its sign, in a font that sets no ligature (a heading's face)", () => {
    expect(readAs(new TexLatinFonts(), codeNamed, 'D\u00e9placer un n\u00f7ud, le c\u00f7ur')).toBe('Déplacer un nœud, le cœur');
    // letters of Latin-1's upper half are no sign of Cork: an encoding with that upper half sets them inside words
    expect(readAs(new TexLatinFonts(), codeNamed, 'Stra\u00dfe und Stra\u00dfen')).toBe('Stra\u00dfe und Stra\u00dfen');
  });

  it("reads Cork's upper half where it is not Latin-1, in names of two places of 36 too (Ghostscript)", () => {
    const text = 'di\u001berent \u001crst \u00e4u\u00ffersten c\u00f7ur \u00aa\u00f3d\u00b9 \u00bb\u00f3d\u00b9';
    expect(readAs(new TexLatinFonts(), codeNamed, text)).toBe('different first äußersten cœur łódź żódź');
    const ghostscript: PdfjsFont = {
      differences: Array.from(
        { length: 256 },
        (_, code) => `${String.fromCharCode(0x41 + Math.floor(code / 36))}${(code % 36).toString(36).toUpperCase()}`,
      ),
    };
    expect(readAs(new TexLatinFonts(), ghostscript, 'hoffentlich di\u001berent \u001crst \u00e4u\u00ffersten')).toBe(
      'hoffentlich different first äußersten',
    );
    // OT1 has no upper half, but its quotes and dashes stand where ASCII has other signs
    expect(
      readAs(new TexLatinFonts(), codeNamed, 'di\u000berent \u000crst \u00e4u\u00ffersten \\Concrete Mathematics" pages 1{2 | no'),
    ).toBe('different first äuÿersten “Concrete Mathematics” pages 1–2 — no');
  });

  it("reads OT1's ligatures and letters where its ligature codes stand inside words", () => {
    expect(readAs(new TexLatinFonts(), codeNamed, 'di\u000berent \u000crst Stra\u0019e')).toBe('different first Straße');
  });

  it('leaves a font that shows too few ligatures, or both encodings alike', () => {
    expect(readAs(new TexLatinFonts(), codeNamed, 'the \u001crst')).toBe('the \u001crst');
    const mixed = 'di\u001berent \u001crst H\u000cjskole S\u000bren';
    expect(readAs(new TexLatinFonts(), codeNamed, mixed)).toBe(mixed);
    // a math font's Greek at the ligatures' codes stands beside a variable or two (τx, σy)
    const formulas = 'where \u001cx and \u001by give the value \u001cxy';
    expect(readAs(new TexLatinFonts(), codeNamed, formulas)).toBe(formulas);
  });

  it('leaves a font whose text reads as symbols (dvips numbers the glyphs of its bitmap fonts in its own order)', () => {
    const symbols = "ab\u001ccd ef\u001bgh %$'&(*),+!# b%$'&h(_*),+ d!#\"";
    expect(readAs(new TexLatinFonts(), codeNamed, symbols)).toBe(symbols);
  });

  it("reads a document's fonts in its encoding once its pages have shown two ligatures, a glyph left unnamed by its code too", () => {
    const fonts = new TexLatinFonts();
    // a contents page: one ligature in its entries' font, dot leaders and page numbers around it
    const contents = 'Using di\u001berent viewpoints . . . . . . . . . . . . 8';
    expect(readAs(fonts, codeNamed, contents, 'body')).toBe(contents);
    expect(readAs(fonts, partlyNamed, 'Con\u001cguring KiNG . . . . . . 12', 'bold')).toBe('Configuring KiNG . . . . . . 12');
    expect(readAs(fonts, codeNamed, contents, 'body')).toBe('Using different viewpoints . . . . . . . . . . . . 8');
    expect(readAs(fonts, codeNamed, '\u0010x\u0011', 'math')).toBe('\u0010x\u0011');
  });

  it('leaves fonts whose glyph names say their text', () => {
    const text = 'di\u001berent \u001crst e\u001ecient';
    expect(readAs(new TexLatinFonts(), letterNamed, text)).toBe(text);
  });

  it('reads a page that pdfTeX set in T1 bitmap fonts (no cm-super, no ToUnicode maps)', async () => {
    const fileName = 'tikz-ladder-doc-p5.pdf';
    const doc = await pdfParser.parse({ fileName, bytes: new Uint8Array(readFileSync(path.join(folder, fileName))) });
    const text = doc.texts.map((item) => item.text).join('\n');
    for (const word of ['affected', 'Tik Z “program”', 'a filler of two units', 'all specified in']) expect(text).toContain(word);
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/u);
    expect(documentWarnings(doc).some((warning) => /read in TeX's Latin encodings/.test(warning))).toBe(true);
  });
});
