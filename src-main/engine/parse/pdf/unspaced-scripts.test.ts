import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfParser } from '.';
import { markedContentBegins } from './marked-content';

const folder = path.resolve(import.meta.dirname, '../../../../test-data/pdf-complex');
const textOf = async (fileName: string): Promise<string> => {
  const doc = await pdfParser.parse({ fileName, bytes: new Uint8Array(readFileSync(path.join(folder, fileName))) });
  return doc.texts.map((item) => item.text).join('\n');
};

describe('Khmer, Myanmar and Thai text, written without spaces between words', () => {
  it("keeps the zero-width spaces between Khmer words that Chromium draws as glyphs pdf.js reads as nothing (their ActualText's)", async () => {
    const text = await textOf('khmer-messages-p1.chromium.pdf');
    expect(text).toContain('សូម\u200bទោស អ្នក\u200bអស់\u200bពេល\u200bហើយ ! ...អស់\u200bពេល...');
    expect(text).toContain('កម្មវិធី\u200bត្រូវ\u200bតែ\u200bហៅ libpam ម្ដង\u200bទៀត');
  });

  it('reads the same Khmer page as LibreOffice draws it, without zero-width spaces', async () => {
    const text = await textOf('khmer-messages-p1.libreoffice.pdf');
    expect(text).toContain('សូមទោស អ្នកអស់ពេលហើយ ! ...អស់ពេល...');
  });

  it('measures a Myanmar cluster whose medial ra glyph its font leaves unmapped, and sets no space inside the word (LibreOffice)', async () => {
    const text = await textOf('myanmar-messages-p2.libreoffice.pdf');
    // "စမ်းကြည့်ပါ TIFF" and "အကြားမှ", escaped: editors draw the medial ra apart from its consonant
    expect(text).toContain('\u1005\u1019\u103a\u1038\u1000\u103c\u100a\u103a\u1037\u1015\u102b TIFF');
    expect(text).toContain('\u1021\u1000\u103c\u102c\u1038\u1019\u103e');
  });

  it('reads no Latin letter for a Thai glyph whose ToUnicode entry is empty (WeasyPrint), and Chromium’s page whole', async () => {
    const weasyPrint = await textOf('thai-messages-p1.weasyprint.pdf');
    // The nikhahit of sara am stands for no text in the map: left out, as pdftotext leaves it out, not read as "Ě".
    expect(weasyPrint).toContain('คาสั่งล้มเหลว');
    expect(weasyPrint).not.toMatch(/\p{Script=Thai}\p{Script=Latin}+\p{Script=Thai}/u);
    expect(await textOf('thai-messages-p1.chromium.pdf')).toContain('คำสั่งล้มเหลว');
  });
});

describe('markedContentBegins and shown text', () => {
  it('marks the sequences with an ActualText that show text, even when pdf.js reads their glyphs as nothing', () => {
    const stream = '/Span <</ActualText <feff200b>>> BDC <0001> Tj EMC /Span <</ActualText (x)>> BDC 0 0 m 1 1 l S EMC';
    expect(markedContentBegins(Buffer.from(stream, 'latin1'))).toEqual([
      { tag: 'Span', actualText: '\u200b', showsText: true },
      { tag: 'Span', actualText: 'x' },
    ]);
  });
});
