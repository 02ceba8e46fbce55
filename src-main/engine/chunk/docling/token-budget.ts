import type { Tokenizer } from '../../tokenize/tokenizer';
import type { DocChunk } from './doc-chunk';

/**
 * Decides `count(parts.join(delim)) <= maxTokens` without re-tokenizing growing windows: the
 * estimate is the sum of the parts' counts plus the delimiters'. When the tokenizer separates
 * tokens at the delimiter (BERT WordPiece and a whitespace delimiter) the estimate is exact;
 * otherwise (BPE) it is trusted only away from the limit and the joined text is counted near it.
 */
export class TokenBudget {
  readonly delimTokens: number;
  /** Counts add up across the delimiter: `joinedTokens` is then the exact count. */
  readonly additive: boolean;
  private readonly headingsTokensByText = new Map<string, number>();

  constructor(
    readonly tokenizer: Tokenizer,
    readonly delim: string,
    readonly maxTokens: number,
  ) {
    this.delimTokens = tokenizer.count(delim);
    this.additive = delim !== '' && tokenizer.separatesTokens?.(delim) === true;
  }

  count(text: string): number {
    return this.tokenizer.count(text);
  }

  /** Tokens of `partCount` parts joined with the delimiter, from their own counts (exact when additive). */
  joinedTokens(partTokens: number, partCount: number): number {
    return partTokens + Math.max(0, partCount - 1) * this.delimTokens;
  }

  /** `count(headings.join(delim))`, once per heading path: consecutive chunks share theirs. */
  headingsTokens(headings: readonly string[]): number {
    const text = headings.join(this.delim);
    let tokens = this.headingsTokensByText.get(text);
    if (tokens === undefined) {
      tokens = this.count(text);
      this.headingsTokensByText.set(text, tokens);
    }
    return tokens;
  }

  /** `count(contextualize(chunk))` from the count of its text, when that gives it exactly; else undefined. */
  contextualizedTokens(chunk: Pick<DocChunk, 'headings'>, textTokens: number | undefined): number | undefined {
    if (textTokens === undefined) return undefined;
    if (!chunk.headings) return textTokens;
    return this.additive ? this.joinedTokens(this.headingsTokens(chunk.headings) + textTokens, 2) : undefined;
  }

  /** `partCount` parts summing to `partTokens`; `joined` builds the exact text when needed. */
  fits(partTokens: number, partCount: number, joined: () => string): boolean {
    const estimate = this.joinedTokens(partTokens, partCount);
    if (this.additive) return estimate <= this.maxTokens;
    // Token merges across a boundary change a BPE count by a token or two at most.
    const margin = 2 * Math.max(0, partCount - 1) + 2;
    if (estimate + margin <= this.maxTokens) return true;
    if (estimate - margin > this.maxTokens) return false;
    return this.tokenizer.count(joined()) <= this.maxTokens;
  }
}
