import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentWarnings } from '../document-builder';
import { pdfParser } from '.';
import type { PdfjsFont } from './pdfjs-font';
import { TexCyrillicFonts } from './tex-cyrillic';

const folder = path.resolve(import.meta.dirname, '../../../../test-data/pdf-glyphs');

/** A font of pdfTeX's bitmap kind: every code's glyph named by the code alone ("a192"). */
const codeNamed: PdfjsFont = { differences: Array.from({ length: 256 }, (_, code) => `a${code}`) };
/** The same codes named as Latin-1's letters (a Type 1 font in a Latin encoding). */
const letterNamed: PdfjsFont = {
  differences: Array.from({ length: 256 }, (_, code) => (code === 0xc0 ? 'Agrave' : `uni00${code.toString(16)}`)),
};

function readAs(font: PdfjsFont, text: string): string {
  const fonts = new TexCyrillicFonts();
  fonts.judge([{ fontName: 'f', str: text }], () => font);
  return fonts.textOf(text, 'f');
}

describe('TeX Cyrillic read from fonts whose glyphs are named by their codes', () => {
  it('reads words made of Latin-1 letters alone as T2A', () => {
    expect(readAs(codeNamed, 'ÐÀÑ×\u009cÒÍÎ-ÏÎßÑÍÈÒÅËÜÍÀß ÇÀÏÈÑÊÀ')).toBe('РАСЧЁТНО-ПОЯСНИТЕЛЬНАЯ ЗАПИСКА');
    expect(readAs(codeNamed, 'Ñîçäàíèå îò÷\u00bcòà ¾ÈÓ¿')).toBe('Создание отчёта «ИУ»');
    // one heading word of four letters or more is enough
    expect(readAs(codeNamed, 'ÐÅÔÅÐÀÒ')).toBe('РЕФЕРАТ');
  });

  it('leaves Latin text whose accented letters stand inside words of ASCII letters', () => {
    const french = 'À la fenêtre, été comme hiver, où la Straße élève';
    expect(readAs(codeNamed, french)).toBe(french);
    expect(readAs(codeNamed, 'À Ô')).toBe('À Ô');
  });

  it('leaves fonts whose glyph names say their letters', () => {
    expect(readAs(letterNamed, 'ÐÀÑ×ÒÍÎ ÇÀÏÈÑÊÀ')).toBe('ÐÀÑ×ÒÍÎ ÇÀÏÈÑÊÀ');
  });

  it('reads a Russian thesis set in bitmap fonts (MiKTeX pdfTeX, LH fonts, no ToUnicode maps)', async () => {
    const fileName = 'bmstu-iu8-example-p1-2.pdf';
    const doc = await pdfParser.parse({ fileName, bytes: new Uint8Array(readFileSync(path.join(folder, fileName))) });
    const texts = doc.texts.map((item) => item.text);
    expect(texts).toContain('РАСЧЁТНО-ПОЯСНИТЕЛЬНАЯ ЗАПИСКА');
    expect(texts).toContain('КАФЕДРА «Информационная безопасность» (ИУ8)');
    expect(texts).toContain('Создание отчёта по НИРС или ВКР');
    expect(texts).toContain('РЕФЕРАТ');
    expect(texts.join(' ')).not.toMatch(/[\u00c0-\u00ff]/u);
    expect(documentWarnings(doc).some((warning) => /read in TeX's Cyrillic encoding/.test(warning))).toBe(true);
  });
});
