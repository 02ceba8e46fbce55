import { Readable, Writable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, inflateSync } from 'node:zlib';
import { dictionaryEntries, namesOf } from './pdf-dictionary';
import { streamDecryption, type StreamDecryption } from './pdf-encryption';
import { pdfObjectsOf, type PdfObjects, type PdfStream } from './pdf-streams';
import { decoderFor, isFlateAlone } from './stream-decoders';

const REFERENCE = /(\d+)[\0\t\n\f\r ]+(\d+)[\0\t\n\f\r ]+R/g;

/**
 * The content streams of a PDF's pages, read from the file's bytes (pdf.js does not hand them out):
 * for what pdf.js's text content leaves out, the `/ActualText` of marked content. A page whose
 * dictionary lies in an object stream, or whose content uses a filter not decoded here, has none.
 * The file's objects are read once, on the first page asked for.
 */
export class PageContents {
  private objects: PdfObjects | undefined;
  private decryption: StreamDecryption | undefined;
  /** The stream of each object number (the last one of a number wins, as in `readPdfObjects`). */
  private streams = new Map<number, PdfStream>();

  constructor(
    private readonly bytes: Uint8Array,
    private readonly password?: string,
  ) {}

  /** The page's content streams decoded and joined, or undefined when they cannot be read here. */
  async of(page: { num: number; gen: number }): Promise<Uint8Array | undefined> {
    if (!this.objects) {
      this.objects = pdfObjectsOf(this.bytes);
      this.decryption = streamDecryption(this.objects, this.password);
      for (const stream of this.objects.streams) this.streams.set(stream.objectNumber, stream);
    }
    const objects = this.objects;
    const dictionary = objects.resolve(`${page.num} ${page.gen} R`);
    if (!dictionary?.startsWith('<<')) return undefined;
    let contents = dictionaryEntries(dictionary).get('Contents');
    if (contents && !contents.startsWith('[')) {
      const target = objects.resolve(contents);
      if (target?.startsWith('[')) contents = target;
    }
    const parts: Buffer[] = [];
    for (const [, number] of (contents ?? '').matchAll(REFERENCE)) {
      const stream = this.streams.get(Number(number));
      const data = stream && (await this.decoded(stream, objects));
      if (!data) return undefined;
      parts.push(data, Buffer.from('\n'));
    }
    return parts.length > 0 ? Buffer.concat(parts) : undefined;
  }

  private decoded(stream: PdfStream, objects: PdfObjects): Promise<Buffer | undefined> {
    return decodedStream(this.bytes, stream, objects, this.decryption);
  }
}

/** A stream's data decrypted and decoded, or undefined when a filter is not decoded here. */
export async function decodedStream(
  bytes: Uint8Array,
  stream: PdfStream,
  objects: PdfObjects,
  decryption?: StreamDecryption,
): Promise<Buffer | undefined> {
  const stages: Transform[] = [];
  const decrypt = decryption?.(stream);
  if (decrypt) stages.push(decrypt);
  const filters = namesOf(objects.resolve(stream.entries.get('Filter') ?? stream.entries.get('F')));
  // The common case, one Flate filter in the clear, is decoded at once: a stream through the thread pool costs more
  // than decoding a small one, and a file's fonts hold hundreds of maps. The input limits have bounded its size.
  if (!decrypt && isFlateAlone(filters)) {
    try {
      return inflateSync(bytes.subarray(stream.dataStart, stream.dataEnd), { finishFlush: constants.Z_SYNC_FLUSH });
    } catch {
      // Damaged data: the streaming decoder below reads it up to where it breaks.
    }
  }
  for (const filter of filters) {
    const decoder = decoderFor(filter, { earlyChange: true });
    if (!decoder) return undefined;
    stages.push(decoder);
  }
  const chunks: Buffer[] = [];
  const collector = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  try {
    await pipeline([Readable.from([Buffer.from(bytes.subarray(stream.dataStart, stream.dataEnd))]), ...stages, collector]);
  } catch {
    // Damaged data ends where it breaks, as pdf.js reads it.
  }
  return Buffer.concat(chunks);
}
