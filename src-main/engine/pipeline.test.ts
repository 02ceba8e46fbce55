import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { StratumError } from '../../src-shared/errors';
import { allStrategies } from './chunk/registry';
import { readCanonical, serializeCanonical } from './export/canonical';
import { binaryHash } from './ir/document-id';
import { chunkDocument, exportCanonical, parseDocument, type ParsedDocument } from './pipeline';
import { resolveChunkingConfig } from './pipeline-config';

const corpus = (name: string) => new URL(`../../test-data/corpus/md/${name}`, import.meta.url);
const canonicalOf = (parsed: ParsedDocument, config: unknown) => exportCanonical(parsed, resolveChunkingConfig(config));

async function stratumError(action: () => unknown): Promise<StratumError> {
  try {
    await action();
  } catch (error) {
    if (error instanceof StratumError) return error;
    throw error;
  }
  throw new Error('expected a StratumError');
}

describe('pipeline', () => {
  it('parses by extension, identifies the document by its content and caches the IR', async () => {
    const bytes = await readFile(corpus('wiki.md'));
    const parsed = await parseDocument('wiki.md', bytes);
    expect(parsed.format).toBe('markdown');
    expect(parsed.docId).toBe(binaryHash(bytes));
    expect(await parseDocument('wiki.md', new Uint8Array(bytes))).toBe(parsed);
  });

  it('chunks lazily and exports schema-valid canonical JSON whose chunk ids depend on the config', async () => {
    const parsed = await parseDocument('wiki.md', await readFile(corpus('wiki.md')));
    const iterator = chunkDocument(parsed.doc, parsed.docId, { maxTokens: 64 })[Symbol.iterator]();
    const first = iterator.next();
    expect(first.done).toBe(false);

    const canonical = canonicalOf(parsed, { maxTokens: 64 });
    expect(canonical.chunks.length).toBeGreaterThan(3);
    expect(canonical.config).toMatchObject({ strategy: 'hybrid', tokenizer: 'hf:sentence-transformers/all-MiniLM-L6-v2', maxTokens: 64 });
    expect(canonical.tokenizer).toEqual({ id: 'hf:sentence-transformers/all-MiniLM-L6-v2', max_tokens: 64 });
    expect(canonical.chunks.every((chunk) => chunk.token_count <= 64)).toBe(true);
    expect(readCanonical(serializeCanonical(canonical))).toEqual(canonical);

    const again = canonicalOf(parsed, { maxTokens: 64 });
    expect(again.chunks.map((chunk) => chunk.id)).toEqual(canonical.chunks.map((chunk) => chunk.id));
    const otherConfig = canonicalOf(parsed, { maxTokens: 128 });
    expect(otherConfig.chunks[0]!.id).not.toBe(canonical.chunks[0]!.id);
  });

  it('exports schema-valid canonical JSON that round-trips byte for byte under every strategy', async () => {
    const documents = [
      await parseDocument('wiki.md', await readFile(corpus('wiki.md'))),
      await parseDocument('word_sample.docx', await readFile(new URL('../../test-data/corpus/docx/word_sample.docx', import.meta.url))),
    ];
    for (const parsed of documents) {
      for (const strategy of allStrategies()) {
        const canonical = canonicalOf(parsed, { strategy: strategy.name });
        expect(canonical.chunks.length, `${strategy.name} on ${parsed.fileName}`).toBeGreaterThan(0);
        const text = serializeCanonical(canonical);
        expect(serializeCanonical(readCanonical(text)), `${strategy.name} on ${parsed.fileName}`).toBe(text);
      }
    }
  });

  it('uses the tokenizer default when the config gives no token limit', async () => {
    const parsed = await parseDocument('mixed.md', await readFile(corpus('mixed.md')));
    expect(canonicalOf(parsed, {}).config.maxTokens).toBe(256);
  });

  it('gives zero chunks for a document without content', async () => {
    const parsed = await parseDocument('blank.md', new TextEncoder().encode('\n\n   \n'));
    expect([...chunkDocument(parsed.doc, parsed.docId, {})]).toEqual([]);
    expect(canonicalOf(parsed, {}).chunks).toEqual([]);
  });

  it('reports files a user can get wrong as typed errors', async () => {
    expect((await stratumError(() => parseDocument('empty.md', new Uint8Array()))).code).toBe('empty-file');
    expect((await stratumError(() => parseDocument('notes.xyz', new Uint8Array([1])))).code).toBe('unsupported-format');
    const binary = new Uint8Array(4096).map((_, index) => (index * 37) % 256);
    expect((await stratumError(() => parseDocument('binary.md', binary))).code).toBe('corrupt-file');
  });

  it('rejects invalid configs naming the field', async () => {
    const parsed = await parseDocument('mixed.md', await readFile(corpus('mixed.md')));
    const message = async (config: unknown) => (await stratumError(() => canonicalOf(parsed, config))).message;
    expect(await message({ maxTokens: 0 })).toBe('maxTokens: must be a positive integer');
    expect(await message({ strategy: 'no-such-strategy' })).toMatch(/^strategy: unknown strategy "no-such-strategy"/);
    expect(await message({ mergPeers: false })).toBe('mergPeers: not an option of strategy "hybrid"');
    expect(await message({ mergePeers: 'yes' })).toMatch(/^mergePeers: /);
  });
});
