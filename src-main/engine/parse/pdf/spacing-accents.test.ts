import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../../ir/types';
import { pdfParser } from '.';

const folder = path.resolve(import.meta.dirname, '../../../../test-data/pdf-accents');
/** Pages cut for their headings that show accents too (their README names their sources and licences). */
const headingsFolder = path.resolve(import.meta.dirname, '../../../../test-data/pdf-headings');
const parse = (fileName: string, from = folder): Promise<DoclingDocument> =>
  pdfParser.parse({ fileName, bytes: new Uint8Array(readFileSync(path.join(from, fileName))) });
const textsOf = async (fileName: string, from = folder): Promise<string[]> => (await parse(fileName, from)).texts.map((item) => item.text);

describe('spacing accents drawn over their letters on real pages', () => {
  it('reads an acute and an ogonek drawn as glyphs of their own over the next letter as one letter (OT1 fonts, Ghostscript)', async () => {
    const texts = await textsOf('wkmgr1-p4.ghostscript.pdf');
    expect(texts).toContain('Wstęp o objętości 3–5 stron winien zawierać:');
    expect(texts).toContain('Józef Miśkiewicz – wersja 0.1 z 11/7/2011 r. – 11 lipca 2011');
    expect(texts.some((text) => /[\u00b4\u02db]/u.test(text))).toBe(false);
  });

  it('puts an accent raised over a capital on it (pdfTeX)', async () => {
    const texts = await textsOf('ugost2008-p16.pdf');
    expect(texts).toContain('Masterly Édouard. Mastering Thesis Writing : Master’s thesis ; Stanford University. — 1988.');
    expect(texts.some((text) => text.includes('´'))).toBe(false);
  });

  it('puts an accent drawn after its letter, back over it, on that letter (pdfTeX)', async () => {
    const texts = await textsOf('texlive-cz-p32.pdf');
    expect(texts.some((text) => text.startsWith('Hàn Thế Thànhovi, Martinu Schröderovi a pdfTEX týmu'))).toBe(true);
  });

  it('keeps the word space before an accent set over the first letter of a word, in an item of several spaces or after a kerned logo (pdfTeX)', async () => {
    const italian = await textsOf('latex4wp-it-p3.pdf', headingsFolder);
    expect(italian.some((text) => text.includes('Lo scopo di questa guida è mostrare come sostituire'))).toBe(true);
    expect(italian.some((text) => text.includes('Il problema di questi programmi è che, di versione in versione'))).toBe(true);
    expect(italian.some((text) => text.startsWith('LATEX è una buona alternativa; ma per chi è abituato'))).toBe(true);
    const german = await textsOf('etdipa_doc_DE-p3.pdf', headingsFolder);
    expect(german.some((text) => text.includes('oder einem ähnlich anspruchsvollen Dokument'))).toBe(true);
    expect(german.some((text) => text.includes('Sie können mich über simon.laube@gmx.at erreichen.'))).toBe(true);
  });

  it('leaves a tilde the next word does not start under as it is (pdfeTeX)', async () => {
    const texts = await textsOf('FAQ-CervanTeX-p28.pdf');
    expect(texts.some((text) => text.includes('elimina el uso de ˜ para la eñe'))).toBe(true);
  });
});
