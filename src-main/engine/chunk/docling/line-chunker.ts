import { codePointLength, codePointSlice } from '../../text/code-points';
import type { TokenCounter } from './semchunk-counter';

/**
 * docling-core's LineBasedTokenChunker as the HybridChunker's table path uses it:
 * lines are concatenated as they are (no separator) behind a repeated prefix; a line too long for
 * any chunk is cut at a token limit (preferably at a space).
 */
export function chunkLines(lines: readonly string[], prefix: string, maxTokens: number, omitPrefixOnOverflow: boolean, count: TokenCounter): string[] {
  const chunks: string[] = [];
  let prefixTokens = count(prefix);
  let effectivePrefix = prefix;
  if (prefixTokens >= maxTokens) {
    chunks.push(...chunkLines([prefix], '', maxTokens, false, count));
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
  if (omitPrefixOnOverflow && prefixTokens > 0 && lines.length > 0 && count(lines[0]!) + prefixTokens > maxTokens) {
    chunks.push(effectivePrefix);
    restart(false);
  }
  for (const line of lines) {
    let rest = line;
    for (;;) {
      const tokens = count(rest);
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
      let [head, tail] = splitByTokenLimit(rest, available, count);
      if (head === '') {
        head = codePointSlice(rest, 0, 1);
        tail = codePointSlice(rest, 1);
      }
      current += `\n${head}`;
      currentTokens += count(head);
      flush();
      restart(!omitPrefixOnOverflow);
      rest = tail;
      if (rest === '') break;
    }
  }
  flush();
  return chunks;
}

/** The longest head within `limit` tokens (binary search over code points), moved back to its last space. */
export function splitByTokenLimit(text: string, limit: number, count: TokenCounter): [string, string] {
  if (limit <= 0) return ['', text];
  if (count(text) <= limit) return [text, ''];
  let low = 0;
  let high = codePointLength(text);
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (count(codePointSlice(text, 0, mid)) <= limit) low = mid;
    else high = mid - 1;
  }
  let cut = low;
  const space = codePointSlice(text, 0, cut).lastIndexOf(' ');
  if (space > 0) cut = codePointLength(codePointSlice(text, 0, cut).slice(0, space));
  return [codePointSlice(text, 0, cut), codePointSlice(text, cut)];
}
