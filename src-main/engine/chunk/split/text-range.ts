/** A half-open `[start, end)` range of UTF-16 offsets into one string. */
export interface TextRange {
  start: number;
  end: number;
}

const whitespace = /\s/;

/** The range without the whitespace at either end (empty ranges collapse onto their start). */
export function trimRange(text: string, range: TextRange): TextRange {
  let { start, end } = range;
  while (start < end && whitespace.test(text[start]!)) start++;
  while (end > start && whitespace.test(text[end - 1]!)) end--;
  return { start, end };
}

/** Ranges of the non-blank stretches between matches of `separator` inside `range`, trimmed. */
export function splitRangeAt(text: string, range: TextRange, separator: RegExp): TextRange[] {
  const pattern = new RegExp(separator.source, separator.flags.includes('g') ? separator.flags : `${separator.flags}g`);
  pattern.lastIndex = range.start;
  const ranges: TextRange[] = [];
  let pieceStart = range.start;
  for (let match = pattern.exec(text); match && match.index < range.end; match = pattern.exec(text)) {
    if (match[0].length === 0) {
      pattern.lastIndex++;
      continue;
    }
    pushTrimmed(text, ranges, { start: pieceStart, end: Math.min(match.index, range.end) });
    pieceStart = Math.min(match.index + match[0].length, range.end);
  }
  pushTrimmed(text, ranges, { start: pieceStart, end: range.end });
  return ranges;
}

function pushTrimmed(text: string, ranges: TextRange[], range: TextRange): void {
  const trimmed = trimRange(text, range);
  if (trimmed.end > trimmed.start) ranges.push(trimmed);
}

/** Moves an offset off the second half of a surrogate pair, so a cut never splits a code point. */
export function snapToCodePoint(text: string, offset: number): number {
  if (offset <= 0 || offset >= text.length) return offset;
  const code = text.charCodeAt(offset);
  const before = text.charCodeAt(offset - 1);
  const splitsPair = code >= 0xdc00 && code <= 0xdfff && before >= 0xd800 && before <= 0xdbff;
  return splitsPair ? offset - 1 : offset;
}

/** Number of code points in `text.slice(start, end)` (source spans count code points, JS strings UTF-16 units). */
export function codePointLength(text: string, start = 0, end = text.length): number {
  let count = 0;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < end) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}
