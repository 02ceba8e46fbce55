import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../../ir/types';
import { pdfParser } from '.';
import { lettersOfLigature, withNamedLigatures } from './ligature-glyphs';

const folder = path.resolve(import.meta.dirname, '../../../../test-data/pdf-headings');
let parsed: Promise<DoclingDocument> | undefined;
const udesoftec = (): Promise<DoclingDocument> =>
  (parsed ??= pdfParser.parse({
    fileName: 'udesoftec-doc.pdf',
    bytes: new Uint8Array(readFileSync(path.join(folder, 'udesoftec-doc.pdf'))),
  }));

describe('ligature glyphs named in the encoding', () => {
  it('spells a ligature from the names of its letters, and nothing else', () => {
    expect(lettersOfLigature('Q_u')).toBe('Qu');
    expect(lettersOfLigature('f_f_i')).toBe('ffi');
    expect(lettersOfLigature('t_t.alt')).toBe('tt');
    expect(lettersOfLigature('uni0066_uni0069')).toBe('fi');
    expect(lettersOfLigature('uni00660069')).toBeUndefined();
    expect(lettersOfLigature('quotedblbase')).toBeUndefined();
    expect(lettersOfLigature('longs_t')).toBeUndefined();
    expect(lettersOfLigature(undefined)).toBeUndefined();
  });

  it('replaces only the control characters the font names as ligatures', () => {
    const differences: (string | null)[] = [];
    differences[0x1d] = 't_t';
    differences[0x1e] = 'Q_u';
    expect(withNamedLigatures('\u001eellenangabe, Abschni\u001d\u0001', { differences })).toBe('Quellenangabe, Abschnitt\u0001');
    expect(withNamedLigatures('\u001eellen', undefined)).toBe('\u001eellen');
  });

  it('reads the "Qu" and "tt" ligatures of Linux Libertine set by pdfTeX without a ToUnicode map', async () => {
    const doc = await udesoftec();
    const text = doc.texts.map((t) => t.text).join('\n');
    expect(text).toContain('Quellenangabe');
    expect(text).toContain('Abschnitt');
    expect(text).not.toMatch(/[\u0000-\u001f]ellenangabe/u);
  });

  it('reads a page whose content ends a clipping path with no segments (pdfTeX)', async () => {
    const doc = await udesoftec();
    const page15 = doc.texts.filter((t) => t.prov[0]?.page_no === 15).map((t) => t.text);
    expect(page15.some((text) => text.includes('Merkmal-Aufzählungen mit festem Einschub'))).toBe(true);
  });
});
