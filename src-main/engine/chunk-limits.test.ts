import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../../src-shared/docling/types';
import { isStratumError } from '../../src-shared/errors';
import { CHUNK_LIMITS, chunkLimitsFor } from './chunk-limits';
import { DocumentBuilder } from './parse/document-builder';
import { chunkDocument } from './pipeline';

const speech = readFileSync(new URL('../../test-data/plain-text/state_of_the_union.md', import.meta.url), 'utf8');

/** The speech's paragraphs `copies` times over (four copies: some 200 KB). */
function speechDocument(copies: number): DoclingDocument {
  const builder = new DocumentBuilder('speech.md', 'text/markdown', new Uint8Array([copies]));
  const paragraphs = speech.split(/\n\s*\n/).filter((paragraph) => paragraph.trim() !== '');
  for (let copy = 0; copy < copies; copy++) for (const paragraph of paragraphs) builder.addText('text', paragraph.trim());
  return builder.doc;
}

/** The error chunking throws, or undefined; every chunk it makes before is counted. */
function chunkingError(doc: DoclingDocument, config: unknown): { error: unknown; chunks: number } {
  let chunks = 0;
  try {
    for (const _ of chunkDocument(doc, 'doc-under-test', config)) chunks++;
    return { error: undefined, chunks };
  } catch (error) {
    return { error, chunks };
  }
}

describe('chunk limits', () => {
  const doc = speechDocument(4);
  const limits = chunkLimitsFor(doc);

  it('refuse a 1-token limit on a 200 KB document after the most chunks its length allows, naming the limit and the setting', () => {
    expect(limits.chunks).toBeGreaterThan(CHUNK_LIMITS.minChunks);
    const { error, chunks } = chunkingError(doc, { maxTokens: 1 });
    expect(chunks).toBe(limits.chunks);
    expect(isStratumError(error) && error.code).toBe('too-large');
    expect((error as Error).message).toContain(`more than ${limits.chunks.toLocaleString('en')} chunks`);
    expect((error as Error).message).toContain('now maxTokens 1');
  });

  it('refuse an overlap that repeats the text far beyond the document, naming the size and overlap', () => {
    const { error, chunks } = chunkingError(doc, { strategy: 'fixed-characters', size: 20_000, overlap: 19_990 });
    expect(chunks).toBeLessThan(limits.chunks);
    expect(isStratumError(error) && error.code).toBe('too-large');
    expect((error as Error).message).toContain(`more than ${limits.chunkCharacters.toLocaleString('en')} characters`);
    expect((error as Error).message).toContain('now size 20000, overlap 19990');
  });

  it('let every strategy chunk the document at its defaults and a small size through', () => {
    for (const config of [
      {},
      { maxTokens: 8 },
      { strategy: 'layered' },
      { strategy: 'parent-child' },
      { strategy: 'fixed-words', size: 16, overlap: 8 },
    ]) {
      const { error, chunks } = chunkingError(doc, config);
      expect(error, JSON.stringify(config)).toBeUndefined();
      expect(chunks).toBeGreaterThan(0);
    }
  });

  it('grow with the document, between a floor and a ceiling', () => {
    const small = chunkLimitsFor(speechDocument(1));
    expect(small.chunks).toBe(CHUNK_LIMITS.minChunks);
    expect(small.chunkCharacters).toBe(CHUNK_LIMITS.minChunkCharacters);
    const large = chunkLimitsFor(speechDocument(40));
    expect(large.chunks).toBeGreaterThan(10 * limits.chunks - 10);
    expect(large.chunkCharacters).toBeGreaterThan(CHUNK_LIMITS.minChunkCharacters);
  });
});
