import { randomBytes } from 'node:crypto';
import { createCanvas } from '@napi-rs/canvas';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { ZipArchive } from './zip-archive';
import { METHOD_DEFLATED, METHOD_STORED } from './zip-format';
import { writeZip } from './zip-writer';

/** A small chart-like PNG, as the artifacts hold. */
async function png(): Promise<Uint8Array> {
  const canvas = createCanvas(120, 80);
  const context = canvas.getContext('2d');
  for (let bar = 0; bar < 6; bar++) context.fillRect(bar * 20 + 4, 80 - bar * 12, 12, bar * 12);
  return new Uint8Array(await canvas.encode('png'));
}

/** The compression method of each entry, from the central directory (method at offset 10). */
function methods(zip: Uint8Array): number[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = zip.length - 22;
  const found: number[] = [];
  let offset = view.getUint32(end + 16, true);
  for (let i = 0; i < view.getUint16(end + 10, true); i++) {
    found.push(view.getUint16(offset + 10, true));
    offset += 46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  return found;
}

describe('writeZip', () => {
  it('writes entries that the ZIP reader gives back byte for byte, in order, folders included', async () => {
    const json = `${JSON.stringify({ chunks: Array.from({ length: 200 }, (_, index) => ({ index, text: 'Revenue grew in every region.' })) }, null, 2)}\n`;
    const picture = await png();
    const noise = new Uint8Array(randomBytes(4096));
    const zip = writeZip([
      { name: 'report.chunks.json', data: json },
      { name: 'report.chunks_artifacts/report_img_001.png', data: picture },
      { name: 'report.chunks_artifacts/noise.bin', data: noise },
      { name: 'report.chunks_artifacts/empty.md', data: '' },
      { name: 'report.chunks_artifacts/Überblick_table_001.md', data: '| a | b |\n' },
    ]);
    const archive = new ZipArchive(zip, 'export.zip');
    expect(archive.names()).toEqual([
      'report.chunks.json',
      'report.chunks_artifacts/report_img_001.png',
      'report.chunks_artifacts/noise.bin',
      'report.chunks_artifacts/empty.md',
      'report.chunks_artifacts/Überblick_table_001.md',
    ]);
    expect(archive.readText('report.chunks.json')).toBe(json);
    const bytesOf = (name: string) => new Uint8Array(archive.read(name)!);
    expect(bytesOf('report.chunks_artifacts/report_img_001.png')).toEqual(picture);
    expect(bytesOf('report.chunks_artifacts/noise.bin')).toEqual(noise);
    expect(archive.readText('report.chunks_artifacts/empty.md')).toBe('');
    expect(archive.readText('report.chunks_artifacts/Überblick_table_001.md')).toBe('| a | b |\n');
    // Text shrinks and is deflated; random bytes would grow and are stored.
    expect(methods(zip)[0]).toBe(METHOD_DEFLATED);
    expect(methods(zip)[2]).toBe(METHOD_STORED);
    expect(zip.length).toBeLessThan(json.length);
  });

  it('writes CRC-32s, sizes and times that another ZIP implementation accepts', async () => {
    const modified = new Date(2026, 10, 23, 14, 30, 42);
    const zip = writeZip(
      [
        { name: 'a.json', data: '{"a": 1}\n'.repeat(100) },
        { name: 'art/b.png', data: await png() },
      ],
      modified,
    );
    const other = await JSZip.loadAsync(zip, { checkCRC32: true });
    expect(await other.file('a.json')!.async('string')).toBe('{"a": 1}\n'.repeat(100));
    expect(await other.file('art/b.png')!.async('uint8array')).toEqual(await png());
    expect(other.file('a.json')!.date.getTime()).toBe(modified.getTime());
  });

  it('writes an empty archive the reader opens', () => {
    expect(new ZipArchive(writeZip([]), 'empty.zip').names()).toEqual([]);
  });
});
