/** A name of two places of 36: a letter from A for the first, a digit or a letter for the second. */
const BASE_36_NAME = /^([A-H])([0-9A-Z])$/u;

/**
 * Whether a glyph name is its code in two places of 36 ("B1" at 37, "CR" at 99, "FG" at 196): Ghostscript names so the
 * glyphs of the bitmap fonts dvips embeds as Type 3 fonts. Such a name says only where the glyph stands; a few of them
 * are also names of the Adobe Glyph List ("AE" at 14, "CR" at 99), which a reader takes for Æ and a carriage return.
 */
export function spellsItsCode(name: string, code: number): boolean {
  const places = BASE_36_NAME.exec(name);
  return places !== null && (places[1]!.charCodeAt(0) - 0x41) * 36 + parseInt(places[2]!, 36) === code;
}

const DIFFERENCES_TOKEN = /(\d+)|\/([^\0\t\n\f\r /[\]()<>{}%]*)/gu;

/** The glyph names an encoding's `/Differences` array gives, by code (`[35 /AZ 37 /B1 /B2]`: 35, 37 and 38). */
export function differencesOf(array: string): Map<number, string> {
  const names = new Map<number, string>();
  let code = 0;
  for (const [, number, name] of array.matchAll(DIFFERENCES_TOKEN)) {
    if (number !== undefined) code = Number(number);
    else names.set(code++, unescapedName(name!));
  }
  return names;
}

/** A name with its `#xx` escapes read as the bytes they write. */
function unescapedName(name: string): string {
  return name.replace(/#([0-9A-Fa-f]{2})/gu, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * Codes pdf.js takes for white space when it reads them as themselves (tab to carriage return): it leaves their glyphs
 * out of the text.
 */
const WHITE_SPACE_CODES = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d]);
/**
 * A private-use character stands in for each code under 32 (bidirectional class L, which pdf.js neither reorders nor
 * normalises); only a glyph its font names by its code is read back as the code.
 */
const STAND_IN_BASE = 0xe000;
const STAND_INS = /[\uE000-\uE01F]/gu;

/**
 * The text a ToUnicode map gives a glyph read by its code: the code itself, or where pdf.js would take that for white
 * space and drop the glyph (OT1 sets "ff", "fi" and "fl" at 11-13), a character standing in for it, which
 * `withCodesOfStandIns` turns back into the code once pdf.js has read the page's text.
 */
export function codeAsText(code: number): string {
  return String.fromCharCode(WHITE_SPACE_CODES.has(code) ? STAND_IN_BASE + code : code);
}

/**
 * The text with each stand-in of `codeAsText` the code it stands for, where `namesByCode` says its font names that
 * code's glyph by the code (another font's private-use character stays).
 */
export function withCodesOfStandIns(text: string, namesByCode: (code: number) => boolean): string {
  return text.replace(STAND_INS, (char) => {
    const code = char.charCodeAt(0) - STAND_IN_BASE;
    return namesByCode(code) ? String.fromCharCode(code) : char;
  });
}
