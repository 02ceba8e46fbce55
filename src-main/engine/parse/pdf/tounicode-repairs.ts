import { rightToLeftLetter } from './actual-text';
import { codeAsText, differencesOf, spellsItsCode } from './code-glyph-names';
import { hasObjectStreams, objectLookup, type ObjectLookup } from './compressed-objects';
import { encodingsForPartialMaps } from './partial-tounicode';
import { dictionaryEntries, namesOf, referenceOf, type Reference } from './pdf-dictionary';
import { decodedStream } from './page-contents';
import { pdfObjectsOf, type PdfObjects, type PdfStream } from './pdf-streams';
import { readToUnicodeMap, writeToUnicodeMap, type ToUnicodeMap } from './tounicode-cmap';
import { glyphCharacters } from './truetype-cmap';

/**
 * What `withFontsOwnText` did: the bytes for pdf.js, the fonts whose ToUnicode maps it replaced by their programs' text,
 * how many maps gave some glyphs their text in the wrong byte order, and the fonts whose maps left out glyphs that
 * their programs' encodings name.
 */
export interface FontTextRepair {
  bytes: Uint8Array;
  fonts: string[];
  byteSwappedMaps: number;
  partialMapFonts: string[];
  /** how many maps of fonts that name their glyphs by their codes were read as those codes */
  codeNamedMaps: number;
}

const TO_UNICODE = Buffer.from('/ToUnicode', 'latin1');
/** One glyph's text never holds a word space between other characters: a glyph is drawn for the space itself. */
const SPANS_WORDS = /\S\s+\S/u;
/** The codes of all maps of one file that are read for repair, at most: a few hundred fonts' worth. */
const maxEntriesPerFile = 1 << 20;
/** Private-use code points name a symbol font's glyphs, not characters. */
const PRIVATE_USE = /[\uE000-\uF8FF\u{F0000}-\u{10FFFF}]/u;
const SIMPLE_FONT = new Set(['/Type1', '/MMType1', '/TrueType', '/Type3']);

/**
 * A PDF with its fonts' ToUnicode maps repaired where pdf.js would read them wrong, appended as an
 * incremental update (ISO 32000-1, 7.5.6) that pdf.js reads in place of the old maps. Three repairs:
 *
 * - Maps written from misaligned clusters are replaced by the text of the fonts' own `cmap` tables.
 *   WeasyPrint (57) gives each glyph the text between its cluster's position and the one before it
 *   in drawing order; right-to-left text is drawn in the reverse of its order, so most glyphs of
 *   Hebrew, Arabic or Thaana get no text and a few the text of whole words, and a Latin word set
 *   inside such a line loses letters the same way: pdf.js and poppler read one glyph as a paragraph.
 *   The sign is in the maps themselves: a glyph whose text spans a word space. In a document that
 *   has one, every embedded TrueType font of a composite font whose map gives some glyph other text
 *   than its program's cmap reaches it from gets a map built from that cmap (see `rebuiltMap`).
 * - pdf.js turns a right-to-left run round character by character, a glyph's own characters with
 *   it: a lam-alef ligature mapped to "لا" comes out "ال", a letter with its point mark first. An
 *   entry of several right-to-left characters is written the other way round, so that they come
 *   out in their order.
 * - Entries written in little-endian UTF-16 ("昀椀" for "fi") are read in their byte order (see `withBytesInOrder`).
 * - A simple font whose map leaves out codes its program's encoding names gets that encoding in its dictionary, from
 *   which pdf.js reads those codes' text (see `encodingsForPartialMaps`).
 * - The map of a font that names every glyph by its code gives each code the code itself (see `codeNamedFontMaps`).
 *
 * Undefined when nothing is replaced, and for an encrypted file (an appended stream would have to be
 * encrypted too). `fonts` names the fonts whose maps were replaced by their programs' text.
 */
export async function withFontsOwnText(bytes: Uint8Array): Promise<FontTextRepair | undefined> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!buffer.includes(TO_UNICODE) && !hasObjectStreams(bytes)) return undefined;
  const objects = pdfObjectsOf(bytes);
  if (objects.trailer?.has('Encrypt')) return undefined;
  const lookup = await objectLookup(bytes, objects);
  const references = toUnicodeReferences(lookup);
  if (references.size === 0) return undefined;
  const streams = new Map<number, PdfStream>();
  for (const stream of objects.streams) streams.set(stream.objectNumber, stream);
  const maps = new Map<number, ToUnicodeMap>();
  let entries = 0;
  for (const number of references.keys()) {
    const stream = streams.get(number);
    const data = stream && (await decodedStream(bytes, stream, objects));
    const map = data && readToUnicodeMap(data.toString('latin1'));
    if (!map) continue;
    // A few bytes of ranges can list a map's every code: a file of thousands of such maps is not repaired.
    entries += map.entries.size;
    if (entries > maxEntriesPerFile) return undefined;
    maps.set(number, map);
  }
  const misaligned = [...maps.values()].some((map) => [...map.entries.values()].some((text) => SPANS_WORDS.test(text)));
  const rebuilt = new Map<number, ToUnicodeMap>();
  const names: string[] = [];
  for (const font of misaligned ? compositeFonts(lookup) : []) {
    const map = maps.get(font.toUnicode.number);
    const glyphs = map && !rebuilt.has(font.toUnicode.number) && (await glyphTextOf(font, bytes, objects, lookup, streams));
    const fromProgram = map && glyphs && rebuiltMap(map, glyphs);
    if (!fromProgram) continue;
    rebuilt.set(font.toUnicode.number, fromProgram);
    names.push(font.name);
  }
  const codeNamed = codeNamedFontMaps(lookup);
  const replaced = new Map<number, { generation: number; body: string }>();
  let byteSwappedMaps = 0;
  let codeNamedMaps = 0;
  for (const [number, map] of maps) {
    const names = codeNamed.get(number);
    const byCode = names ? codesAsText(map, names) : undefined;
    const own = rebuilt.get(number) ?? byCode ?? map;
    const inOrder = withBytesInOrder(own);
    const logical = inOrder ?? own;
    const turned = againstReversal(logical);
    if (inOrder) byteSwappedMaps++;
    if (byCode) codeNamedMaps++;
    if (turned || logical !== map)
      replaced.set(number, { generation: references.get(number)!, body: streamBody(writeToUnicodeMap(turned ?? logical)) });
  }
  const encoded = await encodingsForPartialMaps(bytes, objects, lookup, streams, maps);
  for (const font of encoded) replaced.set(font.objectNumber, { generation: font.generation, body: font.dictionary });
  if (replaced.size === 0) return undefined;
  const updated = withUpdate(buffer, objects, replaced);
  return updated
    ? { bytes: updated, fonts: names, byteSwappedMaps, partialMapFonts: encoded.map((font) => font.name), codeNamedMaps }
    : undefined;
}

/** A stream object's body holding `text` (read as bytes, one per character). */
function streamBody(text: string): string {
  return `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`;
}

/**
 * The map with each entry written in little-endian UTF-16 read in its order; undefined when it has none. Ghostscript
 * (10.00) writes some ligatures' text so: "fi" as <66006900>, which reads "昀椀", "Th" as "吀栀". The sign is an entry
 * of several characters each of which is a byte and a zero byte after it: a glyph that stands for two or more
 * ideographs of that form, and only of that form, is not found in fonts. A single character of the form stays as it
 * is (一 is U+4E00).
 */
function withBytesInOrder(map: ToUnicodeMap): ToUnicodeMap | undefined {
  let swapped = false;
  const entries = new Map<number, string>();
  for (const [code, text] of map.entries) {
    const units = [...text].map((char) => char.codePointAt(0)!);
    const littleEndian = units.length > 1 && units.every((unit) => unit <= 0xffff && (unit & 0xff) === 0 && unit >> 8 >= 0x20);
    entries.set(code, littleEndian ? String.fromCharCode(...units.map((unit) => unit >> 8)) : text);
    swapped ||= littleEndian;
  }
  return swapped ? { codeBytes: map.codeBytes, entries } : undefined;
}

/**
 * The ToUnicode maps of simple fonts whose encodings name every glyph by its code in two places of 36 (see
 * `spellsItsCode`). Ghostscript writes such a font's map from those names, and so gives text only to the glyphs whose
 * names the Adobe Glyph List also holds: "c" (`CR`) a carriage return, OT1's "ffi" (`AE`) "Æ", "]" (`CL`) "℄".
 */
function codeNamedFontMaps(lookup: ObjectLookup): Map<number, ReadonlyMap<number, string>> {
  const fonts = new Map<number, ReadonlyMap<number, string>>();
  for (const [, text] of lookup.dictionaries()) {
    if (!text.includes('/ToUnicode') || !text.includes('/Encoding')) continue;
    const entries = dictionaryEntries(text);
    const toUnicode = referenceOf(entries.get('ToUnicode'));
    if (!toUnicode || !SIMPLE_FONT.has(entries.get('Subtype') ?? '')) continue;
    const encoding = lookup.resolve(entries.get('Encoding'));
    const differences = encoding?.startsWith('<<') ? lookup.resolve(dictionaryEntries(encoding).get('Differences')) : undefined;
    const names = differencesOf(differences ?? '');
    if (names.size > 0 && [...names].every(([code, name]) => spellsItsCode(name, code))) fonts.set(toUnicode.number, names);
  }
  return fonts;
}

/**
 * The map giving each code it lists, and each code its font names, the code itself (see `codeAsText`), as pdf.js reads
 * a code whose glyph name no list holds; undefined when it is so.
 */
function codesAsText(map: ToUnicodeMap, names: ReadonlyMap<number, string>): ToUnicodeMap | undefined {
  if (map.codeBytes !== 1) return undefined;
  const codes = new Set([...map.entries.keys(), ...names.keys()]);
  const entries = new Map([...codes].map((code) => [code, codeAsText(code)]));
  return [...entries].every(([code, text]) => map.entries.get(code) === text) ? undefined : { codeBytes: 1, entries };
}

/** The object and generation numbers of every ToUnicode map the file's dictionaries name by reference. */
function toUnicodeReferences(lookup: ObjectLookup): Map<number, number> {
  const references = new Map<number, number>();
  for (const [, text] of lookup.dictionaries()) {
    if (!text.includes('/ToUnicode')) continue;
    const reference = referenceOf(dictionaryEntries(text).get('ToUnicode'));
    if (reference) references.set(reference.number, reference.generation);
  }
  return references;
}

/** The map with each entry of several right-to-left characters written in reverse; undefined when it has none. */
function againstReversal(map: ToUnicodeMap): ToUnicodeMap | undefined {
  let turned = false;
  const entries = new Map<number, string>();
  for (const [code, text] of map.entries) {
    const chars = [...text];
    // Marks alone (a Devanagari vowel sign with its nasal sign) belong to no right-to-left run.
    const reverse =
      chars.length > 1 &&
      chars.some((char) => rightToLeftLetter.test(char)) &&
      chars.every((char) => rightToLeftLetter.test(char) || /\p{M}/u.test(char));
    entries.set(code, reverse ? chars.reverse().join('') : text);
    turned ||= reverse;
  }
  return turned ? { codeBytes: map.codeBytes, entries } : undefined;
}

interface CompositeFont {
  name: string;
  toUnicode: Reference;
  /** the CID font's dictionary entries */
  descendant: Map<string, string>;
}

/** The file's composite fonts with an Identity encoding (a code is its CID) and a ToUnicode map given by reference. */
function compositeFonts(lookup: ObjectLookup): CompositeFont[] {
  const fonts: CompositeFont[] = [];
  for (const [, text] of lookup.dictionaries()) {
    if (!text.includes('/Type0')) continue;
    const entries = dictionaryEntries(text);
    const toUnicode = referenceOf(entries.get('ToUnicode'));
    const encoding = namesOf(lookup.resolve(entries.get('Encoding')))[0];
    if (entries.get('Subtype') !== '/Type0' || !toUnicode || (encoding !== 'Identity-H' && encoding !== 'Identity-V')) continue;
    const descendants = lookup.resolve(entries.get('DescendantFonts')) ?? '';
    const descendant = lookup.resolve(/\d+[\0\t\n\f\r ]+\d+[\0\t\n\f\r ]+R/.exec(descendants)?.[0]);
    if (!descendant?.startsWith('<<')) continue;
    fonts.push({ name: namesOf(entries.get('BaseFont'))[0] ?? '', toUnicode, descendant: dictionaryEntries(descendant) });
  }
  return fonts;
}

/** The characters the font's program reaches each CID's glyph from; undefined without an embedded TrueType program. */
async function glyphTextOf(
  font: CompositeFont,
  bytes: Uint8Array,
  objects: PdfObjects,
  lookup: ObjectLookup,
  streams: ReadonlyMap<number, PdfStream>,
): Promise<((code: number) => string[] | undefined) | undefined> {
  if (font.descendant.get('Subtype') !== '/CIDFontType2') return undefined;
  const descriptor = lookup.resolve(font.descendant.get('FontDescriptor'));
  const programReference = descriptor?.startsWith('<<') ? referenceOf(dictionaryEntries(descriptor).get('FontFile2')) : undefined;
  const programStream = programReference && streams.get(programReference.number);
  const program = programStream && (await decodedStream(bytes, programStream, objects));
  if (!program) return undefined;
  const glyphs = glyphCharacters(program);
  const cidToGid = font.descendant.get('CIDToGIDMap');
  if (cidToGid === undefined || cidToGid === '/Identity') return (code) => glyphs.get(code);
  const mapReference = referenceOf(cidToGid);
  const mapStream = mapReference && streams.get(mapReference.number);
  const map = mapStream && (await decodedStream(bytes, mapStream, objects));
  if (!map) return undefined;
  return (code) => (2 * code + 1 < map.length ? glyphs.get(map.readUInt16BE(2 * code)) : undefined);
}

/**
 * The map with each code's text read from the font's program (see `withFontsOwnText`); undefined
 * when the program agrees with every entry it reaches. Of the characters that reach one glyph, the
 * entry's own is kept, else the first that is its own compatibility form (a presentation form
 * stands for the letter it is a form of). A glyph the program does not reach (a contextual form reached
 * only through the font's substitutions) keeps a left-to-right entry and loses an empty or right-to-left
 * one, so that it reads as unmapped (see `unmapped-glyphs.ts`) instead of as another glyph's words.
 */
function rebuiltMap(map: ToUnicodeMap, glyphText: (code: number) => string[] | undefined): ToUnicodeMap | undefined {
  const entries = new Map<number, string>();
  let contradicted = false;
  for (const [code, text] of map.entries) {
    const chars = glyphText(code)?.filter((char) => !PRIVATE_USE.test(char));
    if (!chars || chars.length === 0) {
      // The misalignment comes of right-to-left runs: a left-to-right glyph's text (a ligature's) is still its own.
      if (text !== '' && !rightToLeftLetter.test(text)) entries.set(code, text);
      continue;
    }
    const agreeing = chars.find((char) => char.normalize('NFKC') === text.normalize('NFKC'));
    if (agreeing) {
      entries.set(code, text);
      continue;
    }
    contradicted = true;
    entries.set(code, (chars.find((char) => char.normalize('NFKC') === char) ?? chars[0]!).normalize('NFKC'));
  }
  return contradicted ? { codeBytes: map.codeBytes, entries } : undefined;
}

/**
 * The file with an incremental update that replaces each object of `replaced` by its new body (a dictionary, or a
 * stream with its dictionary); undefined when the file's last cross-reference section cannot be found.
 */
function withUpdate(
  buffer: Buffer,
  objects: PdfObjects,
  replaced: ReadonlyMap<number, { generation: number; body: string }>,
): Buffer | undefined {
  const startAt = buffer.lastIndexOf('startxref');
  const previous = startAt < 0 ? undefined : /^startxref\s+(\d+)/.exec(buffer.toString('latin1', startAt, startAt + 40))?.[1];
  const root = objects.trailer?.get('Root');
  if (previous === undefined || root === undefined) return undefined;
  const parts: Buffer[] = [buffer, Buffer.from('\n', 'latin1')];
  let offset = buffer.length + 1;
  const xref: string[] = ['xref'];
  for (const [number, { generation, body }] of [...replaced].sort(([a], [b]) => a - b)) {
    const object = Buffer.from(`${number} ${generation} obj\n${body}\nendobj\n`, 'latin1');
    xref.push(`${number} 1`, `${String(offset).padStart(10, '0')} ${String(generation).padStart(5, '0')} n\r`);
    parts.push(object);
    offset += object.length;
  }
  let size = Number(objects.trailer?.get('Size') ?? 0);
  for (const number of objects.objectNumbers()) size = Math.max(size, number + 1);
  const info = objects.trailer?.get('Info');
  const id = objects.trailer?.get('ID');
  const trailer = `<< /Size ${size} /Root ${root}${info ? ` /Info ${info}` : ''}${id ? ` /ID ${id}` : ''} /Prev ${previous} >>`;
  parts.push(Buffer.from(`${xref.join('\n')}\ntrailer\n${trailer}\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}
