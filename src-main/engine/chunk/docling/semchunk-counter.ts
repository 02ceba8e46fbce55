import { codePointLength, codePointSlice } from '../../text/code-points';

export type TokenCounter = (text: string) => number;

/** What semchunk needs of a tokenizer. */
export interface SemchunkTokenizer {
  count: TokenCounter;
  longestTokenLength: number;
  /** See `Tokenizer.separatesTokens`: lets joins be counted from their splits' counts. */
  separatesTokens?(separator: string): boolean;
}

/** A text cut into `splits` at `splitter`. */
export interface SplitText {
  splitter: string;
  splits: readonly string[];
  /** `cumulative[k]`: code points in the first k splits. */
  cumulative: readonly number[];
  /** Each split's count, when already known. */
  splitTokens?: readonly number[];
}

/** Whether counts add up across `splitter` (never across '', semchunk's character split). */
export function splitterSeparatesTokens(tokenizer: SemchunkTokenizer, splitter: string): boolean {
  return splitter !== '' && tokenizer.separatesTokens?.(splitter) === true;
}

/** Counts of `splits.slice(start, end).join(splitter)` for the splits of one text. */
export interface JoinCounter {
  /** What semchunk's counter returns (long-text shortcut included). */
  tokens(start: number, end: number): number;
  /** The exact count when it comes for free, else undefined. */
  exactTokens(start: number, end: number): number | undefined;
  /**
   * The first `end` at or below `to`, going down to `from`, with `tokens(start, end) <= chunkSize`; `from - 1` when
   * none. Asked only where splits `start` to `to` are all empty, so that each join is the splitter repeated.
   */
  lastFittingOverEmptySplits(start: number, from: number, to: number): number;
}

/**
 * chunkerify's counter: memoized, and for a text longer than `6 * chunkSize` code points, a count
 * of its first `6 * chunkSize + longestToken - 1` code points above `chunkSize` short-cuts to
 * `chunkSize + 1` (observable: it may call a fitting text too big).
 */
export class SemchunkCounter {
  private readonly memo = new Map<string, number>();
  /** Longer texts take the shortcut. */
  private readonly longTextLength: number;
  /** Code points the shortcut counts. */
  readonly probeLength: number;

  constructor(
    readonly tokenizer: SemchunkTokenizer,
    readonly chunkSize: number,
  ) {
    this.longTextLength = chunkSize * 6;
    this.probeLength = this.longTextLength + tokenizer.longestTokenLength - 1;
  }

  tokens(text: string): number {
    let tokens = this.memo.get(text);
    if (tokens === undefined) {
      tokens = this.shortcut(
        codePointLength(text),
        () => this.tokenizer.count(codePointSlice(text, 0, this.probeLength)) > this.chunkSize,
        () => this.tokenizer.count(text),
      );
      this.memo.set(text, tokens);
    }
    return tokens;
  }

  /**
   * Counts the joins of consecutive splits of `text`.
   * When the tokenizer separates tokens at the splitter, a join's count is its splits' counts added up,
   * and the shortcut's probe adds the count of the one split (or splitter) it cuts through, if the
   * whole splits before the cut do not already decide it.
   */
  joins(text: SplitText): JoinCounter {
    if (splitterSeparatesTokens(this.tokenizer, text.splitter)) return new SummedJoinCounter(this, text);
    const tokens = (start: number, end: number) => this.tokens(text.splits.slice(start, end).join(text.splitter));
    return {
      tokens,
      exactTokens: () => undefined,
      // Counts of a repeated splitter need not grow with the repeats (BPE merges runs): every one is asked, as semchunk does.
      lastFittingOverEmptySplits: (start, from, to) => {
        let end = to;
        while (end >= from && tokens(start, end) > this.chunkSize) end--;
        return end;
      },
    };
  }

  /** The counter's value for a text of `length` code points, given whether its prefix's count is over `chunkSize`, and its count. */
  shortcut(length: number, prefixIsOver: () => boolean, wholeTokens: () => number): number {
    return length > this.longTextLength && prefixIsOver() ? this.chunkSize + 1 : wholeTokens();
  }
}

class SummedJoinCounter implements JoinCounter {
  private readonly splitterLength: number;
  private readonly splitterTokens: number;
  private readonly splits: readonly string[];
  private readonly splitter: string;
  private readonly cumulative: readonly number[];
  /** `tokenPrefix[k]`: tokens in the first k splits, extended on demand. */
  private readonly tokenPrefix: number[] = [0];

  constructor(
    private readonly counter: SemchunkCounter,
    text: SplitText,
  ) {
    this.splits = text.splits;
    this.splitter = text.splitter;
    this.cumulative = text.cumulative;
    this.splitterLength = codePointLength(this.splitter);
    this.splitterTokens = this.count(this.splitter);
    for (const tokens of text.splitTokens ?? []) this.tokenPrefix.push(this.tokenPrefix[this.tokenPrefix.length - 1]! + tokens);
  }

  tokens(start: number, end: number): number {
    if (end <= start) return this.counter.tokens('');
    const length = this.offset(end) - this.offset(start) - this.splitterLength;
    return this.counter.shortcut(
      length,
      () => this.prefixIsOver(start, end),
      () => this.sum(start, end),
    );
  }

  exactTokens(start: number, end: number): number | undefined {
    return end <= start ? this.count('') : this.sum(start, end);
  }

  /**
   * Over empty splits, the sum grows with the repeats of the splitter and the long-text probe reads the same prefix
   * for every join longer than it: whether a join fits no longer changes back once it fails, so bisection finds what
   * semchunk's one-by-one descent finds.
   */
  lastFittingOverEmptySplits(start: number, from: number, to: number): number {
    let low = from;
    let high = to;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (this.tokens(start, mid) > this.counter.chunkSize) high = mid - 1;
      else low = mid + 1;
    }
    return high;
  }

  private count(text: string): number {
    return this.counter.tokenizer.count(text);
  }

  /** Code point offset of split `k` in the join of all splits. */
  private offset(k: number): number {
    return this.cumulative[k]! + k * this.splitterLength;
  }

  private tokensBefore(k: number): number {
    const prefix = this.tokenPrefix;
    for (let i = prefix.length; i <= k; i++) prefix[i] = prefix[i - 1]! + this.count(this.splits[i - 1]!);
    return prefix[k]!;
  }

  private sum(start: number, end: number): number {
    return this.tokensBefore(end) - this.tokensBefore(start) + (end - start - 1) * this.splitterTokens;
  }

  /** Whether the first `probeLength` code points of the join of splits [start, end) count over `chunkSize`. */
  private prefixIsOver(start: number, end: number): boolean {
    const chunkSize = this.counter.chunkSize;
    const limit = this.offset(start) + this.counter.probeLength;
    const cut = this.lastSplitAtOrBefore(limit, start, end);
    const before = this.tokensBefore(cut) - this.tokensBefore(start) + (cut - start) * this.splitterTokens;
    // Counts are never negative: what comes before the cut may decide alone.
    if (before > chunkSize) return true;
    const cutEnd = this.offset(cut) + this.cumulative[cut + 1]! - this.cumulative[cut]!;
    if (limit <= cutEnd) return before + this.count(codePointSlice(this.splits[cut]!, 0, limit - this.offset(cut))) > chunkSize;
    if (cut === end - 1) return this.sum(start, end) > chunkSize;
    const throughCut = before + this.tokensBefore(cut + 1) - this.tokensBefore(cut);
    return throughCut + this.count(codePointSlice(this.splitter, 0, limit - cutEnd)) > chunkSize;
  }

  /** The last split in [start, end) that starts at or before code point `limit`. */
  private lastSplitAtOrBefore(limit: number, start: number, end: number): number {
    let low = start;
    let high = end - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.offset(mid) <= limit) low = mid;
      else high = mid - 1;
    }
    return low;
  }
}
