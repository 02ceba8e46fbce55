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
   * True when the tokenizer pre-splits on whitespace, so `count(a + ws + b) === count(a) + count(b)`
   * exactly for any whitespace `ws` (BERT WordPiece). Lets chunkers keep running sums instead of
   * re-tokenizing growing windows. Absent means "not guaranteed" (BPE).
   */
  readonly additiveOverWhitespace?: boolean;
  /** Number of tokens in `text`, without special tokens ([CLS]/[SEP] are not counted). */
  count(text: string): number;
}
