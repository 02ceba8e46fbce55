import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { memoizedTokenizer } from './memoized-tokenizer';
import { knownTokenizerIds, tokenizerById } from './registry';
import { countUpTo, type Tokenizer } from './tokenizer';

const speech = readFileSync(new URL('../../../test-data/plain-text/state_of_the_union.md', import.meta.url), 'utf8');
/** Prose, then the same with astral characters, accents and a special token among the words. */
const texts = [speech.slice(0, 3_000), speech.slice(3_000, 6_000).replace(/ the /g, ' 𝔱𝔥𝔢 café [SEP] <|endoftext|> ')];

function expectCountsUpTo(tokenizer: Tokenizer): void {
  for (const text of texts) {
    const tokens = tokenizer.count(text);
    for (const limit of [0, 1, 7, tokens - 1, tokens, tokens + 1, 10 * tokens]) {
      const upTo = countUpTo(tokenizer, text, limit);
      if (tokens <= limit) expect(upTo, `${tokenizer.id} limit ${limit}`).toBe(tokens);
      else expect(upTo, `${tokenizer.id} limit ${limit}`).toBeGreaterThan(limit);
    }
  }
}

describe('countUpTo', () => {
  it('is the count within the limit and a number past it beyond, for every tokenizer', () => {
    for (const { id, aliasOf } of knownTokenizerIds()) {
      if (aliasOf) continue;
      const tokenizer = tokenizerById(id);
      expect(tokenizer.countUpTo, id).toBeTypeOf('function');
      expectCountsUpTo(tokenizer);
    }
  });

  it('is the same through the memoizing wrapper, which remembers only exact counts', () => {
    const memoized = memoizedTokenizer(tokenizerById('hf:sentence-transformers/all-MiniLM-L6-v2'));
    const text = texts[1]!;
    const tokens = memoized.count(text.slice(0, 500));
    expect(countUpTo(memoized, text, 3)).toBeGreaterThan(3);
    expect(memoized.count(text)).toBe(tokenizerById('hf:sentence-transformers/all-MiniLM-L6-v2').count(text));
    expect(countUpTo(memoized, text.slice(0, 500), 3)).toBe(tokens);
    expectCountsUpTo(memoized);
  });

  it('falls back to the whole count for a tokenizer that cannot stop early', () => {
    const counting: Tokenizer = {
      id: 'test:letters',
      defaultMaxTokens: 1,
      longestTokenLength: 1,
      count: (text) => text.replace(/[^a-z]/g, '').length,
    };
    expect(countUpTo(counting, 'abc def', 2)).toBe(6);
  });
});
