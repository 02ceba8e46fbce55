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
