import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { chunkDocument, parseDocument } from '../../pipeline';
import { serializerOf } from './document-derivations';
import { CHUNKING_SERIALIZER_DEFAULTS } from './serializer/params';

const wikiPath = new URL('../../../../test-data/corpus/md/wiki.md', import.meta.url);

describe('document derivations kept across runs', () => {
  it('re-chunking a document gives what chunking a fresh copy of it gives, for every size and both Docling strategies', async () => {
    const bytes = new Uint8Array(await readFile(wikiPath));
    const { doc, docId } = await parseDocument('wiki.md', bytes);
    const configs = [
      { strategy: 'hybrid', maxTokens: 64 },
      { strategy: 'hierarchical' },
      { strategy: 'hybrid', maxTokens: 200 },
      { strategy: 'hybrid', maxTokens: 64, alwaysEmitHeadings: true },
      { strategy: 'hybrid', maxTokens: 64 },
    ];
    for (const config of configs) {
      const fresh = structuredClone(doc);
      expect([...chunkDocument(doc, docId, config)], JSON.stringify(config)).toEqual([...chunkDocument(fresh, docId, config)]);
    }
  });

  it('keeps one serializer per document and serializer settings', async () => {
    const { doc } = await parseDocument('wiki.md', new Uint8Array(await readFile(wikiPath)));
    const serializer = serializerOf(doc, CHUNKING_SERIALIZER_DEFAULTS);
    expect(serializerOf(doc, { ...CHUNKING_SERIALIZER_DEFAULTS })).toBe(serializer);
    expect(serializerOf(doc, { ...CHUNKING_SERIALIZER_DEFAULTS, tables: 'html' })).not.toBe(serializer);
    expect(serializerOf(structuredClone(doc), CHUNKING_SERIALIZER_DEFAULTS)).not.toBe(serializer);
  });
});
