import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfParser } from '.';
import { withFallbackGlyphsInGaps } from './fallback-glyphs';
import { textRun } from './test-runs';

const folder = path.resolve(import.meta.dirname, '../../../../test-data/pdf-fallback-glyphs');
const textOf = async (fileName: string): Promise<string> => {
  const doc = await pdfParser.parse({ fileName, bytes: new Uint8Array(readFileSync(path.join(folder, fileName))) });
  return doc.texts.map((item) => item.text).join('\n');
};
const words = (text: string): string[] => text.split(/[\s,.()]+/u).filter((word) => word !== '');

describe('glyphs of a fallback font in the gaps left for them', () => {
  it('puts each glyph LibreOffice draws in another font into its word (LibreOffice, Vietnamese)', async () => {
    const text = await textOf('iso-codes-vi-p2.libreoffice.pdf');
    expect(text).toContain('Vương Quốc Căm Bốt, Vương Quốc Đan Mạch, Vương quốc Lê-xô-thô');
    expect(text).toContain('Cộng hoà Nhân dân Dân chủ');
    // no letter with its marks stands alone, cut from its word
    expect(words(text).filter((word) => /^[ạ-ỹ]$/u.test(word))).toEqual([]);
  });

  it('leaves the same words whole where the letters of each font are runs of their own (Chromium, Vietnamese)', async () => {
    const text = await textOf('iso-codes-vi-p2.chromium.pdf');
    expect(text).toContain('Vương Quốc Căm Bốt, Vương Quốc Đan Mạch, Vương quốc Lê-xô-thô');
    expect(text).toContain('Cộng hoà Nhân dân Dân chủ');
  });

  it('leaves a copy in the same font, and a glyph near no gap, as runs of their own', () => {
    const host = { ...textRun('ab cd', 100, 700), right: 130 };
    const sameFont = { ...textRun('x', 112, 700), right: 118 };
    const farFromGap = { ...textRun('y', 103, 700), right: 106 };
    const placed = withFallbackGlyphsInGaps([
      { run: host, fontName: 'f1' },
      { run: sameFont, fontName: 'f1' },
      { run: farFromGap, fontName: 'f2' },
    ]);
    expect(placed.map((run) => run.text)).toEqual(['ab cd', 'x', 'y']);
  });
});
