import type { PdfjsFont } from './pdfjs-font';

/** A word space is at least this share of the font size; the move that sets an accent over its letter is less. */
const minWordSpace = 0.2;

const codesByText = new WeakMap<object, Map<string, number>>();

/**
 * Whether the one space in an item's text, just before its last character, is a word space, measured. pdf.js writes a
 * space for any move forward between two glyphs, and a font without accented letters (TeX's OT1) moves forward to set
 * an accent over the letter after it ("zał ˛" then "acznika") as it does between words ("non `" then "e"). The item's
 * width less its glyphs' widths is its moves; with one space in the text, that is the move of that space. Undefined
 * when the text has more spaces (their moves cannot be told apart) or the font does not give a glyph's width.
 */
export function wordSpaceBeforeLast(text: string, width: number, fontSize: number, font: PdfjsFont | undefined): boolean | undefined {
  const characters = [...text];
  if (characters.length < 3 || characters[characters.length - 2] !== ' ') return undefined;
  if (characters.filter((character) => character === ' ').length !== 1 || fontSize <= 0) return undefined;
  const codes = codesOf(font);
  if (!codes || !font?.widths) return undefined;
  let glyphs = 0;
  for (const character of characters) {
    if (character === ' ') continue;
    const code = codes.get(character);
    const advance = code === undefined ? undefined : font.widths[code];
    if (typeof advance !== 'number') return undefined;
    glyphs += (advance / 1000) * fontSize;
  }
  return (width - glyphs) / fontSize >= minWordSpace;
}

/** The character code of each text the font's ToUnicode map gives (the first code giving it). */
export function codesOf(font: PdfjsFont | undefined): Map<string, number> | undefined {
  const map = font?.toUnicode?._map;
  if (!font || !map) return undefined;
  let codes = codesByText.get(font);
  if (!codes) {
    codes = new Map();
    for (let code = 0; code < map.length; code++) {
      const text = map[code];
      if (text && !codes.has(text)) codes.set(text, code);
    }
    codesByText.set(font, codes);
  }
  return codes;
}

/** Advances closer than this share of the larger are one width (a face's rounding: 514 and 515). */
const sameAdvance = 0.02;
/**
 * A typewriter face has one advance, or two where its CJK glyphs are set at a full width beside half-width Latin
 * (Noto Sans Mono CJK: 475 and 920). Three or more distinct advances among the glyphs a font declares make it
 * proportional. Undefined when the font gives no widths.
 */
const maxTypewriterAdvances = 2;

/** Whether the font's own widths show a proportional face: more distinct glyph advances than a typewriter face has. */
export function hasProportionalWidths(font: PdfjsFont | undefined): boolean | undefined {
  if (!font?.widths) return undefined;
  const advances = [...new Set(Object.values(font.widths).filter((w): w is number => typeof w === 'number' && w > 0))].sort(
    (a, b) => a - b,
  );
  if (advances.length === 0) return undefined;
  let distinct = 1;
  let last = advances[0]!;
  for (const advance of advances) {
    if (advance - last > sameAdvance * advance) distinct++;
    last = advance;
  }
  return distinct > maxTypewriterAdvances;
}
