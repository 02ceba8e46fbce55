import { StratumError } from '../../../src-shared/errors';
import { CharacterTokenizer, WordTokenizer } from './basic';
import { TiktokenTokenizer } from './tiktoken';
import type { Tokenizer } from './tokenizer';
import { BertUncasedTokenizer } from './wordpiece';

interface TokenizerDefinition {
  readonly id: string;
  readonly defaultMaxTokens: number;
  create(id: string, defaultMaxTokens: number): Tokenizer;
}

interface TokenizerInfo {
  readonly id: string;
  readonly defaultMaxTokens: number;
  /** For an alias, the id whose tokenizer it shares. */
  readonly aliasOf?: string;
}

const bertUncased = (id: string, defaultMaxTokens: number): Tokenizer => new BertUncasedTokenizer(id, defaultMaxTokens);
const cl100k = (id: string, defaultMaxTokens: number): Tokenizer => new TiktokenTokenizer(id, 'cl100k_base', defaultMaxTokens);
const o200k = (id: string, defaultMaxTokens: number): Tokenizer => new TiktokenTokenizer(id, 'o200k_base', defaultMaxTokens);

/** Every tokenizer, by id. Add a tokenizer here and nowhere else. */
const definitions: readonly TokenizerDefinition[] = [
  { id: 'hf:sentence-transformers/all-MiniLM-L6-v2', defaultMaxTokens: 256, create: bertUncased },
  { id: 'hf:BAAI/bge-small-en-v1.5', defaultMaxTokens: 512, create: bertUncased },
  { id: 'hf:intfloat/e5-small-v2', defaultMaxTokens: 512, create: bertUncased },
  { id: 'tiktoken:cl100k_base', defaultMaxTokens: 8191, create: cl100k },
  { id: 'tiktoken:o200k_base', defaultMaxTokens: 8191, create: o200k },
  { id: 'chars', defaultMaxTokens: 1000, create: () => new CharacterTokenizer() },
  { id: 'words', defaultMaxTokens: 200, create: () => new WordTokenizer() },
];

/** Model names that count with one of the encodings above. */
const aliases: ReadonlyMap<string, string> = new Map([
  ['openai:text-embedding-3-small', 'tiktoken:cl100k_base'],
  ['openai:text-embedding-3-large', 'tiktoken:cl100k_base'],
  ['openai:text-embedding-ada-002', 'tiktoken:cl100k_base'],
  ['openai:gpt-4o', 'tiktoken:o200k_base'],
]);

/** Tokenizers are cheap to construct (vocabularies load on first count) and shared by every caller. */
const instances = new Map<string, Tokenizer>();

/** Every id a configuration may name, aliases included, with the max tokens used when it gives none. */
export function knownTokenizerIds(): TokenizerInfo[] {
  const canonical = definitions.map(({ id, defaultMaxTokens }): TokenizerInfo => ({ id, defaultMaxTokens }));
  const aliased = [...aliases].map(([alias, target]): TokenizerInfo => ({
    id: alias,
    defaultMaxTokens: tokenizerById(target).defaultMaxTokens,
    aliasOf: target,
  }));
  return [...canonical, ...aliased];
}

export function allTokenizerIds(): string[] {
  return knownTokenizerIds().map((info) => info.id);
}

/** The shared tokenizer for `id` (an alias gives its target's instance); built on first request. */
export function tokenizerById(id: string): Tokenizer {
  const canonicalId = aliases.get(id) ?? id;
  let tokenizer = instances.get(canonicalId);
  if (!tokenizer) {
    const definition = definitions.find((candidate) => candidate.id === canonicalId);
    if (!definition) {
      throw new StratumError('invalid-config', `tokenizer: unknown tokenizer "${id}" (known: ${allTokenizerIds().join(', ')})`);
    }
    tokenizer = definition.create(definition.id, definition.defaultMaxTokens);
    instances.set(canonicalId, tokenizer);
  }
  return tokenizer;
}
