import type { Tokenizer } from '../../tokenize/tokenizer';
import { pyIsSpace } from './python-text';

/**
 * Decides `count(parts.join(delim)) <= maxTokens` without re-tokenizing growing windows: the
 * estimate is the sum of the parts' counts plus the delimiters'. For a tokenizer that pre-splits
 * on whitespace (BERT WordPiece) and a whitespace delimiter the estimate is exact; otherwise
 * (BPE) it is trusted only away from the limit and the joined text is counted near it.
 */
export class TokenBudget {
  readonly delimTokens: number;
  private readonly estimateIsExact: boolean;

  constructor(
    readonly tokenizer: Tokenizer,
    readonly delim: string,
    readonly maxTokens: number,
  ) {
    this.delimTokens = tokenizer.count(delim);
    this.estimateIsExact = tokenizer.additiveOverWhitespace === true && (delim === '' ? false : pyIsSpace(delim));
  }

  count(text: string): number {
    return this.tokenizer.count(text);
  }

  /** `partCount` parts summing to `partTokens`; `joined` builds the exact text when needed. */
  fits(partTokens: number, partCount: number, joined: () => string): boolean {
    const boundaries = Math.max(0, partCount - 1);
    const estimate = partTokens + boundaries * this.delimTokens;
    if (this.estimateIsExact) return estimate <= this.maxTokens;
    // Token merges across a boundary change a BPE count by a token or two at most.
    const margin = 2 * boundaries + 2;
    if (estimate + margin <= this.maxTokens) return true;
    if (estimate - margin > this.maxTokens) return false;
    return this.tokenizer.count(joined()) <= this.maxTokens;
  }
}
