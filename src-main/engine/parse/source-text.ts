import { StratumError } from '../../../src-shared/errors';
import type { ParseInput } from './parser';
import { rejectEmptyFile } from './parse-steps';

/**
 * Share of undecodable UTF-8 sequences (or control bytes, for the 8-bit fallback) above which a
 * file is taken for binary. A few stray bytes in a long text file should not make it unreadable.
 */
const TINY_FRACTION = 0.005;

/**
 * Decodes a text-format file (Markdown, plain text) into the string every `source_span` of its items
 * indexes. The string is the file's text as `TextDecoder` yields it: a leading byte order mark is
 * dropped, line endings are kept as they are (CRLF stays two code units), so a span's offsets point
 * into the file's code points after its BOM.
 *
 * UTF-8 is the norm; UTF-16 with a BOM and legacy 8-bit text (Windows-1252) are read too, because
 * both are ordinary text files a user may open. Anything else is reported as not a text file.
 */
export function decodeSourceText(input: ParseInput): string {
  const { bytes, fileName } = input;
  rejectEmptyFile(input);
  const utf16 = utf16Encoding(bytes);
  if (utf16) return new TextDecoder(utf16).decode(bytes);
  if (bytes.includes(0)) throw notText(fileName);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeInvalidUtf8(bytes, fileName);
  }
}

function decodeInvalidUtf8(bytes: Uint8Array, fileName: string): string {
  const lenient = new TextDecoder('utf-8').decode(bytes);
  let replacements = 0;
  for (let i = 0; i < lenient.length; i++) if (lenient.charCodeAt(i) === 0xfffd) replacements++;
  if (replacements <= lenient.length * TINY_FRACTION) return lenient;
  // Many invalid sequences: either an 8-bit legacy encoding (no control bytes) or binary data.
  let controls = 0;
  for (const byte of bytes) if (isControlByte(byte)) controls++;
  if (controls > bytes.length * TINY_FRACTION) throw notText(fileName);
  return new TextDecoder('windows-1252').decode(bytes);
}

/** The UTF-16 encoding a byte order mark announces, if any. */
export function utf16Encoding(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  if (bytes.length < 2) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return undefined;
}

/** C0 controls other than tab, line feed, vertical tab, form feed and carriage return; DEL. */
function isControlByte(byte: number): boolean {
  return (byte < 0x20 && (byte < 0x09 || byte > 0x0d)) || byte === 0x7f;
}

function notText(fileName: string): StratumError {
  return new StratumError('corrupt-file', `${fileName}: not a text file (binary content)`);
}
