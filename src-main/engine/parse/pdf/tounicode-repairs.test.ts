import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentWarnings } from '../document-builder';
import { pdfParser } from '.';
import { readToUnicodeMap, writeToUnicodeMap } from './tounicode-cmap';
import { withFontsOwnText } from './tounicode-repairs';

const folder = path.resolve(import.meta.dirname, '../../../../test-data/pdf-rtl-maps');
const bytesOf = (fileName: string, under = folder): Uint8Array => new Uint8Array(readFileSync(path.join(under, fileName)));
const parsed = async (fileName: string) => pdfParser.parse({ fileName, bytes: bytesOf(fileName) });
const textsOf = async (fileName: string): Promise<string[]> => (await parsed(fileName)).texts.map((item) => item.text);

describe('ToUnicode maps written from misaligned right-to-left clusters (WeasyPrint)', () => {
  it('reads Hebrew from the fonts’ own character maps, where pdf.js read one glyph as a paragraph', async () => {
    const doc = await parsed('iso-codes-he-p1.weasyprint.pdf');
    const texts = doc.texts.map((item) => item.text);
    expect(texts[0]).toBe('אפגניסטן');
    expect(texts).toContain(
      "אלבניה, אלג'יריה, סמואה האמריקנית, אנדורה, אנגולה, אנגווילה, אנטרקטיקה, אנטיגואה וברבודה, מצרים, ארגנטינה, " +
        'הרפובליקה הארגנטינאית, ארמניה, ארובה, אוסטרליה.',
    );
    expect(texts).toContain('ברונאי דרוסלאלם');
    expect(documentWarnings(doc).some((warning) => /ToUnicode maps of 2 font\(s\).*DejaVu-Sans/.test(warning))).toBe(true);
  });

  it('reads Arabic with its lam-alef ligatures in order, and the Latin words set inside it', async () => {
    const texts = await textsOf('iso-codes-ar-p1.weasyprint.pdf');
    expect(texts[0]).toBe('الأبخازية');
    const paragraph = texts[1]!;
    expect(paragraph).toContain('أفرهيلي، الأفريقانية، العربية الصحراوية الجزائرية، العربية، العربية، الصحراء الجزائرية');
    expect(paragraph).toMatch(/Arabic/);
    expect(texts.some((text) => text.includes('الأذربيجانية، البلوشي، البمبرية، الباسك'))).toBe(true);
    expect(texts.join(' ')).toMatch(/Basque/);
  });

  it('leaves maps that agree with their fonts as they are (Chromium, LibreOffice)', async () => {
    for (const fileName of ['iso-codes-ar-p1.chromium.pdf', 'iso-codes-ar-p1.libreoffice.pdf']) {
      const repair = await withFontsOwnText(bytesOf(fileName));
      expect(repair?.fonts ?? []).toEqual([]);
    }
    const texTeX = path.resolve(folder, '../pdf-glyphs');
    expect((await withFontsOwnText(bytesOf('lshort-persian-p51.pdf', texTeX)))?.fonts ?? []).toEqual([]);
  });
});

describe('ToUnicode entries of several right-to-left characters', () => {
  it('reads lam-alef ligatures in order where the page also has them read right (LibreOffice)', async () => {
    const texts = await textsOf('iso-codes-ar-p1.libreoffice.pdf');
    expect(texts[0]).toBe('الأبخازية');
    expect(texts[1]).toContain('أفرهيلي، الأفريقانية، العربية الصحراوية الجزائرية');
    expect(texts.some((text) => text.includes('البيلاروسية، البنغالية'))).toBe(true);
  });
});

describe('ToUnicode maps of fonts kept in object streams (xdvipdfmx)', () => {
  it('reads a Persian font’s entries of several letters in order, as for fonts written out in the file', async () => {
    const fileName = 'xepersian-doc-p18.pdf';
    const doc = await pdfParser.parse({ fileName, bytes: bytesOf(fileName, path.resolve(folder, '../pdf-glyphs')) });
    const cells = doc.tables.flatMap((table) => table.data.table_cells.map((cell) => cell.text));
    // the final "ضی" of ریاضی ("mathematics") is one glyph, whose entry pdf.js turned round: "ریایض"
    expect(cells).toContain('\\اعراب ریاضی');
    expect(cells.join(' ')).not.toContain('ریایض');
  });
});

describe('right-to-left lines', () => {
  it('keeps a bracket whose ActualText is its mirror image as drawn (Chromium)', async () => {
    const texts = await textsOf('iso-codes-ar-p1.chromium.pdf');
    expect(texts[1]).toContain('الصحراء الجزائرية (Arabic, Algerian Saharan)، العربية');
    expect(texts.some((text) => text.includes('الباسك (Basque)، البيلاروسية'))).toBe(true);
  });

  it('puts a word’s last vowel sign back on it from after the comma and space (Thaana, LibreOffice)', async () => {
    const texts = await textsOf('iso-codes-dv-p2.libreoffice.pdf');
    expect(texts[0]).toMatch(/^އަލްބޭނިއާ, ޖަޒާއިރު, އެމެރިކަން ސަމޯއާ, އެންޑޯރާ, /u);
  });
});

describe('ToUnicode CMaps', () => {
  it('reads bfchar entries, counted ranges and ranges of values, and writes them back', () => {
    const map = readToUnicodeMap(
      [
        '1 begincodespacerange <0000> <FFFF> endcodespacerange',
        '2 beginbfchar <0003> <0020> <0005> <> endbfchar',
        '2 beginbfrange <0010> <0012> <05D0> <0020> <0021> [<0644 0627> <FB01>] endbfrange',
      ].join('\n'),
    )!;
    expect(map.codeBytes).toBe(2);
    expect([...map.entries]).toEqual([
      [3, ' '],
      [5, ''],
      [0x10, 'א'],
      [0x11, 'ב'],
      [0x12, 'ג'],
      [0x20, 'لا'],
      [0x21, 'ﬁ'],
    ]);
    expect(readToUnicodeMap(writeToUnicodeMap(map))).toEqual(map);
  });
});

describe('ToUnicode entries written in little-endian UTF-16 (Ghostscript)', () => {
  it('reads the ligatures "Th", "fi" and "tt" in their byte order, where pdf.js read "吀栀", "昀椀" and "琀琀", and says so', async () => {
    const fileName = 'tracklang-manual-p39.ghostscript.pdf';
    const doc = await pdfParser.parse({ fileName, bytes: bytesOf(fileName, path.resolve(folder, '../pdf-ligature-maps')) });
    const text = doc.texts.map((item) => item.text).join('\n');
    expect(text).toContain('The tracklang package tries to track the loaded languages');
    expect(text).toContain('For want of a better term');
    expect(text).not.toMatch(/[吀栀昀椀琀]/u);
    expect(
      documentWarnings(doc).some((warning) =>
        /ToUnicode map\(s\) give some glyphs \(ligatures\) their text in the wrong byte order/.test(warning),
      ),
    ).toBe(true);
  });
});

describe('ToUnicode maps that leave out glyphs their fonts name (dvipdfmx 2012, fonts inside object streams)', () => {
  const fileName = 'xyguide-p3-14.pdf';
  const bytes = () => bytesOf(fileName, path.resolve(folder, '../pdf-ligature-maps'));

  it('reads ligatures, quotes, dashes and letters the map leaves out from the CFF programs’ glyph names, and says so', async () => {
    const doc = await pdfParser.parse({ fileName, bytes: bytes() });
    const text = doc.texts.map((item) => item.text).join('\n');
    // pdf.js gave the codes themselves: a form feed for "fi" (a space), `"` and `\` for the quotes, `{` for the dash
    expect(text).toContain('the most æsthethic');
    expect(text).toContain('(as “limits”)');
    expect(text).toContain('DK–2100 København Ø');
    expect(text).toMatch(/\bspecified\b/u);
    expect(text).not.toMatch(/\bspe ed\b/u);
    expect(text).not.toMatch(/[\\{]2100|K\s?benhavn/u);
    expect(documentWarnings(doc).some((warning) => /ToUnicode maps of 4 font\(s\) \(.*CMR10.*\) leave out glyphs/.test(warning))).toBe(
      true,
    );
  });

  it('adds to a font only the codes its map leaves out, and leaves complete maps alone', async () => {
    const repair = await withFontsOwnText(bytes());
    expect(repair?.partialMapFonts).toEqual(expect.arrayContaining(['MUTIQG+CMR10', 'UNEMAS+CMSY10']));
    const texTeX = path.resolve(folder, '../pdf-glyphs');
    expect((await withFontsOwnText(bytesOf('lshort-persian-p51.pdf', texTeX)))?.partialMapFonts ?? []).toEqual([]);
  });
});

// Ghostscript names the glyphs of dvips's bitmap fonts by their codes in two places of 36 and writes their maps from
// those names: "CR" (99) read as a carriage return, "AE" (14, OT1's "ffi") as "Æ", "CL" (93) as "℄".
describe('ToUnicode maps written from glyph names that say only the glyphs’ codes (dvips, Ghostscript)', () => {
  const type3 = path.resolve(folder, '../pdf-type3');

  it('reads each glyph by its code: "c", "]" and the ligatures come back, and says so (GPL Ghostscript 8.54)', async () => {
    const doc = await pdfParser.parse({ fileName: 'beton-p1.pdf', bytes: bytesOf('beton-p1.pdf', type3) });
    const text = doc.texts.map((item) => item.text).join('\n');
    expect(text).toContain('The purpose of the beton package is to provide a setup so that documents');
    expect(text).toContain("In [1], the margin contains numerous humorous notes, so-called `graffiti', contributed");
    // OT1's "fi" and "ff" at 12 and 11, which pdf.js took for a form feed and a vertical tab and left out
    expect(text).toContain('look for the file gkpmac.tex in directory');
    expect(text).toContain('the values specified by the standard');
    expect(text).toContain('is provided to turn this feature off.');
    // OT1's quotes, read as a backslash and a straight quote by their codes
    expect(text).toContain('macros for the book “Concrete Mathematics” [1].');
    expect(text).not.toMatch(/[Æ℄]|pa kage/u);
    expect(documentWarnings(doc).some((warning) => /^3 ToUnicode map\(s\) read glyph names that say only/.test(warning))).toBe(true);
  });

  it('reads a German page so (ESP Ghostscript 8.15), and leaves fonts with names of their own alone', async () => {
    const doc = await pdfParser.parse({ fileName: 'minipage-marginpar-p1.pdf', bytes: bytesOf('minipage-marginpar-p1.pdf', type3) });
    expect(doc.texts[0]?.text).toBe('Das minipage-marginpar-Package Randnotizen auch in Minipages∗');
    expect(
      (await withFontsOwnText(bytesOf('tracklang-manual-p39.ghostscript.pdf', path.resolve(folder, '../pdf-ligature-maps'))))
        ?.codeNamedMaps,
    ).toBe(0);
  });
});
