/** A token counter as the chunkers see it. Implementations live beside this file; `registry.ts` maps ids to them. */
export interface Tokenizer {
  /** Stable id, e.g. `hf:sentence-transformers/all-MiniLM-L6-v2`, `tiktoken:cl100k_base`, `chars`. */
  readonly id: string;
  /** The embedding model's input limit, used when a config gives no max tokens. */
  readonly defaultMaxTokens: number;
  /**
   * Length of the longest vocabulary entry (in code points, `##` prefix included for WordPiece;
   * in bytes for BPE ranks). semchunk's long-text counting shortcut depends on it.
   */
  readonly longestTokenLength: number;
  /**
   * True when every character of `separator` (non-empty) ends the tokens on both sides and is counted
   * on its own, so `count(a + s + b) === count(a) + count(s) + count(b)` for any `a`, `b` and any
   * substring `s` of `separator` (BERT WordPiece: whitespace and punctuation). Lets chunkers add up
   * counts instead of re-tokenizing joined or growing text. Absent means "never" (BPE merges across
   * anything).
   */
  separatesTokens?(separator: string): boolean;
  /** Number of tokens in `text`, without special tokens ([CLS]/[SEP] are not counted). */
  count(text: string): number;
  /**
   * `count(text)` when that is at most `limit`, else some number above `limit`, found by counting
   * only until the limit is passed: whether a head of a long text fits then costs what the head
   * costs, not what the whole text costs. Absent means the whole text is counted.
   */
  countUpTo?(text: string, limit: number): number;
}

/** `tokenizer.countUpTo(text, limit)`, or the full count for a tokenizer that cannot stop early. */
export function countUpTo(tokenizer: Tokenizer, text: string, limit: number): number {
  return tokenizer.countUpTo ? tokenizer.countUpTo(text, limit) : tokenizer.count(text);
}
