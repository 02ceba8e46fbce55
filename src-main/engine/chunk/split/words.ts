import type { TextRange } from '../../text/text-range';

/** Whitespace-separated words of `range` in `text`. */
export function splitWords(text: string, range: TextRange = { start: 0, end: text.length }): TextRange[] {
  const words: TextRange[] = [];
  const pattern = /\S+/g;
  pattern.lastIndex = range.start;
  for (let match = pattern.exec(text); match && match.index < range.end; match = pattern.exec(text)) {
    words.push({ start: match.index, end: Math.min(match.index + match[0].length, range.end) });
  }
  return words;
}
