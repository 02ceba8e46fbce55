import { Readable, Writable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { inflateSync } from 'node:zlib';
import { checkpoint } from '../../cancellation';
import { describeLimit, inputLimits, tooLarge, type InputLimits } from '../limits';
import { namesOf, wholeNumber } from './pdf-dictionary';
import { streamDecryption } from './pdf-encryption';
import { pdfObjectsOf, type PdfObjects, type PdfStream } from './pdf-streams';
import { decoderFor, isFlateAlone, type DecoderParameters } from './stream-decoders';

export interface StreamCheckOptions {
  signal?: AbortSignal;
  /** The password the file is opened with, for an encrypted file. */
  password?: string;
  /** The limits in force; the process's by default. */
  limits?: InputLimits;
}

/** An image's data may decode to a little more than its pixels (a predictor byte per row, padding). */
const IMAGE_SLACK_BYTES = 1024 * 1024;

/**
 * Checks, before pdf.js reads anything, that no stream of the PDF decodes past `maxStreamBytes`,
 * that all of them together stay under `maxDecodedBytes`, and that no image has more than
 * `maxImagePixels`: pdf.js decodes a content stream, a font or an object stream whole, in one go,
 * so a few compressed megabytes that decode to gigabytes would exhaust memory and time inside it.
 * A stream is first counted at the most its filters can make of its length; only when those bounds
 * no longer fit under the limits are the streams decoded, chunk by chunk and dropped, stopping at
 * the limit, so an ordinary file is checked without decoding anything. An image's data counts
 * only beyond its pixels, which pdf.js never reads past; a scan of many pages stays well inside.
 * An encrypted file's streams are decrypted first, with the password pdf.js is given.
 */
export async function checkStreamLimits(bytes: Uint8Array, fileName: string, options: StreamCheckOptions = {}): Promise<void> {
  const { signal, limits = inputLimits() } = options;
  const objects = pdfObjectsOf(bytes);
  const decryption = streamDecryption(objects, options.password);
  // Streams not decoded yet, each counted at the most its filters can make of it; `total` is an upper bound throughout.
  let unmeasured: Array<{ bound: number; measure: (budget: number) => Promise<number> }> | undefined = [];
  let total = 0;
  for (const stream of objects.streams) {
    const image = imageSizeOf(stream, objects);
    if (image && image.pixels > limits.maxImagePixels) {
      throw tooLarge(
        fileName,
        `an image has ${image.width.toLocaleString('en-US')} × ${image.height.toLocaleString('en-US')} pixels`,
        'maxImagePixels',
        limits,
      );
    }
    const data = bytes.subarray(stream.dataStart, stream.dataEnd);
    const filters = filtersOf(stream, objects, data);
    if (filters.length === 0) continue;
    const allowance = image ? image.bytes + IMAGE_SLACK_BYTES : 0;
    const decrypt = decryption?.(stream);
    const measure = async (budget: number): Promise<number> => {
      const limit = allowance + budget;
      const size =
        (decrypt ? undefined : inflatedSizeAtOnce(data, filters, limit)) ??
        (await decodedSize(
          data,
          [...(decrypt ? [decrypt] : []), ...filters.map((filter) => decoderFor(filter, decoderParameters(stream, objects))!)],
          limit,
        ));
      return Math.max(0, size - allowance);
    };
    const bound = Math.max(0, data.length * mostExpansionOf(filters) - allowance);
    if (unmeasured && bound <= limits.maxStreamBytes && total + bound <= limits.maxDecodedBytes) {
      unmeasured.push({ bound, measure });
      total += bound;
      continue;
    }
    // The bounds no longer fit: from here every stream is decoded, the earlier ones first.
    for (const earlier of unmeasured ?? []) {
      total += (await earlier.measure(limits.maxStreamBytes)) - earlier.bound;
      await checkpoint(signal);
    }
    unmeasured = undefined;
    const counted = await measure(Math.min(limits.maxStreamBytes, limits.maxDecodedBytes - total));
    if (counted > limits.maxStreamBytes) {
      throw tooLarge(
        fileName,
        `a compressed stream (at byte ${stream.dataStart}) decodes to more than ${describeLimit('maxStreamBytes', limits)}`,
        'maxStreamBytes',
        limits,
      );
    }
    total += counted;
    if (total > limits.maxDecodedBytes) {
      throw tooLarge(
        fileName,
        `its compressed streams decode to more than ${describeLimit('maxDecodedBytes', limits)} in all`,
        'maxDecodedBytes',
        limits,
      );
    }
    await checkpoint(signal);
  }
}

/**
 * The most bytes one input byte can become through `filters`: Flate 1032 (a 258-byte match per two
 * bits), LZW under 3,641 (a code of at least 9 bits names at most 4,096 bytes), RunLength 64 (two
 * bytes repeat one 128 times), ASCII85 4 (`z`), ASCIIHex under 1. Decryption never grows data.
 */
function mostExpansionOf(filters: readonly string[]): number {
  return filters.reduce((product, filter) => product * (MOST_EXPANSION[filter] ?? Infinity), 1);
}

const MOST_EXPANSION: Readonly<Record<string, number>> = {
  FlateDecode: 1032,
  Fl: 1032,
  LZWDecode: 3641,
  LZW: 3641,
  RunLengthDecode: 64,
  RL: 64,
  ASCII85Decode: 4,
  A85: 4,
  ASCIIHexDecode: 1,
  AHx: 1,
};

interface ImageSize {
  width: number;
  height: number;
  pixels: number;
  /** the most bytes its pixels take, decoded */
  bytes: number;
}

function imageSizeOf(stream: PdfStream, objects: PdfObjects): ImageSize | undefined {
  const entry = (key: string): string | undefined => objects.resolve(stream.entries.get(key));
  if (entry('Subtype') !== '/Image') return undefined;
  const width = wholeNumber(entry('Width'));
  const height = wholeNumber(entry('Height'));
  if (width === undefined || height === undefined) return undefined;
  const mask = entry('ImageMask') === 'true';
  const bitsPerComponent = mask ? 1 : (wholeNumber(entry('BitsPerComponent')) ?? 8);
  const components = mask ? 1 : componentsOf(entry('ColorSpace'));
  const rowBytes = Math.ceil((width * components * Math.min(bitsPerComponent, 16)) / 8);
  return { width, height, pixels: width * height, bytes: rowBytes * height };
}

/** Colour components of a colour space named directly; the most any space has when it is not. */
function componentsOf(colorSpace: string | undefined): number {
  if (colorSpace === '/DeviceGray' || colorSpace === '/G' || colorSpace === '/CalGray') return 1;
  if (colorSpace === '/DeviceRGB' || colorSpace === '/RGB' || colorSpace === '/CalRGB' || colorSpace === '/Lab') return 3;
  return 4;
}

/**
 * The leading filters that can be decoded here (the rest, image codecs, are bounded by the image's
 * pixels). A filter given by a reference that cannot be resolved (from an object stream) is
 * recognised from the data itself, so that hiding it there does not hide a stream from the check.
 */
function filtersOf(stream: PdfStream, objects: PdfObjects, data: Uint8Array): string[] {
  const declared = stream.entries.get('Filter') ?? stream.entries.get('F');
  const names = declared === undefined ? [] : namesOf(objects.resolve(declared) ?? '');
  if (declared !== undefined && names.length === 0) return sniffedFilters(data);
  const decodable: string[] = [];
  for (const name of names) {
    if (!decoderFor(name, { earlyChange: true })) break;
    decodable.push(name);
  }
  return decodable;
}

function sniffedFilters(data: Uint8Array): string[] {
  const head = Buffer.from(data.subarray(0, 1024)).toString('latin1');
  if (data[0] === 0x78 && ((data[0] << 8) | (data[1] ?? 0)) % 31 === 0) return ['FlateDecode'];
  if (/^[\s0-9a-fA-F]+(>|$)/.test(head)) return ['ASCIIHexDecode', 'FlateDecode'];
  if (/^[\s!-uz]+(~|$)/.test(head)) return ['ASCII85Decode', 'FlateDecode'];
  return [];
}

function decoderParameters(stream: PdfStream, objects: PdfObjects): DecoderParameters {
  const parameters = objects.resolve(stream.entries.get('DecodeParms') ?? stream.entries.get('DP')) ?? '';
  return { earlyChange: !/\/EarlyChange[\0\t\n\f\r ]+0(?![\d.])/.test(parameters) };
}

/** Streams that inflate to at most this are inflated in one call, without the streaming machinery. */
const AT_ONCE_BYTES = 32 * 1024 * 1024;

/**
 * The inflated size of a plain Flate stream whose output stays small enough to hold at once: the
 * streaming path hands every chunk to zlib's thread pool and back, which costs more than the
 * inflating on the many streams of an ordinary file. Undefined for other streams, for output past
 * `AT_ONCE_BYTES` below the limit and for damaged data: the streaming path measures those.
 */
function inflatedSizeAtOnce(data: Uint8Array, filters: readonly string[], limit: number): number | undefined {
  if (!isFlateAlone(filters)) return undefined;
  const most = Math.min(limit + 1, AT_ONCE_BYTES);
  try {
    return inflateSync(data, { maxOutputLength: most }).length;
  } catch (error) {
    if (most === limit + 1 && (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return limit + 1;
    return undefined;
  }
}

class LimitReached extends Error {}

/** Input in small slices: a decoder turns each into at most a few megabytes before the limit is looked at again. */
const INPUT_SLICE = 16 * 1024;

function* slices(data: Uint8Array): Generator<Buffer> {
  for (let start = 0; start < data.length; start += INPUT_SLICE) {
    yield Buffer.from(data.buffer, data.byteOffset + start, Math.min(INPUT_SLICE, data.length - start));
  }
}

/** Bytes `data` decodes to through `stages` (decryption, filters); `limit + 1` once past `limit`. Damaged data ends where it breaks. */
async function decodedSize(data: Uint8Array, stages: readonly Transform[], limit: number): Promise<number> {
  let size = 0;
  try {
    const counter = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        callback(size > limit ? new LimitReached() : undefined);
      },
    });
    await pipeline([Readable.from(slices(data)), ...stages, counter]);
  } catch (error) {
    if (error instanceof LimitReached) return limit + 1;
  }
  return size;
}
