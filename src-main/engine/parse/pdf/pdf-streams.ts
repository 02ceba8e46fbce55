import { dictionaryEntries, wholeNumber } from './pdf-dictionary';

/** A stream object found in a PDF's bytes: its number, its dictionary's top-level entries and where its data lies. */
export interface PdfStream {
  objectNumber: number;
  generation: number;
  entries: Map<string, string>;
  dataStart: number;
  dataEnd: number;
}

const OBJ = Buffer.from('obj', 'latin1');
const TRAILER = Buffer.from('trailer', 'latin1');
const STREAM = Buffer.from('stream', 'latin1');
const END_STREAM = Buffer.from('endstream', 'latin1');
const OPEN_ANGLE = 0x3c;
const CLOSE_ANGLE = 0x3e;
const OPEN_PAREN = 0x28;
const CLOSE_PAREN = 0x29;
const BACKSLASH = 0x5c;
const PERCENT = 0x25;
/** `123 0 obj`: the digits and spaces before `obj` that make it an object header span at most this. */
const MAX_HEADER_BYTES = 48;

/** The objects of a PDF as read from its raw bytes: its streams, and the values references point to. */
export interface PdfObjects {
  streams: PdfStream[];
  /** The trailer's entries (a cross-reference stream's, in PDF 1.5 files), the one naming an /Encrypt dictionary first. */
  trailer: Map<string, string> | undefined;
  /** The value a reference (`12 0 R`) points to, as text; any other value as it is. */
  resolve(value: string | undefined): string | undefined;
  /** The number of every object found, in no particular order. */
  objectNumbers(): Iterable<number>;
  /** The generation number its header gives an object found (the last of its number in the file). */
  generationOf(number: number): number | undefined;
  /** A dictionary object's text whole, however long; undefined for any other object (and for a stream's dictionary). */
  wholeDictionary(number: number): string | undefined;
}

/** A referenced value longer than this is not one a stream's dictionary needs (a filter, a number). */
const MAX_RESOLVED_BYTES = 4096;

/** The objects of the files read so far, kept as long as their bytes are (see `pdfObjectsOf`). */
const objectsOfBytes = new WeakMap<Uint8Array, PdfObjects>();

/**
 * `readPdfObjects` of these bytes, read once however many steps of a parse ask: the input limits, the fonts' repairs
 * and the pages' marked content all look at the objects of the one file, whose bytes nothing changes.
 */
export function pdfObjectsOf(bytes: Uint8Array): PdfObjects {
  let objects = objectsOfBytes.get(bytes);
  if (!objects) {
    objects = readPdfObjects(bytes);
    objectsOfBytes.set(bytes, objects);
  }
  return objects;
}

/**
 * Reads a PDF's objects without pdf.js, the way pdf.js finds them when it rebuilds a damaged file:
 * every `N G obj` header in the raw bytes, in order, the last of a number winning. An object whose
 * dictionary (read with its strings, comments and nested dictionaries) is followed by the `stream`
 * keyword is a stream: its data runs for the dictionary's `/Length` when `endstream` follows there,
 * else up to the next `endstream`. Headers inside a stream's data are not objects. One pass: no
 * byte is looked at more than a bounded number of times, whatever the file holds.
 */
export function readPdfObjects(bytes: Uint8Array): PdfObjects {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const endStreams = new EndStreamFinder(buffer);
  const bodies = new Map<number, { start: number; limit: number; generation: number; stream: boolean }>();
  const streams: PdfStream[] = [];
  let consumedUntil = 0;
  let header = nextObjectHeader(buffer, 0);
  while (header) {
    const next = nextObjectHeader(buffer, header.end);
    if (header.start >= consumedUntil) {
      const limit = next?.start ?? buffer.length;
      const bodyStart = skipWhitespace(buffer, header.end, limit);
      const dictionaryEnd = dictionaryEndOf(buffer, bodyStart, limit);
      const keyword = dictionaryEnd < 0 ? -1 : skipWhitespace(buffer, dictionaryEnd, limit);
      const dataStart = keyword >= 0 && startsWith(buffer, keyword, STREAM) ? afterEndOfLine(buffer, keyword + STREAM.length) : -1;
      bodies.set(header.number, { start: bodyStart, limit, generation: header.generation, stream: dataStart >= 0 });
      if (dataStart >= 0) {
        const entries = dictionaryEntries(buffer.toString('latin1', bodyStart, dictionaryEnd));
        const dataEnd = dataEndOf(buffer, wholeNumber(entries.get('Length')), dataStart, endStreams);
        streams.push({ objectNumber: header.number, generation: header.generation, entries, dataStart, dataEnd });
        consumedUntil = dataEnd;
      }
    }
    header = next;
  }
  const resolve = (value: string | undefined): string | undefined => {
    const reference = value === undefined ? null : /^(\d+)[\0\t\n\f\r ]+\d+[\0\t\n\f\r ]+R$/.exec(value);
    if (!reference) return value;
    const body = bodies.get(Number(reference[1]));
    if (!body) return undefined;
    const limit = Math.min(body.limit, body.start + MAX_RESOLVED_BYTES);
    const dictionaryEnd = dictionaryEndOf(buffer, body.start, limit);
    if (dictionaryEnd >= 0) return buffer.toString('latin1', body.start, dictionaryEnd);
    const text = buffer.toString('latin1', body.start, limit);
    const end = text.indexOf('endobj');
    return (end < 0 ? text : text.slice(0, end)).trim();
  };
  // A length given by reference is known once every object has been seen.
  for (const stream of streams) {
    const length = stream.entries.get('Length');
    if (length !== undefined && wholeNumber(length) === undefined) {
      stream.dataEnd = dataEndOf(buffer, wholeNumber(resolve(length)), stream.dataStart, endStreams);
    }
  }
  const crossReferenceStreams = streams.filter((stream) => stream.entries.get('Type') === '/XRef').map((stream) => stream.entries);
  const trailers = [...trailerDictionaries(buffer), ...crossReferenceStreams];
  const trailer = trailers.findLast((entries) => entries.has('Encrypt')) ?? trailers.at(-1);
  const wholeDictionary = (number: number): string | undefined => {
    const body = bodies.get(number);
    const end = body && !body.stream ? dictionaryEndOf(buffer, body.start, body.limit) : -1;
    return end < 0 ? undefined : buffer.toString('latin1', body!.start, end);
  };
  return {
    streams,
    trailer,
    resolve,
    objectNumbers: () => bodies.keys(),
    generationOf: (number) => bodies.get(number)?.generation,
    wholeDictionary,
  };
}

/** The dictionaries after each `trailer` keyword, in file order; each is read no further than the next keyword. */
function trailerDictionaries(buffer: Buffer): Array<Map<string, string>> {
  const dictionaries: Array<Map<string, string>> = [];
  let at = buffer.indexOf(TRAILER);
  while (at >= 0) {
    const next = buffer.indexOf(TRAILER, at + TRAILER.length);
    const start = skipWhitespace(buffer, at + TRAILER.length, next < 0 ? buffer.length : next);
    const end = dictionaryEndOf(buffer, start, next < 0 ? buffer.length : next);
    if (end >= 0) dictionaries.push(dictionaryEntries(buffer.toString('latin1', start, end)));
    at = next;
  }
  return dictionaries;
}

interface ObjectHeader {
  start: number;
  /** just after `obj` */
  end: number;
  number: number;
  generation: number;
}

function nextObjectHeader(buffer: Buffer, from: number): ObjectHeader | undefined {
  for (let at = buffer.indexOf(OBJ, from); at >= 0; at = buffer.indexOf(OBJ, at + OBJ.length)) {
    const after = buffer[at + OBJ.length];
    if (after !== undefined && !isWhitespace(after) && !isDelimiter(after)) continue;
    const start = headerStart(buffer, at);
    if (start < 0) continue;
    const [number, generation] = buffer
      .toString('latin1', start, at)
      .trim()
      .split(/[\0\t\n\f\r ]+/)
      .map(Number);
    return { start, end: at + OBJ.length, number: number!, generation: generation! };
  }
  return undefined;
}

/** Where `N G obj` begins when `obj` at `at` ends one; -1 when the bytes before are not two numbers. */
function headerStart(buffer: Buffer, at: number): number {
  const floor = Math.max(0, at - MAX_HEADER_BYTES);
  let position = at - 1;
  for (let number = 0; number < 2; number++) {
    const spaceEnd = position;
    while (position >= floor && isWhitespace(buffer[position]!)) position--;
    if (position === spaceEnd) return -1;
    const digitsEnd = position;
    while (position >= floor && isDigit(buffer[position]!)) position--;
    if (position === digitsEnd) return -1;
  }
  const before = buffer[position];
  return before === undefined || isWhitespace(before) || isDelimiter(before) ? position + 1 : -1;
}

/** Just after the `>>` closing the dictionary that opens at `start`; -1 when none closes before `limit`. */
function dictionaryEndOf(buffer: Buffer, start: number, limit: number): number {
  if (buffer[start] !== OPEN_ANGLE || buffer[start + 1] !== OPEN_ANGLE) return -1;
  let depth = 0;
  let at = start;
  while (at < limit) {
    const byte = buffer[at]!;
    if (byte === OPEN_ANGLE && buffer[at + 1] === OPEN_ANGLE) {
      depth++;
      at += 2;
    } else if (byte === CLOSE_ANGLE && buffer[at + 1] === CLOSE_ANGLE) {
      depth--;
      at += 2;
      if (depth === 0) return at;
    } else if (byte === OPEN_ANGLE) {
      while (at < limit && buffer[at] !== CLOSE_ANGLE) at++;
      at++;
    } else if (byte === OPEN_PAREN) {
      at = literalStringEnd(buffer, at, limit);
      if (at < 0) return -1;
    } else if (byte === PERCENT) {
      while (at < limit && buffer[at] !== 0x0a && buffer[at] !== 0x0d) at++;
    } else {
      at++;
    }
  }
  return -1;
}

/** Just after the `)` that closes the literal string opening at `start` (balanced parentheses, `\` escapes). */
function literalStringEnd(buffer: Buffer, start: number, limit: number): number {
  let depth = 0;
  for (let at = start; at < limit; at++) {
    const byte = buffer[at];
    if (byte === BACKSLASH) at++;
    else if (byte === OPEN_PAREN) depth++;
    else if (byte === CLOSE_PAREN && --depth === 0) return at + 1;
  }
  return -1;
}

/** The data starts after the end-of-line that follows the keyword (CR LF or LF; a lone CR is tolerated). */
function afterEndOfLine(buffer: Buffer, at: number): number {
  if (buffer[at] === 0x0d) return buffer[at + 1] === 0x0a ? at + 2 : at + 1;
  if (buffer[at] === 0x0a) return at + 1;
  return -1;
}

function dataEndOf(buffer: Buffer, length: number | undefined, dataStart: number, endStreams: EndStreamFinder): number {
  if (length !== undefined && dataStart + length <= buffer.length) {
    const after = skipWhitespace(buffer, dataStart + length, buffer.length);
    if (startsWith(buffer, after, END_STREAM)) return dataStart + length;
  }
  return endStreams.after(dataStart);
}

/**
 * Finds the first `endstream` at or after a position, for positions asked in increasing order:
 * the answer for one position holds for every later position up to it, so the file is searched once.
 */
class EndStreamFinder {
  private searchedFrom = Infinity;
  private found = -1;

  constructor(private readonly buffer: Buffer) {}

  after(position: number): number {
    if (position >= this.searchedFrom && (this.found < 0 || position <= this.found))
      return this.found < 0 ? this.buffer.length : this.found;
    this.searchedFrom = position;
    this.found = this.buffer.indexOf(END_STREAM, position);
    return this.found < 0 ? this.buffer.length : this.found;
  }
}

function skipWhitespace(buffer: Buffer, at: number, limit: number): number {
  while (at < limit && isWhitespace(buffer[at]!)) at++;
  return at;
}

function startsWith(buffer: Buffer, at: number, word: Buffer): boolean {
  return buffer.subarray(at, at + word.length).equals(word);
}

function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;
}

function isDelimiter(byte: number): boolean {
  return (
    byte === 0x3c || byte === 0x3e || byte === 0x5b || byte === 0x5d || byte === 0x2f || byte === 0x28 || byte === 0x29 || byte === 0x25
  );
}

function isDigit(byte: number): boolean {
  return byte >= 0x30 && byte <= 0x39;
}
