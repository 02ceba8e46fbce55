import { StratumError } from '../../../src-shared/errors';
import type { ParseInput } from './parser';
import { rejectEmptyFile } from './parse-steps';

/**
 * Share of undecodable UTF-8 sequences (or control bytes, for the 8-bit fallback) above which a
 * file is taken for binary. A few stray bytes in a long text file should not make it unreadable.
 */
const TINY_FRACTION = 0.005;

/** Bytes looked at to tell UTF-16 without a byte order mark from binary data. */
const UTF16_PROBE_BYTES = 64 * 1024;

/**
 * Share of a probe's NUL bytes that must fall on one side (odd or even offsets) for BOM-less UTF-16:
 * every ASCII character of UTF-16 text (digits, punctuation, line ends) has its zero byte on the same
 * side, while binary data scatters zeros over both.
 */
const UTF16_ZERO_SIDE_SHARE = 0.95;

/** Share of that side's bytes that must be zeros: even text of another script has its delimiters and line ends. */
const UTF16_MIN_ZERO_SHARE = 0.02;

/** The encodings text files are read in: `windows-1252` is what the web (and `TextDecoder`) calls Latin-1. */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/**
 * Decodes a text-format file (Markdown, plain text) into the string every `source_span` of its items
 * indexes. The string is the file's text as `TextDecoder` yields it: a leading byte order mark is
 * dropped, line endings are kept as they are (CRLF stays two code units), so a span's offsets point
 * into the file's code points after its BOM. The encoding is `detectTextEncoding`'s.
 */
export function decodeSourceText(input: ParseInput): string {
  return new TextDecoder(detectTextEncoding(input)).decode(input.bytes);
}

/**
 * The encoding a text file is in: UTF-16 when a byte order mark says so or, without one, when its
 * NUL bytes all fall on one side; else UTF-8, also with a few stray invalid bytes (read as U+FFFD);
 * else legacy 8-bit text (Windows-1252, a superset of Latin-1). Anything else is a `corrupt-file`
 * error: not a text file.
 */
export function detectTextEncoding(input: ParseInput): TextEncodingName {
  const { bytes, fileName } = input;
  rejectEmptyFile(input);
  const utf16 = utf16Encoding(bytes) ?? utf16WithoutBom(bytes);
  if (utf16) return utf16;
  if (bytes.includes(0)) throw notText(fileName);
  if (invalidUtf8Sequences(bytes) <= bytes.length * TINY_FRACTION) return 'utf-8';
  // Many invalid sequences: either an 8-bit legacy encoding (no control bytes) or binary data.
  let controls = 0;
  for (const byte of bytes) if (isControlByte(byte)) controls++;
  if (controls > bytes.length * TINY_FRACTION) throw notText(fileName);
  return 'windows-1252';
}

/** The UTF-16 encoding a byte order mark announces, if any. */
export function utf16Encoding(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  if (bytes.length < 2) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return undefined;
}

/**
 * UTF-16 without a byte order mark, told by where its zero bytes fall: on one side, and on a good share
 * of it (the high byte of the ASCII letters, digits, delimiters and line ends every text has); the
 * probe must then decode to text, without lone surrogates or control characters, which binary data
 * with a few zeros that happen to fall on one side would give.
 */
function utf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const probe = bytes.subarray(0, Math.min(bytes.length, UTF16_PROBE_BYTES) & ~1);
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < probe.length; i++) {
    if (probe[i] !== 0) continue;
    if (i % 2 === 0) evenZeros++;
    else oddZeros++;
  }
  const zeros = evenZeros + oddZeros;
  const side = Math.max(evenZeros, oddZeros);
  if (side < 2 || side < zeros * UTF16_ZERO_SIDE_SHARE || side < (probe.length / 2) * UTF16_MIN_ZERO_SHARE) return undefined;
  const encoding = oddZeros > evenZeros ? 'utf-16le' : 'utf-16be';
  return looksLikeText(new TextDecoder(encoding).decode(probe)) ? encoding : undefined;
}

/** No lone surrogate and hardly any control character (the probe's last unit may be cut, so it is not looked at). */
function looksLikeText(text: string): boolean {
  const body = text.slice(0, -1);
  if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(body)) return false;
  const controls = body.match(/[\u0000-\u0008\u000E-\u001F\u007F-\u009F]/g)?.length ?? 0;
  return controls <= body.length * TINY_FRACTION;
}

/** How many byte sequences of `bytes` are not well-formed UTF-8 (a sequence cut by the end counts as one). */
function invalidUtf8Sequences(bytes: Uint8Array): number {
  let invalid = 0;
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i++;
      continue;
    }
    const length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    const taken = length === 0 ? 0 : wellFormedContinuations(bytes, i, length);
    if (taken === length - 1 && length > 0) {
      i += length;
    } else {
      invalid++;
      i += Math.max(1, taken + 1);
    }
  }
  return invalid;
}

/** Continuation bytes after the lead byte at `start` that fit a `length`-byte sequence (Unicode's table 3-7). */
function wellFormedContinuations(bytes: Uint8Array, start: number, length: number): number {
  const lead = bytes[start]!;
  let taken = 0;
  for (let k = 1; k < length; k++) {
    const byte = bytes[start + k];
    if (byte === undefined) break;
    let low = 0x80;
    let high = 0xbf;
    if (k === 1) {
      if (lead === 0xe0) low = 0xa0;
      else if (lead === 0xed) high = 0x9f;
      else if (lead === 0xf0) low = 0x90;
      else if (lead === 0xf4) high = 0x8f;
    }
    if (byte < low || byte > high) break;
    taken++;
  }
  return taken;
}

/** C0 controls other than tab, line feed, vertical tab, form feed and carriage return; DEL. */
function isControlByte(byte: number): boolean {
  return (byte < 0x20 && (byte < 0x09 || byte > 0x0d)) || byte === 0x7f;
}

function notText(fileName: string): StratumError {
  return new StratumError('corrupt-file', `${fileName}: not a text file (binary content)`);
}
