import { createRequire } from 'node:module';
import type { Tokenizer } from './tokenizer';

export type TiktokenEncodingName = 'cl100k_base' | 'o200k_base';

type GptTokenizerEncoding = typeof import('gpt-tokenizer/encoding/cl100k_base');
type CountTokens = GptTokenizerEncoding['countTokens'];
type IsWithinTokenLimit = GptTokenizerEncoding['isWithinTokenLimit'];

interface Encoding {
  countTokens: CountTokens;
  isWithinTokenLimit: IsWithinTokenLimit;
}

/** Longest rank of both encodings, in bytes (a run of 128 spaces); a test re-derives it from the rank files. */
const LONGEST_RANK_BYTES = 128;

/**
 * `<|endoftext|>` and its kind are ordinary text in a document: count them as tiktoken's
 * `encode(text, disallowed_special=())` does instead of refusing the text.
 */
const SPECIAL_TOKENS_AS_TEXT = { disallowedSpecial: new Set<string>() };

const loadedEncodings = new Map<TiktokenEncodingName, Encoding>();

/**
 * Loaded on first count: parsing an encoding's ranks takes 150-350 ms, which no host should pay at
 * start-up for a tokenizer it may never use. gpt-tokenizer rather than js-tiktoken: identical counts,
 * several times faster on the many small pieces chunkers count (see scripts/bench/tokenizers.ts).
 */
function loadEncoding(name: TiktokenEncodingName): Encoding {
  let encoding = loadedEncodings.get(name);
  if (!encoding) {
    const module = createRequire(import.meta.url)(`gpt-tokenizer/encoding/${name}`) as GptTokenizerEncoding;
    encoding = { countTokens: module.countTokens, isWithinTokenLimit: module.isWithinTokenLimit };
    loadedEncodings.set(name, encoding);
  }
  return encoding;
}

/** An OpenAI BPE encoding, as OpenAI's embedding and chat models count their input. */
export class TiktokenTokenizer implements Tokenizer {
  readonly longestTokenLength = LONGEST_RANK_BYTES;

  constructor(
    readonly id: string,
    readonly encoding: TiktokenEncodingName,
    readonly defaultMaxTokens: number,
  ) {}

  count(text: string): number {
    if (text === '') return 0;
    return loadEncoding(this.encoding).countTokens(text, SPECIAL_TOKENS_AS_TEXT);
  }

  /** gpt-tokenizer encodes piece by piece (its pre-tokenizer's matches) and stops once past the limit. */
  countUpTo(text: string, limit: number): number {
    if (text === '') return 0;
    const within = loadEncoding(this.encoding).isWithinTokenLimit(text, limit, SPECIAL_TOKENS_AS_TEXT);
    return within === false ? limit + 1 : within;
  }
}
