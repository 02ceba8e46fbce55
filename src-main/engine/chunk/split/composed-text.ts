import { codePointRangeLength } from '../../text/code-points';
import type { TextRange } from '../../text/text-range';
import { mergeSpans } from '../build-chunk';
import type { Block } from './document-blocks';

/** Blocks laid end to end as one string, remembering where each block starts. */
export interface ComposedText {
  text: string;
  blocks: readonly Block[];
  starts: readonly number[];
}

/** What a range of composed text came from. */
export interface RangeOrigin {
  docItems: string[];
  sourceSpans: Array<[number, number]>;
}

/** Consecutive items of one list are joined by a newline, everything else by a blank line. */
export function composeBlocks(blocks: readonly Block[]): ComposedText {
  const parts: string[] = [];
  const starts: number[] = [];
  let length = 0;
  blocks.forEach((block, i) => {
    if (i > 0) {
      const previous = blocks[i - 1]!;
      const separator = block.listRef !== undefined && block.listRef === previous.listRef ? '\n' : '\n\n';
      parts.push(separator);
      length += separator.length;
    }
    starts.push(length);
    parts.push(block.text);
    length += block.text.length;
  });
  return { text: parts.join(''), blocks, starts };
}

export function blockRange(composed: ComposedText, index: number): TextRange {
  const start = composed.starts[index]!;
  return { start, end: start + composed.blocks[index]!.text.length };
}

/**
 * The items a range touches, in order, and their source spans: exact sub-spans where an item's
 * source span covers its text verbatim, the item's whole span otherwise.
 */
export function describeRange(composed: ComposedText, range: TextRange): RangeOrigin {
  const codePointLength = codePointLengthIn(composed);
  const docItems: string[] = [];
  const spans: Array<[number, number]> = [];
  for (let i = firstBlockEndingAfter(composed, range.start); i < composed.blocks.length; i++) {
    const blockStart = composed.starts[i]!;
    if (blockStart >= range.end) break;
    const block = composed.blocks[i]!;
    for (const item of block.items) {
      const itemRange = item.textRange && block.items.length > 1 ? item.textRange : { start: 0, end: block.text.length };
      const start = Math.max(range.start, blockStart + itemRange.start);
      const end = Math.min(range.end, blockStart + itemRange.end);
      if (start >= end) continue;
      docItems.push(item.ref);
      if (!item.sourceSpan) continue;
      if (!item.spanIsVerbatim || !item.textRange) {
        spans.push(item.sourceSpan);
        continue;
      }
      const textStart = blockStart + item.textRange.start;
      const from = Math.max(start, textStart);
      const to = Math.min(end, blockStart + item.textRange.end);
      if (from >= to) {
        spans.push(item.sourceSpan);
        continue;
      }
      const spanStart = item.sourceSpan[0];
      spans.push([spanStart + codePointLength(textStart, from), spanStart + codePointLength(textStart, to)]);
    }
  }
  return { docItems, sourceSpans: mergeSpans(spans) };
}

/** Per composed text, built on its first range: counting from a block's start would make a long block's ranges quadratic. */
const codePointLengths = new WeakMap<ComposedText, (start: number, end: number) => number>();

function codePointLengthIn(composed: ComposedText): (start: number, end: number) => number {
  let length = codePointLengths.get(composed);
  if (!length) codePointLengths.set(composed, (length = codePointRangeLength(composed.text)));
  return length;
}

function firstBlockEndingAfter(composed: ComposedText, offset: number): number {
  let low = 0;
  let high = composed.blocks.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (composed.starts[middle]! + composed.blocks[middle]!.text.length <= offset) low = middle + 1;
    else high = middle;
  }
  return low;
}
