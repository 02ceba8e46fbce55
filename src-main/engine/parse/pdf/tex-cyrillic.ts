import { namesGlyphByCode, textByFont, type PdfjsFont } from './pdfjs-font';

/**
 * The codes on which TeX's Cyrillic font encodings T2A, T2B, T2C and X2 agree (`t2aenc.def`, `t2benc.def`,
 * `t2cenc.def` and `x2enc.def` of LaTeX's cyrillic package): the Russian alphabet at 0xC0-0xFF in Unicode's order,
 * Ё and ё, №, the low and the angle quotes, the English double quotes and the dashes. Their other codes differ from
 * one encoding to the next (the letters of other Cyrillic alphabets) and are left as read.
 */
const TEX_CYRILLIC = new Map<number, string>([
  [0x10, '\u201c'],
  [0x11, '\u201d'],
  [0x15, '\u2013'],
  [0x16, '\u2014'],
  [0x9c, '\u0401'],
  [0x9d, '\u2116'],
  [0xbc, '\u0451'],
  [0xbd, '\u201e'],
  [0xbe, '\u00ab'],
  [0xbf, '\u00bb'],
  ...Array.from({ length: 64 }, (_, index): [number, string] => [0xc0 + index, String.fromCharCode(0x410 + index)]),
]);

/** A code that TeX's Cyrillic encodings fill with a letter: 0xC0-0xFF, Ё (0x9C) and ё (0xBC). */
function isLetterCode(code: number): boolean {
  return code >= 0xc0 || code === 0x9c || code === 0xbc;
}

/** Share of a font's words holding such a letter that must be made of nothing else. */
const wholeWordShare = 0.8;
/** ...and how many such words of two letters or more a page must show, or one of this many letters (a heading's). */
const minWholeWords = 2;
const longWordLetters = 4;

/**
 * Fonts of a document whose glyphs are named by their codes alone and whose text is TeX's Cyrillic, read as Latin-1
 * ("ÐÀÑ×ÒÍÎ" for "РАСЧЁТНО": a Russian thesis set in LH bitmap fonts, from MiKTeX or dvips). Nothing in such a font
 * says its encoding; its words do. Latin-1 letters at 0xC0-0xFF stand inside words of ASCII letters ("été", "Straße"),
 * while T2A's are whole words of their own: a font is read as TeX's Cyrillic when most of its words that hold such a
 * letter are made only of such letters. Judged on the first page that shows two such words (or one of four letters or
 * more: no Latin-script word is made of accented letters alone), then kept for the document.
 */
export class TexCyrillicFonts {
  private readonly cyrillic = new Map<string, PdfjsFont>();

  /** Judges the page's fonts not yet known to be TeX's Cyrillic by the text each of them draws on it. */
  judge(items: readonly { fontName: string; str: string }[], fontOf: (fontName: string) => PdfjsFont | undefined): void {
    for (const [fontName, text] of textByFont(items, (fontName) => !this.cyrillic.has(fontName))) {
      const font = fontOf(fontName);
      if (font && readsAsTexCyrillic(text, font)) this.cyrillic.set(fontName, font);
    }
  }

  /** The text with each of its code-named glyphs' characters read as TeX's Cyrillic, when its font is. */
  textOf(text: string, fontName: string): string {
    const font = this.cyrillic.get(fontName);
    if (!font) return text;
    let read = '';
    for (const char of text) {
      const code = char.codePointAt(0)!;
      const cyrillic = code <= 0xff && namesGlyphByCode(font, code) ? TEX_CYRILLIC.get(code) : undefined;
      read += cyrillic ?? char;
    }
    return read;
  }

  /** How many fonts were read as TeX's Cyrillic. */
  get size(): number {
    return this.cyrillic.size;
  }
}

function readsAsTexCyrillic(text: string, font: PdfjsFont): boolean {
  let whole = 0;
  let mixed = 0;
  let longest = 0;
  for (const word of text.split(/[^A-Za-z\u009c\u00bc\u00c0-\u00ff]+/u)) {
    const codes = [...word].map((char) => char.codePointAt(0)!);
    const letters = codes.filter((code) => isLetterCode(code) && namesGlyphByCode(font, code)).length;
    if (codes.length < 2 || letters === 0) continue;
    if (letters < codes.length) {
      mixed++;
      continue;
    }
    whole++;
    longest = Math.max(longest, letters);
  }
  const enough = whole >= minWholeWords || longest >= longWordLetters;
  return enough && whole >= wholeWordShare * (whole + mixed);
}
