import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { approximateByteSize } from './approximate-size';
import { parseDocument } from './pipeline';

describe('approximateByteSize', () => {
  it('grows with the text and the items of a parsed document, in the order of its JSON', async () => {
    const bytes = new Uint8Array(await readFile(new URL('../../test-data/corpus/md/wiki.md', import.meta.url)));
    const { doc } = await parseDocument('wiki.md', bytes);
    const json = JSON.stringify(doc).length;
    const size = approximateByteSize(doc);
    expect(size).toBeGreaterThan(json / 2);
    expect(size).toBeLessThan(json * 4);
  });

  it('counts binary data by its bytes and a shared object once', () => {
    const shared = { text: 'x'.repeat(10_000) };
    expect(approximateByteSize(new Uint8Array(1_000_000))).toBeGreaterThanOrEqual(1_000_000);
    expect(approximateByteSize([shared, shared, shared])).toBeLessThan(2 * approximateByteSize(shared));
  });

  it('measures nesting deeper than the call stack allows', () => {
    let deep: unknown = 'leaf';
    for (let depth = 0; depth < 200_000; depth++) deep = [deep];
    expect(approximateByteSize(deep)).toBeGreaterThan(200_000 * 8);
  });
});
