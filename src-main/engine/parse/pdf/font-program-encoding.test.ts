import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { objectLookup } from './compressed-objects';
import { builtInGlyphNames } from './font-program-encoding';
import { decodedStream } from './page-contents';
import { dictionaryEntries } from './pdf-dictionary';
import { pdfObjectsOf } from './pdf-streams';

const folder = path.resolve(import.meta.dirname, '../../../../test-data/pdf-ligature-maps');

/** The CFF program of the font named `baseFont` in a file whose fonts lie in object streams. */
async function cffProgramOf(fileName: string, baseFont: string): Promise<Buffer> {
  const bytes = new Uint8Array(readFileSync(path.join(folder, fileName)));
  const objects = pdfObjectsOf(bytes);
  const lookup = await objectLookup(bytes, objects);
  const font = [...lookup.dictionaries()].find(([, text]) => text.includes(`/BaseFont /${baseFont}`))!;
  const descriptor = dictionaryEntries(lookup.resolve(dictionaryEntries(font[1]).get('FontDescriptor'))!);
  const number = Number(/^(\d+)/.exec(descriptor.get('FontFile3')!)![1]);
  return (await decodedStream(
    bytes,
    objects.streams.find((stream) => stream.objectNumber === number)!,
    objects,
  ))!;
}

describe('built-in encodings of font programs', () => {
  it('reads a CFF program’s custom encoding through its charset and strings (OT1 Computer Modern)', async () => {
    const names = builtInGlyphNames(await cffProgramOf('xyguide-p3-14.pdf', 'MUTIQG+CMR10'), 'Type1C')!;
    expect(names.get(0x0c)).toBe('fi');
    expect(names.get(0x0b)).toBe('ff');
    expect(names.get(0x1a)).toBe('ae');
    expect(names.get(0x22)).toBe('quotedblright');
    expect(names.get(0x5c)).toBe('quotedblleft');
    expect(names.get(0x7b)).toBe('endash');
    expect(names.get(0x61)).toBe('a');
  });

  it('gives nothing for a cut program, whatever offset it stops at', async () => {
    const program = await cffProgramOf('xyguide-p3-14.pdf', 'MUTIQG+CMR10');
    for (const length of [0, 3, 40, 400, program.length >> 1, program.length - 1]) {
      expect(() => builtInGlyphNames(program.subarray(0, length), 'Type1C')).not.toThrow();
    }
  });

  it('reads a Type 1 program’s encoding from its clear text, and none where it is the standard one', () => {
    const clear = (encoding: string): Buffer =>
      Buffer.from(`%!PS-AdobeFont-1.0: CMR10\n/FontName /CMR10 def\n${encoding}\ncurrentfile eexec\n\u0093\u00ff dup 5 /x put`, 'latin1');
    const names = builtInGlyphNames(
      clear('/Encoding 256 array\n0 1 255 {1 index exch /.notdef put} for\ndup 12 /fi put\ndup 123 /endash put\nreadonly def'),
      'Type1',
    );
    expect([...names!]).toEqual([
      [12, 'fi'],
      [123, 'endash'],
    ]);
    expect(builtInGlyphNames(clear('/Encoding StandardEncoding def'), 'Type1')).toBeUndefined();
  });
});
