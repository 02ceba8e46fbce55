/**
 * The characters a TrueType or OpenType font program's own `cmap` table reaches each glyph from: what a glyph shows,
 * as far as the font says. Read from a PDF's embedded program (`/FontFile2`, `/FontFile3 /OpenType`), where a
 * ToUnicode map is found to contradict it (see `tounicode-repairs.ts`). Only Unicode subtables are read: a
 * symbol font's (3,0) codes and a Macintosh table's are not characters.
 */
export function glyphCharacters(program: Uint8Array): Map<number, string[]> {
  const glyphs = new Map<number, string[]>();
  const data = new DataView(program.buffer, program.byteOffset, program.byteLength);
  const table = cmapTable(data);
  if (!table) return glyphs;
  const subtable = unicodeSubtable(data, table);
  if (!subtable) return glyphs;
  const add = (codePoint: number, glyph: number): void => {
    if (glyph === 0 || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return;
    const chars = glyphs.get(glyph);
    if (!chars) glyphs.set(glyph, [String.fromCodePoint(codePoint)]);
    else if (chars.length < maxCharactersPerGlyph) chars.push(String.fromCodePoint(codePoint));
  };
  const format = data.getUint16(subtable);
  if (format === 4) readFormat4(data, subtable, add);
  else if (format === 12) readFormat12(data, subtable, add);
  return glyphs;
}

/** A glyph reached from more characters than this (a space drawn for every kind of space) is known well enough by these. */
const maxCharactersPerGlyph = 8;
/** A subtable maps at most this many characters: the whole of Unicode's planes in use, with room. */
const maxMappedCharacters = 0x30000;

function cmapTable(data: DataView): number | undefined {
  if (data.byteLength < 12) return undefined;
  const version = data.getUint32(0);
  // TrueType outlines (0x00010000, 'true') or CFF ones ('OTTO'); a collection ('ttcf') is not embedded in a PDF.
  if (version !== 0x00010000 && version !== 0x74727565 && version !== 0x4f54544f) return undefined;
  const tables = data.getUint16(4);
  for (let index = 0; index < tables; index++) {
    const record = 12 + index * 16;
    if (record + 16 > data.byteLength) return undefined;
    if (data.getUint32(record) !== 0x636d6170) continue;
    const offset = data.getUint32(record + 8);
    return offset + 4 <= data.byteLength ? offset : undefined;
  }
  return undefined;
}

/** The offset of the best Unicode subtable: a full-repertoire one (format 12) before a BMP one (format 4). */
function unicodeSubtable(data: DataView, table: number): number | undefined {
  const count = data.getUint16(table + 2);
  let best: { offset: number; rank: number } | undefined;
  for (let index = 0; index < count; index++) {
    const record = table + 4 + index * 8;
    if (record + 8 > data.byteLength) break;
    const platform = data.getUint16(record);
    const encoding = data.getUint16(record + 2);
    const offset = table + data.getUint32(record + 4);
    if (offset + 8 > data.byteLength) continue;
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    const format = data.getUint16(offset);
    if (!unicode || (format !== 4 && format !== 12)) continue;
    const rank = format === 12 ? 2 : 1;
    if (!best || rank > best.rank) best = { offset, rank };
  }
  return best?.offset;
}

function readFormat4(data: DataView, at: number, add: (codePoint: number, glyph: number) => void): void {
  const segments = data.getUint16(at + 6) / 2;
  let mapped = 0;
  const ends = at + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  if (rangeOffsets + segments * 2 > data.byteLength) return;
  for (let segment = 0; segment < segments; segment++) {
    const end = data.getUint16(ends + segment * 2);
    const start = data.getUint16(starts + segment * 2);
    const delta = data.getUint16(deltas + segment * 2);
    const rangeOffsetAt = rangeOffsets + segment * 2;
    const rangeOffset = data.getUint16(rangeOffsetAt);
    for (let code = start; code <= end && code !== 0xffff; code++) {
      // Overlapping segments could make one table go over the same codes again and again.
      if (++mapped > maxMappedCharacters) return;
      if (rangeOffset === 0) {
        add(code, (code + delta) & 0xffff);
        continue;
      }
      const glyphAt = rangeOffsetAt + rangeOffset + (code - start) * 2;
      if (glyphAt + 2 > data.byteLength) break;
      const glyph = data.getUint16(glyphAt);
      if (glyph !== 0) add(code, (glyph + delta) & 0xffff);
    }
  }
}

function readFormat12(data: DataView, at: number, add: (codePoint: number, glyph: number) => void): void {
  const groups = data.getUint32(at + 12);
  let mapped = 0;
  for (let group = 0; group < groups; group++) {
    const record = at + 16 + group * 12;
    if (record + 12 > data.byteLength) return;
    const start = data.getUint32(record);
    const end = data.getUint32(record + 4);
    const glyph = data.getUint32(record + 8);
    for (let code = start; code <= end; code++) {
      if (++mapped > maxMappedCharacters) return;
      add(code, glyph + code - start);
    }
  }
}
