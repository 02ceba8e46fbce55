import type { ObjectLookup } from './compressed-objects';
import { builtInGlyphNames } from './font-program-encoding';
import { decodedStream } from './page-contents';
import { dictionaryEntries, namesOf, referenceOf } from './pdf-dictionary';
import type { PdfObjects, PdfStream } from './pdf-streams';
import type { ToUnicodeMap } from './tounicode-cmap';

/** A font dictionary written anew with an encoding that names the glyphs its ToUnicode map leaves out. */
export interface EncodedFont {
  objectNumber: number;
  generation: number;
  dictionary: string;
  name: string;
}

const NUMBER = /-?\d*\.?\d+/g;
/** Bytes a PDF name writes as `#xx`: outside the printable range, delimiters, and `#` itself. */
const NAME_ESCAPED = /[^!-~]|[()<>[\]{}/%#]/g;

/**
 * Simple fonts (a Type 1 or CFF program) whose ToUnicode map gives text to only some of the codes their program's
 * encoding names, each with an `/Encoding` whose `/Differences` name the codes the map leaves out. A reader is to take
 * such codes' text from the font's encoding (ISO 32000-1, 9.10.2); pdf.js does so only for a font whose dictionary has
 * an encoding, and otherwise gives the code itself. dvipdfmx (2012) writes maps that hold only the glyphs it cannot
 * name otherwise ("ff" alone in a Computer Modern face), so "fi" read as a form feed, a space ("gure" for "figure"),
 * and OT1's quotes and dashes as `"`, `\` and `{`. With the glyph names in the dictionary, pdf.js reads those codes
 * through its glyph list, as for any font with an encoding; the codes the map gives keep the map's text, and the
 * glyphs drawn are the same, the names being the program's own.
 */
export async function encodingsForPartialMaps(
  bytes: Uint8Array,
  objects: PdfObjects,
  lookup: ObjectLookup,
  streams: ReadonlyMap<number, PdfStream>,
  maps: ReadonlyMap<number, ToUnicodeMap>,
): Promise<EncodedFont[]> {
  const fonts: EncodedFont[] = [];
  for (const [objectNumber, text] of lookup.dictionaries()) {
    if (!text.includes('/ToUnicode') || !text.includes('/FontDescriptor') || text.includes('/Encoding')) continue;
    const entries = dictionaryEntries(text);
    const subtype = entries.get('Subtype');
    const map = maps.get(referenceOf(entries.get('ToUnicode'))?.number ?? -1);
    if ((subtype !== '/Type1' && subtype !== '/MMType1') || entries.has('Encoding') || map?.codeBytes !== 1) continue;
    if (!drawsUnmappedCodes(entries, lookup, map)) continue;
    const names = await programGlyphNames(bytes, objects, streams, lookup.resolve(entries.get('FontDescriptor')));
    const unmapped = [...(names ?? [])].filter(([code]) => !map.entries.has(code)).sort(([a], [b]) => a - b);
    if (unmapped.length === 0) continue;
    const differences = unmapped.map(([code, name]) => `${code} /${name.replace(NAME_ESCAPED, escapedByte)}`).join(' ');
    const written = [...entries].map(([key, value]) => `/${key} ${value}`).join(' ');
    fonts.push({
      objectNumber,
      generation: lookup.generationOf(objectNumber),
      dictionary: `<< ${written} /Encoding << /Type /Encoding /Differences [${differences}] >> >>`,
      name: namesOf(entries.get('BaseFont'))[0] ?? '',
    });
  }
  return fonts;
}

/**
 * Whether the font's widths give a glyph to a code its map leaves out: only such a font's program is worth decoding (a
 * font of a few hundred whose maps are whole). Without widths, any code may be drawn.
 */
function drawsUnmappedCodes(entries: ReadonlyMap<string, string>, lookup: ObjectLookup, map: ToUnicodeMap): boolean {
  const firstChar = Number(entries.get('FirstChar') ?? 0);
  const widths = lookup.resolve(entries.get('Widths'))?.match(NUMBER);
  if (!widths || !Number.isInteger(firstChar)) return true;
  return widths.some((width, index) => Number(width) !== 0 && !map.entries.has(firstChar + index));
}

/** The built-in encoding of the program a font descriptor embeds: `FontFile` (Type 1) or `FontFile3` of subtype `Type1C`. */
async function programGlyphNames(
  bytes: Uint8Array,
  objects: PdfObjects,
  streams: ReadonlyMap<number, PdfStream>,
  descriptor: string | undefined,
): Promise<Map<number, string> | undefined> {
  if (!descriptor?.startsWith('<<')) return undefined;
  const entries = dictionaryEntries(descriptor);
  const type1 = streams.get(referenceOf(entries.get('FontFile'))?.number ?? -1);
  const compact = streams.get(referenceOf(entries.get('FontFile3'))?.number ?? -1);
  const stream = type1 ?? (compact?.entries.get('Subtype') === '/Type1C' ? compact : undefined);
  const program = stream && (await decodedStream(bytes, stream, objects));
  return program && builtInGlyphNames(program, type1 ? 'Type1' : 'Type1C');
}

function escapedByte(character: string): string {
  return `#${character.charCodeAt(0).toString(16).padStart(2, '0')}`;
}
