import { countUpTo, type Tokenizer } from './tokenizer';

/** Texts remembered before the memory starts over: a few hundred pages' worth of pieces. */
const DEFAULT_CAPACITY = 250_000;

/**
 * `tokenizer` with its counts remembered by text. Re-chunking one document with another size or
 * option counts mostly the same items, sentences and merges again; remembered, a re-chunk costs
 * what assembling the chunks costs. When full, the memory starts over rather than tracking use.
 */
export function memoizedTokenizer(tokenizer: Tokenizer, capacity = DEFAULT_CAPACITY): Tokenizer {
  const counts = new Map<string, number>();
  return {
    id: tokenizer.id,
    defaultMaxTokens: tokenizer.defaultMaxTokens,
    longestTokenLength: tokenizer.longestTokenLength,
    ...(tokenizer.separatesTokens ? { separatesTokens: tokenizer.separatesTokens.bind(tokenizer) } : {}),
    count(text) {
      let tokens = counts.get(text);
      if (tokens === undefined) {
        tokens = tokenizer.count(text);
        remember(text, tokens);
      }
      return tokens;
    },
    countUpTo(text, limit) {
      const known = counts.get(text);
      if (known !== undefined) return known;
      const tokens = countUpTo(tokenizer, text, limit);
      // Above the limit the number may be short of the count: only an exact count is remembered.
      if (tokens <= limit) remember(text, tokens);
      return tokens;
    },
  };

  function remember(text: string, tokens: number): void {
    if (counts.size >= capacity) counts.clear();
    counts.set(text, tokens);
  }
}
