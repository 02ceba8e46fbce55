import { decodedStream } from './page-contents';
import { referenceOf, wholeNumber } from './pdf-dictionary';
import type { PdfObjects } from './pdf-streams';

/** The objects read out of object streams, at most: the pairs of numbers that head them are read no further. */
const maxObjects = 1 << 20;
const OBJECT_STREAM = Buffer.from('/ObjStm', 'latin1');

/** A PDF's objects, those written out in its bytes and those kept in its object streams alike. */
export interface ObjectLookup {
  /** The value a reference points to, as text (see `PdfObjects.resolve`); any other value as it is. */
  resolve(value: string | undefined): string | undefined;
  /** Every object that is a dictionary (not a stream's), whole, with its number; read out once, however often asked. */
  dictionaries(): ReadonlyArray<readonly [number, string]>;
  /** The generation of an object (0 inside object streams, which hold only objects of generation 0). */
  generationOf(number: number): number;
}

/** The lookup of a file's objects, its object streams decoded (see `compressedObjects`). */
export async function objectLookup(bytes: Uint8Array, objects: PdfObjects): Promise<ObjectLookup> {
  const compressed = await compressedObjects(bytes, objects);
  let dictionaries: Array<readonly [number, string]> | undefined;
  return {
    resolve(value) {
      const reference = referenceOf(value);
      return (reference && compressed.get(reference.number)) ?? objects.resolve(value);
    },
    dictionaries() {
      if (dictionaries) return dictionaries;
      dictionaries = [];
      for (const number of objects.objectNumbers()) {
        const text = objects.wholeDictionary(number);
        if (text !== undefined) dictionaries.push([number, text]);
      }
      for (const [number, text] of compressed) if (text.startsWith('<<')) dictionaries.push([number, text]);
      return dictionaries;
    },
    generationOf: (number) => objects.generationOf(number) ?? 0,
  };
}

/** Whether the file has object streams at all: a file without is not searched for them. */
export function hasObjectStreams(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(OBJECT_STREAM);
}

/**
 * The objects a PDF keeps inside object streams (ISO 32000-1, 7.5.7: PDF 1.5 files store most dictionaries so, fonts'
 * among them), by number, as text; `readPdfObjects` sees only the objects written out in the file's bytes. A stream
 * begins with pairs of numbers (an object's number, its offset after `/First`), and each object runs to the next one's
 * offset. Numbers the file also writes out keep their written object (`PdfObjects` has it). Empty for a file without
 * object streams, which is not decoded.
 */
async function compressedObjects(bytes: Uint8Array, objects: PdfObjects): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  if (!hasObjectStreams(bytes)) return found;
  for (const stream of objects.streams) {
    if (stream.entries.get('Type') !== '/ObjStm') continue;
    const count = wholeNumber(objects.resolve(stream.entries.get('N')));
    const first = wholeNumber(objects.resolve(stream.entries.get('First')));
    if (count === undefined || first === undefined || found.size + count > maxObjects) continue;
    const data = await decodedStream(bytes, stream, objects);
    if (!data || first > data.length) continue;
    const header = data
      .toString('latin1', 0, first)
      .trim()
      .split(/[\0\t\n\f\r ]+/)
      .map(Number);
    for (let index = 0; index < count && 2 * index + 1 < header.length; index++) {
      const number = header[2 * index]!;
      const start = first + header[2 * index + 1]!;
      const end = 2 * index + 3 < header.length ? first + header[2 * index + 3]! : data.length;
      if (!Number.isInteger(number) || !(start >= first && start <= end && end <= data.length)) continue;
      if (objects.generationOf(number) === undefined) found.set(number, data.toString('latin1', start, end).trim());
    }
  }
  return found;
}
