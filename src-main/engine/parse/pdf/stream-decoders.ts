import { Transform, type TransformCallback } from 'node:stream';
import { createInflate } from 'node:zlib';

/**
 * Streaming decoders for the PDF filters that can turn a few bytes into gigabytes (Flate, LZW) and
 * for the text and run-length encodings a writer may wrap them in (ASCIIHex, ASCII85, RunLength),
 * so that a stream's decoded size is measured chunk by chunk, never held whole. They decode as
 * pdf.js does where it matters for the size; damaged data ends the stream, as it does in pdf.js.
 */
export function decoderFor(filter: string, parameters: DecoderParameters): Transform | undefined {
  switch (filter) {
    case 'FlateDecode':
    case 'Fl':
      return createInflate({ chunkSize: 256 * 1024 });
    case 'LZWDecode':
    case 'LZW':
      return new LzwDecoder(parameters.earlyChange);
    case 'ASCIIHexDecode':
    case 'AHx':
      return new AsciiHexDecoder();
    case 'ASCII85Decode':
    case 'A85':
      return new Ascii85Decoder();
    case 'RunLengthDecode':
    case 'RL':
      return new RunLengthDecoder();
    default:
      return undefined;
  }
}

/** Whether a stream's filters are Flate alone, which zlib can inflate in one call. */
export function isFlateAlone(filters: readonly string[]): boolean {
  return filters.length === 1 && (filters[0] === 'FlateDecode' || filters[0] === 'Fl');
}

export interface DecoderParameters {
  /** LZW's `/EarlyChange` (default 1). */
  earlyChange: boolean;
}

/** A decoder whose output is collected in buffers of this size before it is pushed on. */
const OUTPUT_CHUNK = 256 * 1024;

abstract class ByteDecoder extends Transform {
  private output = Buffer.allocUnsafe(OUTPUT_CHUNK);
  private length = 0;
  private ended = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (!this.ended) this.ended = this.decode(chunk);
    this.flushOutput();
    callback();
  }

  override _flush(callback: TransformCallback): void {
    if (!this.ended) this.finish();
    this.flushOutput();
    callback();
  }

  /** Decodes a chunk; returns true when the data has ended (an end marker), so the rest is ignored. */
  protected abstract decode(chunk: Buffer): boolean;

  protected finish(): void {}

  protected emit1(byte: number): void {
    if (this.length === OUTPUT_CHUNK) this.flushOutput();
    this.output[this.length++] = byte;
  }

  /** Emits `bytes` whole, in as few copies as the output chunks allow. */
  protected emitAll(bytes: Uint8Array): void {
    let from = 0;
    while (from < bytes.length) {
      if (this.length === OUTPUT_CHUNK) this.flushOutput();
      const count = Math.min(bytes.length - from, OUTPUT_CHUNK - this.length);
      this.output.set(bytes.subarray(from, from + count), this.length);
      this.length += count;
      from += count;
    }
  }

  /** Emits `byte` `count` times. */
  protected emitRepeated(byte: number, count: number): void {
    let left = count;
    while (left > 0) {
      if (this.length === OUTPUT_CHUNK) this.flushOutput();
      const run = Math.min(left, OUTPUT_CHUNK - this.length);
      this.output.fill(byte, this.length, this.length + run);
      this.length += run;
      left -= run;
    }
  }

  private flushOutput(): void {
    if (this.length === 0) return;
    this.push(Buffer.from(this.output.subarray(0, this.length)));
    this.output = Buffer.allocUnsafe(OUTPUT_CHUNK);
    this.length = 0;
  }
}

class LzwDecoder extends ByteDecoder {
  private readonly prefix = new Int32Array(4096);
  private readonly suffix = new Uint8Array(4096);
  private readonly lengths = new Uint16Array(4096);
  private readonly sequence = new Uint8Array(4096);
  private nextCode = 258;
  private codeLength = 9;
  private previous = -1;
  private bits = 0;
  private bitCount = 0;

  constructor(private readonly earlyChange: boolean) {
    super();
    for (let i = 0; i < 256; i++) {
      this.suffix[i] = i;
      this.lengths[i] = 1;
      this.prefix[i] = -1;
    }
  }

  protected decode(chunk: Buffer): boolean {
    for (const byte of chunk) {
      this.bits = ((this.bits << 8) | byte) & 0xffffff;
      this.bitCount += 8;
      while (this.bitCount >= this.codeLength) {
        const code = (this.bits >> (this.bitCount - this.codeLength)) & ((1 << this.codeLength) - 1);
        this.bitCount -= this.codeLength;
        if (this.code(code)) return true;
      }
    }
    return false;
  }

  /** Handles one code; true at the end-of-data code or on a code that cannot be (damaged data). */
  private code(code: number): boolean {
    if (code === 257) return true;
    if (code === 256) {
      this.nextCode = 258;
      this.codeLength = 9;
      this.previous = -1;
      return false;
    }
    let first: number;
    if (code < this.nextCode && (code < 256 || this.lengths[code]! > 0)) {
      first = this.writeString(code);
    } else if (code === this.nextCode && this.previous >= 0) {
      first = this.writeString(this.previous);
      this.emit1(first);
    } else {
      return true;
    }
    if (this.previous >= 0 && this.nextCode < 4096) {
      this.prefix[this.nextCode] = this.previous;
      this.suffix[this.nextCode] = first;
      this.lengths[this.nextCode] = this.lengths[this.previous]! + 1;
      this.nextCode++;
    }
    this.previous = code;
    const threshold = this.nextCode + (this.earlyChange ? 1 : 0);
    if (threshold >= 512 && threshold <= 2048 && (threshold & (threshold - 1)) === 0)
      this.codeLength = Math.min(12, Math.log2(threshold) + 1);
    return false;
  }

  /** Writes a code's string; returns its first byte. */
  private writeString(code: number): number {
    const length = this.lengths[code]!;
    let at = code;
    for (let i = length - 1; i >= 0; i--) {
      this.sequence[i] = this.suffix[at]!;
      at = this.prefix[at]!;
    }
    this.emitAll(this.sequence.subarray(0, length));
    return this.sequence[0]!;
  }
}

class AsciiHexDecoder extends ByteDecoder {
  private high = -1;

  protected decode(chunk: Buffer): boolean {
    for (const byte of chunk) {
      if (byte === 0x3e) {
        this.finish();
        return true;
      }
      const digit = hexDigit(byte);
      if (digit < 0) continue;
      if (this.high < 0) {
        this.high = digit;
      } else {
        this.emit1((this.high << 4) | digit);
        this.high = -1;
      }
    }
    return false;
  }

  protected override finish(): void {
    if (this.high >= 0) this.emit1(this.high << 4);
    this.high = -1;
  }
}

class Ascii85Decoder extends ByteDecoder {
  private readonly group: number[] = [];

  protected decode(chunk: Buffer): boolean {
    for (const byte of chunk) {
      if (byte === 0x7e) return this.endGroup();
      if (byte === 0x7a && this.group.length === 0) {
        this.emitRepeated(0, 4);
        continue;
      }
      if (byte < 0x21 || byte > 0x75) continue;
      this.group.push(byte - 0x21);
      if (this.group.length === 5) this.writeGroup(4);
    }
    return false;
  }

  protected override finish(): void {
    this.endGroup();
  }

  private endGroup(): boolean {
    const count = this.group.length;
    if (count > 1) {
      while (this.group.length < 5) this.group.push(84);
      this.writeGroup(count - 1);
    }
    this.group.length = 0;
    return true;
  }

  private writeGroup(bytes: number): void {
    let value = 0;
    for (const digit of this.group) value = value * 85 + digit;
    this.group.length = 0;
    for (let i = 0; i < bytes; i++) this.emit1(Math.floor(value / 256 ** (3 - i)) & 0xff);
  }
}

class RunLengthDecoder extends ByteDecoder {
  /** Literal bytes still to copy, or a repeat count waiting for its byte (negative). */
  private pending = 0;

  protected decode(chunk: Buffer): boolean {
    for (const byte of chunk) {
      if (this.pending > 0) {
        this.emit1(byte);
        this.pending--;
      } else if (this.pending < 0) {
        this.emitRepeated(byte, -this.pending);
        this.pending = 0;
      } else if (byte === 128) {
        return true;
      } else {
        this.pending = byte < 128 ? byte + 1 : -(257 - byte);
      }
    }
    return false;
  }
}

function hexDigit(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return -1;
}
