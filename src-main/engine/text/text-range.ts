import { isWhitespace } from './whitespace';

/** A half-open `[start, end)` range of UTF-16 offsets into one string. */
export interface TextRange {
  start: number;
  end: number;
}

/** Whether a UTF-16 code unit is blank; trimming decides by it. */
export type IsBlank = (unit: number) => boolean;

/** The range without blank characters (JavaScript's `\s` unless told otherwise) at either end; a blank range collapses onto its end. */
export function trimRange(text: string, range: TextRange, isBlank: IsBlank = isWhitespace): TextRange {
  let { start, end } = range;
  while (start < end && isBlank(text.charCodeAt(start))) start++;
  while (end > start && isBlank(text.charCodeAt(end - 1))) end--;
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
