import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../pipeline';
import { resolveChunkingConfig } from '../pipeline-config';
import { memoizedTokenizer } from './memoized-tokenizer';
import { tokenizerById } from './registry';
import type { Tokenizer } from './tokenizer';

const wikiPath = new URL('../../../test-data/corpus/md/wiki.md', import.meta.url);

/** Counts the calls that reach the real tokenizer. */
function countingCalls(tokenizer: Tokenizer): { tokenizer: Tokenizer; calls: () => number } {
  let calls = 0;
  const spy: Tokenizer = Object.create(tokenizer) as Tokenizer;
  spy.count = (text) => {
    calls++;
    return tokenizer.count(text);
  };
  return { tokenizer: spy, calls: () => calls };
}

describe('memoizedTokenizer', () => {
  it('gives the wrapped tokenizer’s counts and properties, counting each text once', () => {
    const bert = tokenizerById('hf:sentence-transformers/all-MiniLM-L6-v2');
    const { tokenizer, calls } = countingCalls(bert);
    const memoized = memoizedTokenizer(tokenizer);
    const texts = ['Hello world, this is a test of the WordPiece tokenizer.', 'Tokenization', ''];
    for (const text of [...texts, ...texts]) expect(memoized.count(text)).toBe(bert.count(text));
    expect(calls()).toBe(texts.length);
    expect(memoized).toMatchObject({ id: bert.id, defaultMaxTokens: bert.defaultMaxTokens, longestTokenLength: bert.longestTokenLength });
    expect(memoized.separatesTokens?.(' ')).toBe(bert.separatesTokens?.(' '));
  });

  it('starts over when full instead of growing', () => {
    const { tokenizer, calls } = countingCalls(tokenizerById('words'));
    const memoized = memoizedTokenizer(tokenizer, 2);
    for (const text of ['a', 'b c', 'a', 'd e f', 'a']) memoized.count(text);
    // a, b c counted; a remembered; d e f fills it past 2 and clears; a counted again
    expect(calls()).toBe(4);
  });

  it('re-chunks a real document at several sizes exactly as the plain tokenizer does', async () => {
    const { doc, docId } = await parseDocument('wiki.md', new Uint8Array(await readFile(wikiPath)));
    const memoized = new Map<string, Tokenizer>();
    for (const config of [
      { maxTokens: 64 },
      { maxTokens: 128 },
      { maxTokens: 64 },
      { tokenizer: 'tiktoken:cl100k_base', maxTokens: 100 },
    ]) {
      const resolved = resolveChunkingConfig(config);
      const context = { doc, docId, maxTokens: resolved.config.maxTokens, configHash: resolved.configHash };
      const plain = [...resolved.chunk({ ...context, tokenizer: resolved.tokenizer })];
      const tokenizer = memoized.get(resolved.tokenizer.id) ?? memoizedTokenizer(resolved.tokenizer);
      memoized.set(resolved.tokenizer.id, tokenizer);
      expect([...resolved.chunk({ ...context, tokenizer })]).toEqual(plain);
    }
  });
});
