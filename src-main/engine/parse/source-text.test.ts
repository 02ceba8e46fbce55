import { describe, expect, it } from 'vitest';
import { decodeSourceText, detectTextEncoding } from './source-text';

const decode = (bytes: number[] | Uint8Array) => decodeSourceText({ fileName: 'f.txt', bytes: Uint8Array.from(bytes) });

describe('decodeSourceText', () => {
  it('drops a UTF-8 BOM and keeps line endings', () => {
    expect(decode([0xef, 0xbb, 0xbf, 0x61, 0x0d, 0x0a, 0x62])).toBe('a\r\nb');
  });

  it('reads UTF-16 with a BOM and Windows-1252 text', () => {
    expect(decode([0xff, 0xfe, 0x68, 0, 0x69, 0])).toBe('hi');
    expect(
      decode(
        new TextEncoder()
          .encode('caf')
          .reduce<number[]>((a, b) => [...a, b], [])
          .concat([0xe9, 0x20, 0xe0]),
      ),
    ).toBe('café à');
  });

  it('tolerates a stray invalid byte in long UTF-8 text but rejects binary', () => {
    const text = new TextEncoder().encode('x'.repeat(1000));
    text[500] = 0xff;
    expect(decode(text)).toHaveLength(1000);
    expect(() => decode([0x1f, 0x8b, 0x08, 0x00])).toThrow(/not a text file/);
    expect(() => decode([0x89, 0x01, 0x02, 0xfe, 0x03, 0x04])).toThrow(/not a text file/);
  });
});

describe('detectTextEncoding', () => {
  const utf16 = (text: string, littleEndian: boolean): Uint8Array => {
    const bytes = new Uint8Array(text.length * 2);
    const view = new DataView(bytes.buffer);
    for (let i = 0; i < text.length; i++) view.setUint16(i * 2, text.charCodeAt(i), littleEndian);
    return bytes;
  };
  const detect = (bytes: Uint8Array) => detectTextEncoding({ fileName: 'f.csv', bytes });

  it('reads UTF-16 without a byte order mark by where its zero bytes fall, in both byte orders', () => {
    const text = 'naïve;€;日本\r\n1;2;3\r\n';
    expect(detect(utf16(text, true))).toBe('utf-16le');
    expect(detect(utf16(text, false))).toBe('utf-16be');
    expect(decodeSourceText({ fileName: 'f.txt', bytes: utf16(text, false) })).toBe(text);
  });

  it('takes valid UTF-8 as UTF-8 and Latin-1 accents as Windows-1252', () => {
    expect(detect(new TextEncoder().encode('Zürich;Genève'))).toBe('utf-8');
    expect(detect(Uint8Array.from([0x5a, 0xfc, 0x72, 0x69, 0x63, 0x68]))).toBe('windows-1252');
  });
});

describe('detectTextEncoding on binary data', () => {
  it('does not take binary data whose few zero bytes fall on one side for UTF-16', () => {
    const bytes = new Uint8Array(2048).map((_, index) => (index * 131) % 256);
    expect(() => detectTextEncoding({ fileName: 'binary.md', bytes })).toThrow(/not a text file/);
  });
});
