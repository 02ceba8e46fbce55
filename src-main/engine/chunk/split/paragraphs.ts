import { splitRangeAt, type TextRange } from '../../text/text-range';

/** Paragraphs of `range` in `text`: stretches separated by blank lines, trimmed. */
export function splitParagraphs(text: string, range: TextRange = { start: 0, end: text.length }): TextRange[] {
  return splitRangeAt(text, range, /\n[ \t]*\n/);
}

/** Lines of `range` in `text`, trimmed, blank lines dropped. */
export function splitLines(text: string, range: TextRange = { start: 0, end: text.length }): TextRange[] {
  return splitRangeAt(text, range, /\n/);
}
