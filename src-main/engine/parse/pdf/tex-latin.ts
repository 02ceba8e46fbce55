import { namesGlyphByCode, textByFont, type PdfjsFont } from './pdfjs-font';

type Encoding = 'cork' | 'ot1';

/**
 * TeX's two Latin font encodings at codes 0x00-0x1F, which pdf.js reads as control characters when a font names its
 * glyphs by their codes alone. Cork (T1, LaTeX's `t1enc.def`; the Cyrillic T2A, T2B and T2C keep its layout there)
 * sets accents, quotes, guillemets, dashes, a compound-word mark of no width, the dotless i and j and the f-ligatures.
 * OT1 (`ot1enc.def`, Computer Modern's own) sets upper-case Greek, the f-ligatures, the dotless i and j, accents and
 * ß, æ, œ, ø. Accents are given in their spacing forms, as a font with its own accent glyphs draws them. Cork's 0x18 (a
 * zero that makes ‰ with "%") is left as read.
 */
const LOW_CODES: Readonly<Record<Encoding, readonly (string | undefined)[]>> = {
  cork: [
    '\u0060', '\u00b4', '\u02c6', '\u02dc', '\u00a8', '\u02dd', '\u02da', '\u02c7',
    '\u02d8', '\u00af', '\u02d9', '\u00b8', '\u02db', '\u201a', '\u2039', '\u203a',
    '\u201c', '\u201d', '\u201e', '\u00ab', '\u00bb', '\u2013', '\u2014', '',
    undefined, '\u0131', '\u0237', 'ff', 'fi', 'fl', 'ffi', 'ffl',
  ],
  ot1: [
    '\u0393', '\u0394', '\u0398', '\u039b', '\u039e', '\u03a0', '\u03a3', '\u03a5',
    '\u03a6', '\u03a8', '\u03a9', 'ff', 'fi', 'fl', 'ffi', 'ffl',
    '\u0131', '\u0237', '\u0060', '\u00b4', '\u02c7', '\u02d8', '\u00af', '\u02da',
    '\u00b8', '\u00df', '\u00e6', '\u0153', '\u00f8', '\u00c6', '\u0152', '\u00d8',
  ],
}; // prettier-ignore

/**
 * Each encoding's codes from 0x20 up where it is not Latin-1, which pdf.js reads such a font's codes as. Cork (T1): the
 * hyphen LaTeX breaks words with at 0x7F, the letters of Central and Eastern European languages at 0x80-0xBF, "Œ",
 * "SS", "œ" and "ß" at 0xD7, 0xDF, 0xF7 and 0xFF (read as "×", "ß", "÷" and "ÿ"). OT1, which has no upper half: the
 * quotes at 0x22 and 0x5C (read as `"` and a backslash), the dashes at 0x7B and 0x7C (read as "{" and "|"), "¡" and
 * "¿", and accents.
 */
const OTHER_CODES: Readonly<Record<Encoding, ReadonlyMap<number, string>>> = {
  cork: new Map([
    [0x7f, '-'],
    ...[...'ĂĄĆČĎĚĘĞĹĽŁŃŇŊŐŔŘŚŠŞŤŢŰŮŸŹŽŻĲİđ§ăąćčďěęğĺľłńňŋőŕřśšşťţűůÿźžżĳ¡¿£'].map((char, index): [number, string] => [0x80 + index, char]),
    [0xd7, 'Œ'],
    [0xdf, 'SS'],
    [0xf7, 'œ'],
    [0xff, 'ß'],
  ]),
  ot1: new Map([
    [0x22, '\u201d'],
    [0x3c, '\u00a1'],
    [0x3e, '\u00bf'],
    [0x5c, '\u201c'],
    [0x5f, '\u02d9'],
    [0x7b, '\u2013'],
    [0x7c, '\u2014'],
    [0x7d, '\u02dd'],
    [0x7e, '\u02dc'],
    [0x7f, '\u00a8'],
  ]),
};

/** The characters pdf.js reads for the codes some encoding sets otherwise: the low codes, and each of `OTHER_CODES`. */
const READ_OTHERWISE = new RegExp(
  `[\\u0000-\\u001f${[...new Set(Object.values(OTHER_CODES).flatMap((codes) => [...codes.keys()]))].map(unicodeEscape).join('')}]`,
  'gu',
);

function unicodeEscape(code: number): string {
  return `\\u${code.toString(16).padStart(4, '0')}`;
}

/** Where each encoding sets its five f-ligatures ("ff" to "ffl"), the codes most often found inside a word. */
const LIGATURE_CODES: Readonly<Record<Encoding, readonly [number, number]>> = { cork: [0x1b, 0x1f], ot1: [0x0b, 0x0f] };

/**
 * A word of ASCII letters holding control characters, three letters at least: a ligature stands in such words ("di\x1Berent",
 * "\x1Cnal"), while a math font's Greek letter at the same codes stands beside a variable or two ("\x1Cx": τx).
 */
const WORD_WITH_CODES = /[A-Za-z\u0000-\u001f]*[\u0000-\u001f][A-Za-z\u0000-\u001f]*/gu;
const minWordLetters = 3;
/**
 * Share of a font's words (its tokens holding an ASCII letter) that must read as words, letters (those of the upper half
 * too, read by their codes: "äuÿersten") with the codes between them and punctuation around: dvips numbers the glyphs
 * of a bitmap font in its own order, so that its text reads as symbols ("b%$'&h(") whatever its encoding. Dot leaders
 * and numbers do not count either way.
 */
const minWordShare = 0.7;
const WORD_LIKE =
  /^[("'\u0000-\u001f]*[A-Za-z\u0000-\u001f\u0080-\u00ff]+(?:[-'][A-Za-z\u0000-\u001f\u0080-\u00ff]+)*[)"'.,;:!?\u0000-\u001f]*$/u;

/** The ligatures inside words that one encoding must show, in all the fonts so far, before the document is read in it... */
const minLigatures = 2;
/** ...at least this many times as many as the other encoding's ligature codes (Cork's 0x1C is OT1's ø in "Højskole"). */
const ligatureMajority = 4;

/**
 * Fonts of a document whose glyphs are named by their codes alone and whose low codes are TeX's ligatures, quotes and
 * dashes: pdfTeX embeds a bitmap (PK) font so when no outline font exists for it, as for LaTeX's T1 fonts where the
 * cm-super fonts are not installed. pdf.js reads "di\x1Berent" for "different"; the control characters were dropped and
 * the words lost letters ("dierent"; pdftotext reads "di erent"). Nothing in such a font says its encoding; its words
 * do. Cork and OT1 put the f-ligatures at different codes, and an f-ligature is the one glyph of those codes that
 * stands inside words of all Latin-script languages. A document's fonts share their encoding (LaTeX sets its text in
 * one): it is the one whose ligature codes its fonts set inside words of three letters or more, twice at least in the
 * pages read so far, when the other's hardly appear there; Cork's letters of the upper half set between ASCII letters
 * count as its ligatures do (a heading's face may set no ligature, yet "n÷ud" for "nœud"). Each font whose text reads
 * as letters is read in it once it sets one such word and none in the other encoding; a font that shows none (math,
 * typewriter) is left as read. Judged page by page, each font then kept for the document.
 */
export class TexLatinFonts {
  private readonly encodings = new Map<string, { font: PdfjsFont; encoding: Encoding }>();
  private documentEncoding: Encoding | undefined;
  /** The ligature codes set inside words so far, in the fonts not yet read in an encoding. */
  private seen: Record<Encoding, number> = { cork: 0, ot1: 0 };

  /** Judges the page's fonts not yet read in an encoding by the text each of them draws on it. */
  judge(items: readonly { fontName: string; str: string }[], fontOf: (fontName: string) => PdfjsFont | undefined): void {
    const shown = new Map<string, { font: PdfjsFont; ligatures: Record<Encoding, number> }>();
    for (const [fontName, text] of textByFont(items, (fontName) => !this.encodings.has(fontName))) {
      const font = fontOf(fontName);
      const ligatures = font ? ligaturesShown(text, font) : undefined;
      if (font && ligatures) shown.set(fontName, { font, ligatures });
    }
    this.seen = sum([this.seen, ...[...shown.values()].map(({ ligatures }) => ligatures)]);
    this.documentEncoding ??= encodingOf(this.seen);
    const known = this.documentEncoding;
    if (!known) return;
    for (const [fontName, { font, ligatures }] of shown) {
      if (ligatures[known] >= 1 && ligatures[other(known)] === 0) this.encodings.set(fontName, { font, encoding: known });
    }
  }

  /**
   * The text with each of its glyphs that no name reads read in its font's encoding, when it has one: the codes
   * 0x00-0x1F, and those above where the encoding is not Latin-1.
   */
  textOf(text: string, fontName: string): string {
    const read = this.encodings.get(fontName);
    if (!read) return text;
    return text.replace(READ_OTHERWISE, (char) => {
      const code = char.codePointAt(0)!;
      if (!readByCode(read.font, code)) return char;
      return (code < 0x20 ? LOW_CODES[read.encoding][code] : OTHER_CODES[read.encoding].get(code)) ?? char;
    });
  }

  /** How many fonts were read in TeX's Latin encodings. */
  get size(): number {
    return this.encodings.size;
  }
}

/** How many of each encoding's ligature codes the font sets inside words; undefined when its text reads as no letters. */
function ligaturesShown(text: string, font: PdfjsFont): Record<Encoding, number> | undefined {
  const tokens = text.split(/\s+/u).filter((token) => /[A-Za-z]/u.test(token));
  if (tokens.filter((token) => WORD_LIKE.test(token)).length < minWordShare * tokens.length) return undefined;
  const ligatures: Record<Encoding, number> = { cork: 0, ot1: 0 };
  for (const [word] of text.matchAll(WORD_WITH_CODES)) {
    if ((word.match(/[A-Za-z]/gu) ?? []).length < minWordLetters) continue;
    for (const char of word.replace(/[A-Za-z]/gu, '')) {
      const code = char.codePointAt(0)!;
      if (!readByCode(font, code)) continue;
      for (const encoding of ['cork', 'ot1'] as const) {
        const [first, last] = LIGATURE_CODES[encoding];
        if (code >= first && code <= last) ligatures[encoding]++;
      }
    }
  }
  // Cork's letters of the upper half read as Latin-1's signs between ASCII letters ("n÷ud" for "nœud") are as sure a
  // sign: Latin-1 sets no sign inside a word, OT1 has no upper half, and the Cyrillic encodings write their words in it
  // throughout. Codes Latin-1 reads as letters ("ÿ", "ß") tell nothing: an encoding with its upper half sets them so.
  for (const [, code] of text.matchAll(LETTER_BETWEEN_ASCII)) {
    const point = code!.codePointAt(0)!;
    if (!/\p{L}/u.test(code!) && OTHER_CODES.cork.has(point) && readByCode(font, point)) ligatures.cork++;
  }
  return ligatures;
}

const LETTER_BETWEEN_ASCII = /[A-Za-z]([\u0080-\u00ff])(?=[A-Za-z])/gu;

function sum(counts: readonly Record<Encoding, number>[]): Record<Encoding, number> {
  return counts.reduce((total, count) => ({ cork: total.cork + count.cork, ot1: total.ot1 + count.ot1 }), { cork: 0, ot1: 0 });
}

/** The encoding whose ligature codes stand inside words often enough, and the other's hardly. */
function encodingOf(ligatures: Record<Encoding, number>): Encoding | undefined {
  for (const encoding of ['cork', 'ot1'] as const) {
    const count = ligatures[encoding];
    if (count >= minLigatures && count >= ligatureMajority * ligatures[other(encoding)]) return encoding;
  }
  return undefined;
}

function other(encoding: Encoding): Encoding {
  return encoding === 'cork' ? 'ot1' : 'cork';
}

/** Whether pdf.js read the glyph of `code` by its code: its name is the code's, or it has none in a font that names its glyphs so. */
function readByCode(font: PdfjsFont, code: number): boolean {
  if (namesGlyphByCode(font, code)) return true;
  return font.differences?.[code] == null && namesGlyphsByCode(font);
}

/** Whether the font names any glyph by its code: asked of each control character, answered once per font. */
const codeNamingFonts = new WeakMap<PdfjsFont, boolean>();
function namesGlyphsByCode(font: PdfjsFont): boolean {
  let names = codeNamingFonts.get(font);
  if (names === undefined) {
    names = (font.differences ?? []).some((_, code) => namesGlyphByCode(font, code));
    codeNamingFonts.set(font, names);
  }
  return names;
}
