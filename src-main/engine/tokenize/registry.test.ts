import { describe, expect, it } from 'vitest';
import { isStratumError } from '../../../src-shared/errors';
import { knownTokenizerIds, tokenizerById } from './registry';

describe('tokenizer registry', () => {
  it('lists every id with the max tokens used when a config gives none', () => {
    const defaults = Object.fromEntries(knownTokenizerIds().map((info) => [info.id, info.defaultMaxTokens]));
    expect(defaults).toEqual({
      'hf:sentence-transformers/all-MiniLM-L6-v2': 256,
      'hf:BAAI/bge-small-en-v1.5': 512,
      'hf:intfloat/e5-small-v2': 512,
      'tiktoken:cl100k_base': 8191,
      'tiktoken:o200k_base': 8191,
      chars: 1000,
      words: 200,
      'openai:text-embedding-3-small': 8191,
      'openai:text-embedding-3-large': 8191,
      'openai:text-embedding-ada-002': 8191,
      'openai:gpt-4o': 8191,
    });
  });

  it('builds every listed tokenizer, with the id and default it is listed under', () => {
    for (const info of knownTokenizerIds()) {
      const tokenizer = tokenizerById(info.id);
      expect(tokenizer.id).toBe(info.aliasOf ?? info.id);
      expect(tokenizer.defaultMaxTokens).toBe(info.defaultMaxTokens);
      expect(tokenizer.count('Hello world')).toBeGreaterThan(0);
    }
  });

  it("shares one instance per id, and an alias shares its target's", () => {
    expect(tokenizerById('tiktoken:cl100k_base')).toBe(tokenizerById('tiktoken:cl100k_base'));
    expect(tokenizerById('openai:text-embedding-3-small')).toBe(tokenizerById('tiktoken:cl100k_base'));
    expect(tokenizerById('openai:gpt-4o')).toBe(tokenizerById('tiktoken:o200k_base'));
  });

  it('counts the same with every model of the bert-base-uncased vocabulary', () => {
    const text = 'Hello world, this is a test of the WordPiece tokenizer.';
    expect(tokenizerById('hf:sentence-transformers/all-MiniLM-L6-v2').count(text)).toBe(14);
    expect(tokenizerById('hf:BAAI/bge-small-en-v1.5').count(text)).toBe(14);
    expect(tokenizerById('hf:intfloat/e5-small-v2').count(text)).toBe(14);
  });

  it('rejects an unknown id with an invalid-config error naming the known ones', () => {
    let caught: unknown;
    try {
      tokenizerById('gpt2');
    } catch (error) {
      caught = error;
    }
    expect(isStratumError(caught) && caught.code).toBe('invalid-config');
    expect((caught as Error).message).toMatch(
      /^tokenizer: unknown tokenizer "gpt2" \(known: hf:sentence-transformers\/all-MiniLM-L6-v2, .*words, openai:/,
    );
  });
});
