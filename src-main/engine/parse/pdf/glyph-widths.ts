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
  let glyphs = 0;
  for (const character of characters) {
    if (character === ' ') continue;
    const advance = characterAdvance(font, character);
    if (advance === undefined) return undefined;
    glyphs += advance * fontSize;
  }
  return (width - glyphs) / fontSize >= minWordSpace;
}

/** pdf.js writes a space for a move forward of more than this share of the font size (its tracking-space factor). */
const pdfjsSpaceMove = 0.102;
const lowercaseLetter = /^\p{Ll}$/u;

/**
 * Whether the space pdf.js wrote before a spacing accent can only be a word space, judged from the letter the accent is
 * set over. TeX centres an accent over a letter by moving forward half the difference of their widths; for a lowercase
 * letter that move is shorter than the one pdf.js writes a space for (a capital is taller, and a slanted font moves the
 * accent further over it by more than the widths say). Undefined for a capital, or a glyph its font gives no width for.
 */
export function centringMoveWritesNoSpace(
  accent: string,
  accentFont: PdfjsFont | undefined,
  letter: string,
  letterFont: PdfjsFont | undefined,
): boolean | undefined {
  if (!lowercaseLetter.test(letter)) return undefined;
  const accentWidth = characterAdvance(accentFont, accent);
  const letterWidth = characterAdvance(letterFont, letter);
  if (accentWidth === undefined || letterWidth === undefined) return undefined;
  return (letterWidth - accentWidth) / 2 < pdfjsSpaceMove;
}

/** The advance of the font's glyph for a character (the first code its ToUnicode map gives it), in font sizes. */
export function characterAdvance(font: PdfjsFont | undefined, character: string): number | undefined {
  const code = codesOf(font)?.get(character);
  return font && code !== undefined ? glyphAdvance(font, code) : undefined;
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
  // A font is shared by the pages that use it: its widths (thousands of them in a CID font) are read once.
  if (proportionalByFont.has(font)) return proportionalByFont.get(font);
  const proportional = hasMoreAdvancesThanATypewriter(font.widths);
  proportionalByFont.set(font, proportional);
  return proportional;
}

const proportionalByFont = new WeakMap<PdfjsFont, boolean | undefined>();

function hasMoreAdvancesThanATypewriter(widths: NonNullable<PdfjsFont['widths']>): boolean | undefined {
  const advances = [...new Set(Object.values(widths).filter((w): w is number => typeof w === 'number' && w > 0))].sort((a, b) => a - b);
  if (advances.length === 0) return undefined;
  let distinct = 1;
  let last = advances[0]!;
  for (const advance of advances) {
    if (advance - last > sameAdvance * advance) distinct++;
    last = advance;
  }
  return distinct > maxTypewriterAdvances;
}

/** The longest text a font's ToUnicode map gives one glyph that the segmentation tries (a conjunct's letters, "क्ष्" and more). */
const longestGlyphText = 6;
/**
 * pdf.js's test for a zero-width diacritic, as it applies it: any nonspacing mark anywhere in a glyph's text. The marks
 * of a script count; a variation selector (an emoji's text presentation, "🔎︎") does not: the glyph it selects is
 * left as pdf.js measures it.
 */
const holdsNonspacingMark = /(?!\p{Variation_Selector})\p{Mn}/u;
/** A character that takes room: anything but nonspacing and enclosing marks and format characters. */
const holdsSpacingCharacter = /[^\p{Mn}\p{Me}\p{Cf}]/u;

/** Whether pdf.js left out the advance of some glyph of `text`: a glyph whose text holds a nonspacing mark. */
export function mayLackAdvances(text: string): boolean {
  return holdsNonspacingMark.test(text);
}

/** The advance of a text item's glyphs as its font draws them, and the part of it pdf.js leaves out, in font sizes. */
export interface DrawnAdvance {
  drawn: number;
  leftOut: number;
}

/**
 * The advance of a text item as its font draws it. pdf.js takes a glyph whose text holds a nonspacing mark anywhere for
 * a zero-width diacritic and neither counts its advance nor moves on by it: a Devanagari half form or conjunct mapped
 * to letters with a virama ("स्", "क्ल"), a vowel sign with its consonant, then measure nothing (`leftOut`), and the
 * item ends short of where its glyphs end (and of where the next item, placed by the page, begins: a space in the
 * middle of a word). A glyph of nonspacing marks alone (the u sign, a variation selector) measures nothing here either,
 * as a mark drawn over its letter does. The item's text is cut into the texts of its fonts' glyphs (the longest
 * first): `fonts` are the item's font, then the fonts a producer split the same face into (Chromium's Type 3 fonts of
 * 256 glyphs each), which pdf.js reads on into one item. Undefined when a part is no glyph's text (a space pdf.js put
 * in for a jump, an unmapped glyph).
 */
export function drawnAdvance(text: string, fonts: readonly PdfjsFont[]): DrawnAdvance | undefined {
  const measured = fonts.flatMap((font) => {
    const codes = codesOf(font);
    return codes && font.widths ? [{ font, codes }] : [];
  });
  if (measured.length === 0) return undefined;
  const characters = [...text];
  const advance: DrawnAdvance = { drawn: 0, leftOut: 0 };
  for (let at = 0; at < characters.length;) {
    let glyph: { text: string; font: PdfjsFont; code: number } | undefined;
    for (let length = Math.min(longestGlyphText, characters.length - at); length > 0 && !glyph; length--) {
      const glyphText = characters.slice(at, at + length).join('');
      const owner = measured.find(({ codes }) => codes.has(glyphText));
      if (owner) glyph = { text: glyphText, font: owner.font, code: owner.codes.get(glyphText)! };
    }
    glyph ??= unmappedGlyph(characters[at]!, measured);
    if (!glyph) return undefined;
    at += [...glyph.text].length;
    if (!holdsSpacingCharacter.test(glyph.text)) continue;
    const width = glyphAdvance(glyph.font, glyph.code);
    if (width === undefined) return undefined;
    advance.drawn += width;
    if (holdsNonspacingMark.test(glyph.text)) advance.leftOut += width;
  }
  return advance;
}

/**
 * A glyph of a simple font that its ToUnicode map leaves out, which pdf.js reads as the character of its code (LibreOffice
 * maps a Myanmar cluster to its first glyph and leaves the medial ra drawn before it unmapped: "?ကို"); the first font
 * whose map has no entry for that code and whose widths give one.
 */
function unmappedGlyph(
  character: string,
  measured: readonly { font: PdfjsFont }[],
): { text: string; font: PdfjsFont; code: number } | undefined {
  const code = character.codePointAt(0)!;
  if (code > maxSimpleFontCode) return undefined;
  const owner = measured.find(({ font }) => !font.composite && !font.toUnicode?._map?.[code] && typeof font.widths?.[code] === 'number');
  return owner && { text: character, font: owner.font, code };
}

const maxSimpleFontCode = 0xff;

/** The advance of the first of `fonts` that has a glyph for a space, in font sizes. */
export function spaceAdvance(fonts: readonly PdfjsFont[]): number | undefined {
  for (const font of fonts) {
    const code = codesOf(font)?.get(' ');
    const width = code === undefined ? undefined : glyphAdvance(font, code);
    if (width !== undefined) return width;
  }
  return undefined;
}

/** The advance of the font's glyph for a character code (its `/DW` when the widths leave it out), in font sizes. */
function glyphAdvance(font: PdfjsFont, code: number): number | undefined {
  const width = font.widths?.[code] ?? font.defaultWidth;
  return typeof width === 'number' ? width * emPerUnit(font) : undefined;
}

/** A Type 3 font's widths are in its glyph space; pdf.js turns every other font's into thousandths of the font size. */
function emPerUnit(font: PdfjsFont): number {
  return font.isType3Font === true && Array.isArray(font.fontMatrix) ? Math.abs(Number(font.fontMatrix[0])) : 1 / 1000;
}
