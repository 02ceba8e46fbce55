import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { lzwBomb } from './pdf-writer.test-support';
import { decoderFor } from './stream-decoders';

async function decode(filter: string, data: Uint8Array | string, earlyChange = true): Promise<string> {
  const decoder = decoderFor(filter, { earlyChange })!;
  return (await buffer(Readable.from([Buffer.from(data)]).pipe(decoder))).toString('latin1');
}

describe('PDF stream decoders', () => {
  it('inflates FlateDecode', async () => {
    expect(await decode('FlateDecode', deflateSync('a flate stream'))).toBe('a flate stream');
  });

  it('decodes LZW, the PDF reference example included', async () => {
    // ISO 32000-1, 7.4.4.2: 45 45 45 45 45 65 45 45 45 66 encodes as 80 0B 60 50 22 0C 0C 85 01
    const decoded = await decode('LZWDecode', Uint8Array.from([0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01]));
    expect([...Buffer.from(decoded, 'latin1')]).toEqual([0x2d, 0x2d, 0x2d, 0x2d, 0x2d, 0x41, 0x2d, 0x2d, 0x2d, 0x42]);
  });

  it('decodes ASCIIHex, ASCII85 and RunLength', async () => {
    expect(await decode('AHx', '48 65 6c6C6F2>')).toBe('Hello ');
    expect(await decode('ASCII85Decode', '87cURD_*#EDf^#7Ch4`5DfTZ)+T~>')).toBe('Hello, hostile world!');
    expect(await decode('A85', 'z~>')).toBe('\0\0\0\0');
    expect(await decode('RunLengthDecode', Uint8Array.from([2, 0x61, 0x62, 0x63, 254, 0x7a, 128, 0x21]))).toBe('abczzz');
  });

  it('has no decoder for image codecs, which the image size bounds', () => {
    expect(decoderFor('DCTDecode', { earlyChange: true })).toBeUndefined();
    expect(decoderFor('JBIG2Decode', { earlyChange: true })).toBeUndefined();
  });
});

describe('the LZW bomb the limit tests use', () => {
  it('decodes to runs of spaces a thousand times its size', async () => {
    const data = lzwBomb(2);
    const decoded = await decode('LZWDecode', data);
    // each cycle: one space, then runs of 2 to 3838 spaces
    const perCycle = 1 + ((2 + 3838) * 3837) / 2;
    expect(decoded.length).toBe(2 * perCycle);
    expect(decoded.trim()).toBe('');
    expect(decoded.length / data.length).toBeGreaterThan(1000);
  });
});
