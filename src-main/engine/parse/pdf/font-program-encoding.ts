import { CFF_STANDARD_STRINGS } from './cff-standard-strings';

/**
 * The glyph names a simple font's own program gives its character codes (its built-in encoding), read from a Type 1
 * program's clear-text part or a bare CFF program (`FontFile3` of subtype `Type1C`); undefined when the program uses the
 * standard encoding, is CID-keyed, or cannot be read. Reading stops at the program's end: every offset is checked.
 */
export function builtInGlyphNames(program: Buffer, kind: 'Type1' | 'Type1C'): Map<number, string> | undefined {
  try {
    return kind === 'Type1' ? type1Encoding(program) : cffEncoding(program);
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

/** A Type 1 program's encoding is PostScript in its clear text, before `eexec`: `dup 12 /fi put` per code. */
const ENCODING_ENTRY = /dup\s+(\d{1,3})\s*\/([^\s/[\]{}()<>%]+)\s+put/g;
const STANDARD_ENCODING = /\/Encoding\s+StandardEncoding\s+def/;
/** The clear text of a Type 1 program is a few kilobytes; the encoding is never further in. */
const maxClearText = 1 << 16;

function type1Encoding(program: Buffer): Map<number, string> | undefined {
  const head = program.toString('latin1', 0, Math.min(program.length, maxClearText));
  const clear = head.slice(0, head.includes('eexec') ? head.indexOf('eexec') : head.length);
  const start = clear.indexOf('/Encoding');
  if (start < 0 || STANDARD_ENCODING.test(clear)) return undefined;
  const names = new Map<number, string>();
  for (const [, code, name] of clear.slice(start).matchAll(ENCODING_ENTRY)) {
    if (Number(code) <= 255 && name !== '.notdef') names.set(Number(code), name!);
  }
  return names.size > 0 ? names : undefined;
}

/** Top DICT operators (Technical Note #5176, table 9). */
const CHARSET = 15;
const ENCODING = 16;
const CHAR_STRINGS = 17;
const ROS = 1230;
/** Predefined encodings (0 standard, 1 expert) and charsets (0-2) are given by these offsets instead of data. */
const lastPredefinedEncoding = 1;
const lastPredefinedCharset = 2;

/**
 * A CFF program's encoding (Technical Note #5176, sections 12-13): codes to glyph indices (format 0 lists a code per
 * glyph, format 1 ranges of codes; a high bit adds supplements, codes given straight by a string id), glyph indices to
 * string ids through the charset (format 0 one id per glyph, 1 and 2 ranges), ids to names through the standard strings
 * and the font's String INDEX.
 */
function cffEncoding(program: Buffer): Map<number, string> | undefined {
  const reader = new CffReader(program);
  const headerSize = reader.byte(2);
  const names = reader.index(headerSize);
  const topDicts = reader.index(names.end);
  const strings = reader.index(topDicts.end);
  if (topDicts.items.length === 0) return undefined;
  const top = reader.dict(topDicts.items[0]!);
  const encodingOffset = top.get(ENCODING)?.[0] ?? 0;
  const charStringsOffset = top.get(CHAR_STRINGS)?.[0];
  if (top.has(ROS) || encodingOffset <= lastPredefinedEncoding || charStringsOffset === undefined) return undefined;
  const glyphCount = reader.index(charStringsOffset).items.length;
  const nameOf = (sid: number): string | undefined => {
    if (sid < CFF_STANDARD_STRINGS.length) return CFF_STANDARD_STRINGS[sid];
    const item = strings.items[sid - CFF_STANDARD_STRINGS.length];
    return item && program.toString('latin1', item.start, item.end);
  };
  const glyphSids = charsetSids(reader, top.get(CHARSET)?.[0] ?? 0, glyphCount);
  if (!glyphSids) return undefined;
  const encoding = new Map<number, string>();
  const assign = (code: number, sid: number | undefined): void => {
    const name = sid === undefined ? undefined : nameOf(sid);
    if (name !== undefined && name !== '.notdef') encoding.set(code, name);
  };
  const format = reader.byte(encodingOffset);
  let at = encodingOffset + 1;
  let glyph = 1;
  if ((format & 0x7f) === 0) {
    const count = reader.byte(at++);
    for (let index = 0; index < count; index++) assign(reader.byte(at++), glyphSids[glyph++]);
  } else if ((format & 0x7f) === 1) {
    const ranges = reader.byte(at++);
    for (let range = 0; range < ranges; range++) {
      const first = reader.byte(at);
      const left = reader.byte(at + 1);
      at += 2;
      for (let code = first; code <= first + left && code <= 255; code++) assign(code, glyphSids[glyph++]);
    }
  } else {
    return undefined;
  }
  if (format & 0x80) {
    const supplements = reader.byte(at++);
    for (let index = 0; index < supplements; index++, at += 3) assign(reader.byte(at), reader.card16(at + 1));
  }
  return encoding.size > 0 ? encoding : undefined;
}

/** The string id of each glyph index (glyph 0 is `.notdef`); undefined for the predefined expert charsets. */
function charsetSids(reader: CffReader, offset: number, glyphCount: number): number[] | undefined {
  if (offset === 0) return Array.from({ length: glyphCount }, (_, glyph) => glyph);
  if (offset <= lastPredefinedCharset) return undefined;
  const sids = [0];
  const format = reader.byte(offset);
  let at = offset + 1;
  while (sids.length < glyphCount) {
    if (format === 0) {
      sids.push(reader.card16(at));
      at += 2;
      continue;
    }
    if (format !== 1 && format !== 2) return undefined;
    const first = reader.card16(at);
    const left = format === 1 ? reader.byte(at + 2) : reader.card16(at + 2);
    at += format === 1 ? 3 : 4;
    for (let sid = first; sid <= first + left && sids.length < glyphCount; sid++) sids.push(sid);
  }
  return sids;
}

interface Span {
  start: number;
  end: number;
}

/** Bounds-checked reads of a CFF program's structures; a read past its end throws a RangeError. */
class CffReader {
  constructor(private readonly data: Buffer) {}

  byte(at: number): number {
    if (at < 0 || at >= this.data.length) throw new RangeError('CFF read past the end');
    return this.data[at]!;
  }

  card16(at: number): number {
    return (this.byte(at) << 8) | this.byte(at + 1);
  }

  private offset(at: number, size: number): number {
    let value = 0;
    for (let index = 0; index < size; index++) value = value * 256 + this.byte(at + index);
    return value;
  }

  /** An INDEX: a count, an offset size, count + 1 offsets (from the byte before the data) and the data. */
  index(at: number): { items: Span[]; end: number } {
    const count = this.card16(at);
    if (count === 0) return { items: [], end: at + 2 };
    const offsetSize = this.byte(at + 2);
    if (offsetSize < 1 || offsetSize > 4) throw new RangeError('CFF INDEX offset size');
    const dataBase = at + 3 + (count + 1) * offsetSize - 1;
    const items: Span[] = [];
    let previous = this.offset(at + 3, offsetSize);
    for (let index = 1; index <= count; index++) {
      const next = this.offset(at + 3 + index * offsetSize, offsetSize);
      if (next < previous || dataBase + next > this.data.length) throw new RangeError('CFF INDEX offsets');
      items.push({ start: dataBase + previous, end: dataBase + next });
      previous = next;
    }
    return { items, end: dataBase + previous };
  }

  /** A DICT: operands (integers; reals are read as 0, no operator used here takes one) before each operator. */
  dict({ start, end }: Span): Map<number, number[]> {
    const entries = new Map<number, number[]>();
    let operands: number[] = [];
    let at = start;
    while (at < end) {
      const b0 = this.byte(at);
      if (b0 <= 21) {
        const operator = b0 === 12 ? 1200 + this.byte(at + 1) : b0;
        at += b0 === 12 ? 2 : 1;
        entries.set(operator, operands);
        operands = [];
      } else if (b0 === 28) {
        operands.push(this.data.readInt16BE(this.checked(at + 1, 2)));
        at += 3;
      } else if (b0 === 29) {
        operands.push(this.data.readInt32BE(this.checked(at + 1, 4)));
        at += 5;
      } else if (b0 === 30) {
        at++;
        while ((this.byte(at) & 0x0f) !== 0x0f && (this.byte(at) & 0xf0) !== 0xf0) at++;
        at++;
        operands.push(0);
      } else if (b0 >= 32 && b0 <= 246) {
        operands.push(b0 - 139);
        at++;
      } else if (b0 >= 247 && b0 <= 250) {
        operands.push((b0 - 247) * 256 + this.byte(at + 1) + 108);
        at += 2;
      } else if (b0 >= 251 && b0 <= 254) {
        operands.push(-(b0 - 251) * 256 - this.byte(at + 1) - 108);
        at += 2;
      } else {
        at++;
      }
    }
    return entries;
  }

  private checked(at: number, size: number): number {
    if (at + size > this.data.length) throw new RangeError('CFF read past the end');
    return at;
  }
}
