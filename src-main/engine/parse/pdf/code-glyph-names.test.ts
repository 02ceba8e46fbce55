import { describe, expect, it } from 'vitest';
import { codeAsText, differencesOf, spellsItsCode, withCodesOfStandIns } from './code-glyph-names';

describe('glyph names that spell their codes in two places of 36', () => {
  it('reads Ghostscript’s names as the codes they stand at, and no other', () => {
    expect(spellsItsCode('AZ', 35)).toBe(true);
    expect(spellsItsCode('B1', 37)).toBe(true);
    expect(spellsItsCode('CR', 99)).toBe(true);
    expect(spellsItsCode('H3', 255)).toBe(true);
    // the same names elsewhere, and glyph names of fonts' own
    expect(spellsItsCode('CR', 13)).toBe(false);
    expect(spellsItsCode('AE', 198)).toBe(false);
    expect(spellsItsCode('fi', 12)).toBe(false);
    expect(spellsItsCode('a99', 99)).toBe(false);
  });

  it('reads the names of a /Differences array by code, counting on after each name', () => {
    const names = differencesOf('[ 35 /AZ 37 /B1 /B2 99 /CR /c#2Ealt ]');
    expect([...names]).toEqual([
      [35, 'AZ'],
      [37, 'B1'],
      [38, 'B2'],
      [99, 'CR'],
      [100, 'c.alt'],
    ]);
  });

  it('gives the codes pdf.js takes for white space a stand-in, read back only where the font names that glyph by its code', () => {
    expect(codeAsText(0x63)).toBe('c');
    expect(codeAsText(0x0e)).toBe('\u000e');
    const text = `the ${codeAsText(0x0c)}le`;
    expect(codeAsText(0x0c)).not.toMatch(/\s/u);
    expect(withCodesOfStandIns(text, (code) => code === 0x0c)).toBe('the \u000cle');
    expect(withCodesOfStandIns(text, () => false)).toBe(text);
  });
});
