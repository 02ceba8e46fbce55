import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isStratumError } from '../../../../src-shared/errors';
import type { DoclingDocument } from '../../ir/types';
import { pdfParser } from '.';

const testData = path.resolve(import.meta.dirname, '../../../../test-data');
const glyphPdf = (name: string): Uint8Array => new Uint8Array(readFileSync(path.join(testData, 'pdf-glyphs', name)));
const controlCode = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;

function allPdfs(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return allPdfs(full);
    return entry.name.endsWith('.pdf') ? [full] : [];
  });
}

function everyText(doc: DoclingDocument): string[] {
  const cells = doc.tables.flatMap((table) => table.data.table_cells.map((cell) => cell.text));
  return [...doc.texts.map((item) => item.text), ...cells];
}

describe('symbol-font glyphs in PDF lines', () => {
  it('start list items at bullets of a font that maps them to control codes (bidi manual, XeTeX, bbding font)', async () => {
    const doc = await pdfParser.parse({ fileName: 'bidi-doc-p5.pdf', bytes: glyphPdf('bidi-doc-p5.pdf') });
    const items = doc.texts.filter((item) => item.label === 'list_item');
    expect(items.map((item) => item.text)).toEqual([
      '\\bidiversion gives the current version of the package.',
      '\\bididate gives the current date of the package.',
      '\\TeXXeTOn turns TeX--XeT feature on, which is active by default when bidi package is loaded.',
      '\\TeXXeTOff turns TeX--XeT feature off.',
    ]);
    expect(items.every((item) => 'marker' in item && item.marker === '\u2022')).toBe(true);
  });

  it('read ornament glyphs drawn one over the other as separate marks, not one word (sexam manual, XeTeX, dingbat frame)', async () => {
    const doc = await pdfParser.parse({ fileName: 'sexam-doc-ar-p1.pdf', bytes: glyphPdf('sexam-doc-ar-p1.pdf') });
    const texts = doc.texts.map((item) => item.text);
    expect(texts.find((text) => text.startsWith('ab b'))).toMatch(/^ab( b){40,}c d$/);
    // the Arabic title keeps its words, and the A of the LaTeX logo, tucked under the L, its word
    expect(texts).toContain('استعمال حزمة exam في كتابة مواضيع الامتحانات والفروض بالعربية');
    expect(texts).toContain('LATEX4 ALL');
  });

  it('put a vowel mark that pdf.js reads on its own back on its letter (quran manual, XeTeX, fully vowelled Arabic)', async () => {
    const doc = await pdfParser.parse({ fileName: 'quran-doc-p5.pdf', bytes: glyphPdf('quran-doc-p5.pdf') });
    const arabic = doc.texts.map((item) => item.text).filter((text) => /[\u0600-\u06FF]/u.test(text));
    expect(arabic.length).toBeGreaterThanOrEqual(5);
    for (const text of arabic) {
      expect(text.normalize('NFC').startsWith('بِسمِ اللَّهِ الرَّحمٰنِ الرَّحيمِ '.normalize('NFC'))).toBe(true);
      expect(text).not.toMatch(/(?<=\p{L}) \p{M}/u);
    }
  });

  it('read right-to-left words inside a left-to-right sentence in their order, marks on their letters (Chromium)', async () => {
    const doc = await pdfParser.parse({ fileName: 'mixed-direction.chromium.pdf', bytes: glyphPdf('mixed-direction.chromium.pdf') });
    const text = doc.texts.map((item) => item.text.normalize('NFC')).join('\n');
    for (const expected of [
      'The Hebrew word שלום עולם means',
      'the Arabic phrase مرحبا بالعالم means',
      'In such words as شَيءًا, ظِمءًا the',
    ]) {
      expect(text).toContain(expected.normalize('NFC'));
    }
    expect(text).toContain('The name יְרוּשָׁלַיִם has vowel points.'.normalize('NFC'));
  });

  it('never put a control code into any text of the test PDFs', { timeout: 120_000 }, async () => {
    let read = 0;
    for (const file of allPdfs(testData)) {
      let doc: DoclingDocument;
      try {
        doc = await pdfParser.parse({ fileName: path.basename(file), bytes: new Uint8Array(readFileSync(file)) }, { ocr: 'off' });
      } catch (error) {
        // encrypted and damaged files have no text to check
        if (isStratumError(error)) continue;
        throw error;
      }
      read++;
      const leaking = everyText(doc).filter((text) => controlCode.test(text));
      expect(leaking, path.relative(testData, file)).toEqual([]);
    }
    expect(read).toBeGreaterThan(10);
  });
});
