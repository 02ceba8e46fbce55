import { codePointLength, codePointOffsets, utf16Offsets, type CodePointOffset, type Utf16Offset } from '../../text/code-points';
import { countUpTo, type Tokenizer } from '../../tokenize/tokenizer';

/**
 * docling-core's LineBasedTokenChunker as the HybridChunker's table path uses it:
 * lines are concatenated as they are (no separator) behind a repeated prefix; a line too long for
 * any chunk is cut at a token limit (preferably at a space).
 *
 * Linear in a line however long: every count that is only compared with the limit stops once past
 * it, and the rest of a line being cut is a position in the line, not a copy of its tail.
 */
export function chunkLines(
  lines: readonly string[],
  prefix: string,
  maxTokens: number,
  omitPrefixOnOverflow: boolean,
  tokenizer: Tokenizer,
): string[] {
  const chunks: string[] = [];
  let prefixTokens = countUpTo(tokenizer, prefix, maxTokens);
  let effectivePrefix = prefix;
  if (prefixTokens >= maxTokens) {
    chunks.push(...chunkLines([prefix], '', maxTokens, false, tokenizer));
    effectivePrefix = '';
    prefixTokens = 0;
  }
  let current = effectivePrefix;
  let currentTokens = prefixTokens;
  const flush = () => {
    if (current !== '' && !(prefixTokens > 0 && current === effectivePrefix)) chunks.push(current);
  };
  const restart = (withPrefix: boolean) => {
    current = withPrefix ? effectivePrefix : '';
    currentTokens = withPrefix ? prefixTokens : 0;
  };
  const firstLineOverflows = () => lines.length > 0 && countUpTo(tokenizer, lines[0]!, maxTokens) + prefixTokens > maxTokens;
  if (omitPrefixOnOverflow && prefixTokens > 0 && firstLineOverflows()) {
    chunks.push(effectivePrefix);
    restart(false);
  }
  for (const text of lines) {
    const line = new CodePointLine(text);
    let from = 0;
    for (;;) {
      const rest = line.tail(from);
      // Every comparison below is with at most maxTokens: a count past it needs not be exact.
      const tokens = countUpTo(tokenizer, rest, maxTokens);
      const available = maxTokens - currentTokens;
      if (tokens <= available) {
        current += rest;
        currentTokens += tokens;
        break;
      }
      if (tokens + prefixTokens <= maxTokens) {
        flush();
        restart(true);
        continue;
      }
      if (omitPrefixOnOverflow && tokens <= maxTokens && prefixTokens > 0) {
        flush();
        restart(false);
        continue;
      }
      let cut = splitByTokenLimit(line, from, available, tokenizer);
      if (cut === from) cut = from + 1;
      const head = line.slice(from, cut);
      current += `\n${head}`;
      currentTokens += tokenizer.count(head);
      flush();
      restart(!omitPrefixOnOverflow);
      from = cut;
      if (from >= line.length) break;
    }
  }
  flush();
  return chunks;
}

const SPACE = 0x20;

/** A line with Python's indices (code points) over it; the maps between them and UTF-16 are built once per line. */
export class CodePointLine {
  readonly length: number;
  private unitMap: Utf16Offset | undefined;
  private codePointMap: CodePointOffset | undefined;

  constructor(readonly text: string) {
    this.length = codePointLength(text);
  }

  /** `text[from:to]` in Python. */
  slice(from: number, to: number = this.length): string {
    return this.text.slice(this.unitAt(from), this.unitAt(to));
  }

  tail(from: number): string {
    return from === 0 ? this.text : this.slice(from);
  }

  /** Python's `text[from:to].rfind(' ')`, as an index into the whole line; -1 when absent. */
  lastSpace(from: number, to: number): number {
    const start = this.unitAt(from);
    // Not lastIndexOf: on a line without spaces it would scan back to the line's start for every head.
    for (let unit = this.unitAt(to) - 1; unit >= start; unit--) if (this.text.charCodeAt(unit) === SPACE) return this.codePointAt(unit);
    return -1;
  }

  private unitAt(codePoint: number): number {
    if (this.length === this.text.length) return codePoint;
    this.unitMap ??= utf16Offsets(this.text);
    return this.unitMap(codePoint);
  }

  private codePointAt(unit: number): number {
    if (this.length === this.text.length) return unit;
    this.codePointMap ??= codePointOffsets(this.text);
    return this.codePointMap(unit);
  }
}

/**
 * docling-core's `split_by_token_limit` on `line[from:]`, as the index where its tail starts: the longest head within
 * `limit` tokens, found by docling's bisection over code points (its probe order decides where counts are not monotone
 * in the length), then moved back to the head's last space unless that is its first character.
 */
export function splitByTokenLimit(line: CodePointLine, from: number, limit: number, tokenizer: Tokenizer): number {
  if (limit <= 0 || from >= line.length) return from;
  if (countUpTo(tokenizer, line.tail(from), limit) <= limit) return line.length;
  let low = 0;
  let high = line.length - from;
  let best = 0;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (countUpTo(tokenizer, line.slice(from, from + mid), limit) <= limit) {
      best = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  if (best <= 0) return from;
  const space = line.lastSpace(from, from + best);
  return space > from ? space : from + best;
}
