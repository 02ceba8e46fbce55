import type { PdfjsFont } from './pdfjs-font';

/**
 * Text of ligature glyphs that pdf.js leaves unmapped. A simple font without a ToUnicode map names
 * its glyphs in its encoding; a ligature's name joins its letters' names with underscores (`Q_u`,
 * `t_t`, `f_f_i`, `uni0066_uni0069`, as the Adobe Glyph List specification writes them). pdf.js
 * reads a few such names; for the others it gives the character code itself, a control character,
 * and the word loses its letters ("ellenangabe" for "Quellenangabe").
 */

const controlCharacter = /[\u0000-\u001f]/u;
const controlCharacters = /[\u0000-\u001f]/gu;
const letterName = /^[A-Za-z]$/u;
const uniName = /^uni((?:[0-9A-F]{4})+)$/u;
const uName = /^u([0-9A-F]{4,6})$/u;

/** `text` with each control character the font names as a ligature replaced by the ligature's letters. */
export function withNamedLigatures(text: string, font: PdfjsFont | undefined): string {
  const names = font?.differences;
  if (!names || !controlCharacter.test(text)) return text;
  return text.replace(controlCharacters, (character) => lettersOfLigature(names[character.codePointAt(0)!]) ?? character);
}

/** The letters a ligature glyph's name spells (`Q_u` -> "Qu"); undefined for any other name. */
export function lettersOfLigature(name: string | null | undefined): string | undefined {
  const base = name?.split('.')[0];
  if (!base?.includes('_')) return undefined;
  let letters = '';
  for (const component of base.split('_')) {
    const text = textOfComponent(component);
    if (text === undefined) return undefined;
    letters += text;
  }
  return letters;
}

function textOfComponent(component: string): string | undefined {
  if (letterName.test(component)) return component;
  const uni = uniName.exec(component);
  if (uni) return String.fromCodePoint(...(uni[1]!.match(/.{4}/gu) ?? []).map((hex) => parseInt(hex, 16)));
  const u = uName.exec(component);
  if (u) {
    const code = parseInt(u[1]!, 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
  }
  return undefined;
}
