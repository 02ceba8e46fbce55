import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { unmangleGroffOutlineTitle } from './groff-outline-title';
import { readPdfOutline } from './pdf-outline';

// The mangled titles below are what gropdf 1.22.4 wrote here for Debian's translated manual pages.
describe('groff outline titles', () => {
  it('reads Latin titles back: ASCII after its zero byte, accented letters from their digits', () => {
    expect(unmangleGroffOutlineTitle('3763770033400B00E00R00S00E00T00Z00U00N00G')).toBe('ÜBERSETZUNG');
    expect(unmangleGroffOutlineTitle('37637700B01101013000D00Y')).toBe('BŁĘDY');
    expect(unmangleGroffOutlineTitle('37637700M00e00s00s00a00g00e00 00d403100e00r00r00e00u00r')).toBe('Message d’erreur');
  });

  it('keeps digits that stand for themselves apart from the digits of an escape', () => {
    const title = '37637700A00p00p00r00o00c00h00e00 00-00p00r00i00n00t00000 00|00 00x00a00r00g00s00 00-00000 00273';
    expect(unmangleGroffOutlineTitle(title)).toBe('Approche -print0 | xargs -0 »');
  });

  it('reads Cyrillic, whose bytes are all escaped', () => {
    expect(unmangleGroffOutlineTitle('37637704360421042704360440')).toBe('ОБЗОР');
    expect(unmangleGroffOutlineTitle('3763770441043404360442044004300442042500 04420420043204260425')).toBe('СМОТРИТЕ ТАКЖЕ');
  });

  it('leaves every other title as it is', () => {
    for (const title of ['OPIS', '376377', '3763779', '1.2 Results', '376377-not-octal']) {
      expect(unmangleGroffOutlineTitle(title)).toBe(title);
    }
  });

  it("reads a gropdf file's outline with its Polish titles", async () => {
    const bytes = new Uint8Array(await readFile(new URL('../../../../test-data/pdf-outline/whatis.1.pl.gropdf.pdf', import.meta.url)));
    const titles = (await readPdfOutline(bytes, 'whatis.1.pl.gropdf.pdf')).outline.map((entry) => entry.title);
    expect(titles).toEqual(expect.arrayContaining(['SKŁADNIA', 'KOD ZAKOŃCZENIA', 'ŚRODOWISKO', 'ZOBACZ TAKŻE', 'BŁĘDY']));
    expect(titles.filter((title) => title.startsWith('376377'))).toEqual([]);
  });
});
