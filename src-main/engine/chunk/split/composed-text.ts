import type { TextRange } from '../../text/text-range';
import type { ItemTextRange } from '../item-sources';
import type { Block } from './document-blocks';
import type { CellPlacement } from './table-text';

/** Blocks laid end to end as one string, remembering where each block starts. */
export interface ComposedText {
  text: string;
  blocks: readonly Block[];
  starts: readonly number[];
}

/** What a range of composed text came from. */
export interface RangeOrigin {
  docItems: string[];
  /** The parts of the items' texts, and of table cells' texts, the range holds (see `sourcesOf`). */
  itemRanges: ItemTextRange[];
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
 * The items a range touches, in order, and the parts of their texts it holds. A block's marker or
 * checkbox belongs to its item but has no text of its own in it; of a table, the range holds the
 * parts of the cells it covers (its pipes and rules are the table's writing, no cell's).
 */
export function describeRange(composed: ComposedText, range: TextRange): RangeOrigin {
  const docItems: string[] = [];
  const itemRanges: ItemTextRange[] = [];
  for (let i = firstBlockEndingAfter(composed, range.start); i < composed.blocks.length; i++) {
    const blockStart = composed.starts[i]!;
    if (blockStart >= range.end) break;
    const block = composed.blocks[i]!;
    if (block.table) {
      const ref = block.items[0]!.ref;
      docItems.push(ref);
      const { cells } = block.table;
      if (!cells) itemRanges.push({ ref });
      else
        for (const cellRange of tableCellRanges(ref, cells, range.start - blockStart, range.end - blockStart)) itemRanges.push(cellRange);
      continue;
    }
    for (const item of block.items) {
      const ownRange = item.textRange && block.items.length > 1 && item.textRange.end > item.textRange.start;
      const touched = ownRange ? item.textRange! : { start: 0, end: block.text.length };
      if (Math.max(range.start, blockStart + touched.start) >= Math.min(range.end, blockStart + touched.end)) continue;
      docItems.push(item.ref);
      if (!item.textRange) {
        itemRanges.push({ ref: item.ref });
        continue;
      }
      const textStart = blockStart + item.textRange.start;
      const from = Math.max(range.start, textStart);
      const to = Math.min(range.end, blockStart + item.textRange.end);
      if (from < to) itemRanges.push({ ref: item.ref, start: from - textStart, end: to - textStart });
    }
  }
  return { docItems, itemRanges };
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

/** The parts of cell texts a table block's `[start, end)` holds (offsets in the block text). */
function tableCellRanges(ref: string, cells: readonly CellPlacement[], start: number, end: number): ItemTextRange[] {
  const ranges: ItemTextRange[] = [];
  let low = 0;
  let high = cells.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (cells[middle]!.end <= start) low = middle + 1;
    else high = middle;
  }
  for (let i = low; i < cells.length && cells[i]!.start < end; i++) {
    const placed = cells[i]!;
    const from = Math.max(start, placed.start);
    const to = Math.min(end, placed.end);
    if (from >= to) continue;
    const offsets = placed.cellOffsets;
    ranges.push({
      ref,
      cell: placed.cell,
      start: offsets ? offsets[from - placed.start]! : placed.cellStart + from - placed.start,
      end: offsets ? offsets[to - placed.start]! : placed.cellStart + to - placed.start,
    });
  }
  return ranges;
}
