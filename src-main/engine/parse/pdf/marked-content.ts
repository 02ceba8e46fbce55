import { dictionaryEntries } from './pdf-dictionary';
import { pdfString } from './pdf-encryption';

/** A marked-content sequence begun in a content stream (`BMC` or `BDC`), with the replacement text its properties give. */
export interface MarkedContentBegin {
  tag: string;
  /** The `/ActualText` of an inline property list: the text the sequence's glyphs stand for. */
  actualText?: string;
  /**
   * Whether the sequence shows text (a `Tj`, `TJ`, `'` or `"` inside it), set only on one with an ActualText: pdf.js
   * gives no item for a glyph it reads as nothing (Chromium draws a zero-width space so), but the text stands all the same.
   */
  showsText?: boolean;
}

const TEXT_SHOWING = new Set(['Tj', 'TJ', "'", '"']);

const ACTUAL_TEXT = Buffer.from('ActualText', 'latin1');

/**
 * The marked-content sequences a content stream begins, in drawing order, or undefined when none of
 * them carries an `/ActualText` (most pages: nothing then needs reading). Strings, dictionaries,
 * comments and inline images are stepped over whole, so an operator's name inside them is not one.
 * Linear in the stream's length.
 */
export function markedContentBegins(content: Uint8Array): MarkedContentBegin[] | undefined {
  const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  if (bytes.indexOf(ACTUAL_TEXT) < 0) return undefined;
  const begins: MarkedContentBegin[] = [];
  const open: MarkedContentBegin[] = [];
  // The operands since the last operator: only the last two matter (`/Tag <<…>> BDC`).
  let operands: string[] = [];
  let at = 0;
  while (at < bytes.length) {
    const byte = bytes[at]!;
    if (isWhitespace(byte)) {
      at++;
    } else if (byte === PERCENT) {
      while (at < bytes.length && bytes[at] !== LF && bytes[at] !== CR) at++;
    } else if (byte === OPEN_PAREN || byte === LESS) {
      const end =
        byte === OPEN_PAREN ? literalStringEnd(bytes, at) : bytes[at + 1] === LESS ? dictionaryEnd(bytes, at) : hexStringEnd(bytes, at);
      operands.push(bytes.toString('latin1', at, end));
      at = end;
    } else if (byte === OPEN_BRACKET || byte === CLOSE_BRACKET) {
      // Array brackets: the values inside are read as operands, which no BDC takes.
      operands.push(String.fromCharCode(byte));
      at++;
    } else {
      let end = at + 1;
      while (end < bytes.length && isRegular(bytes[end]!)) end++;
      const token = bytes.toString('latin1', at, end);
      at = end;
      if (byte === SLASH || /^[+\-.\d]/.test(token) || token === 'true' || token === 'false' || token === 'null') {
        operands.push(token);
        continue;
      }
      if (token === 'BMC' || token === 'BDC') {
        const begin = beginOf(token, operands);
        begins.push(begin);
        open.push(begin);
      } else if (token === 'EMC') {
        open.pop();
      } else if (TEXT_SHOWING.has(token)) {
        for (const begin of open) if (begin.actualText !== undefined) begin.showsText = true;
      } else if (token === 'BI') {
        at = inlineImageEnd(bytes, at);
      }
      operands = [];
    }
    if (operands.length > 2) operands = operands.slice(-2);
  }
  return begins.some((begin) => begin.actualText !== undefined) ? begins : undefined;
}

function beginOf(operator: string, operands: readonly string[]): MarkedContentBegin {
  const [tag, properties] = operator === 'BDC' ? [operands.at(-2), operands.at(-1)] : [operands.at(-1), undefined];
  const begin: MarkedContentBegin = { tag: tag?.startsWith('/') ? tag.slice(1) : '' };
  const value = properties?.startsWith('<<') ? dictionaryEntries(properties).get('ActualText') : undefined;
  if (value !== undefined && (value.startsWith('(') || value.startsWith('<'))) begin.actualText = textString(pdfString(value));
  return begin;
}

/** A PDF text string: UTF-16BE or UTF-8 after their byte order marks, else PDFDocEncoding (read as Latin-1, which it is for letters). */
export function textString(bytes: Buffer): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    const units = bytes.subarray(2, 2 + ((bytes.length - 2) & ~1));
    return Buffer.from(units).swap16().toString('utf16le');
  }
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString('utf8');
  return bytes.toString('latin1');
}

const LF = 0x0a;
const CR = 0x0d;
const PERCENT = 0x25;
const OPEN_PAREN = 0x28;
const CLOSE_PAREN = 0x29;
const BACKSLASH = 0x5c;
const LESS = 0x3c;
const GREATER = 0x3e;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const SLASH = 0x2f;

function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === LF || byte === CR || byte === 0x09 || byte === 0x0c || byte === 0x00;
}

function isDelimiter(byte: number): boolean {
  return (
    byte === OPEN_PAREN ||
    byte === CLOSE_PAREN ||
    byte === LESS ||
    byte === GREATER ||
    byte === OPEN_BRACKET ||
    byte === CLOSE_BRACKET ||
    byte === 0x7b ||
    byte === 0x7d ||
    byte === SLASH ||
    byte === PERCENT
  );
}

function isRegular(byte: number): boolean {
  return !isWhitespace(byte) && !isDelimiter(byte);
}

/** Just past the `)` that closes the literal string opening at `start` (balanced parentheses, escapes). */
function literalStringEnd(bytes: Buffer, start: number): number {
  let depth = 0;
  for (let at = start; at < bytes.length; at++) {
    const byte = bytes[at]!;
    if (byte === BACKSLASH) at++;
    else if (byte === OPEN_PAREN) depth++;
    else if (byte === CLOSE_PAREN && --depth === 0) return at + 1;
  }
  return bytes.length;
}

function hexStringEnd(bytes: Buffer, start: number): number {
  const end = bytes.indexOf(GREATER, start + 1);
  return end < 0 ? bytes.length : end + 1;
}

/** Just past the `>>` that closes the dictionary opening at `start`, its strings and nested dictionaries stepped over. */
function dictionaryEnd(bytes: Buffer, start: number): number {
  let depth = 0;
  let at = start;
  while (at < bytes.length) {
    const byte = bytes[at]!;
    if (byte === OPEN_PAREN) {
      at = literalStringEnd(bytes, at);
    } else if (byte === LESS && bytes[at + 1] === LESS) {
      depth++;
      at += 2;
    } else if (byte === GREATER && bytes[at + 1] === GREATER) {
      at += 2;
      if (--depth === 0) return at;
    } else if (byte === LESS) {
      at = hexStringEnd(bytes, at);
    } else {
      at++;
    }
  }
  return bytes.length;
}

/**
 * Just past an inline image (`BI … ID <data> EI`) whose `BI` ends at `start`: its data is binary, so
 * its end is the first `EI` standing alone between whitespace after `ID`, as readers find it.
 */
function inlineImageEnd(bytes: Buffer, start: number): number {
  const data = bytes.indexOf('ID', start, 'latin1');
  if (data < 0) return bytes.length;
  for (let at = bytes.indexOf('EI', data + 3, 'latin1'); at >= 0; at = bytes.indexOf('EI', at + 2, 'latin1')) {
    const after = bytes[at + 2];
    if (isWhitespace(bytes[at - 1]!) && (after === undefined || isWhitespace(after))) return at + 2;
  }
  return bytes.length;
}
