import type { TextRange } from '../../text/text-range';
import { blockRange, type ComposedText } from './composed-text';
import type { Block } from './document-blocks';
import { fitRange } from './fit';
import type { Measure } from './measure';
import type { Piece } from './pack';

export interface PieceRules {
  /** Pieces larger than this are broken up, unless `keepWhole` says otherwise; may depend on the block. */
  maxSize: number | ((block: Block) => number);
  measure: Measure;
  /** Blocks that are never cut, whatever their size (a table here is not split by rows). */
  keepWhole: (block: Block) => boolean;
  /** Tables that fit stay one piece; otherwise every table is split into rows. */
  tablesWhole: boolean;
  /** A list is one piece while it fits; otherwise every list item is its own piece. */
  listsTogether: boolean;
}

/**
 * The pieces packing may not cut, for a section's composed text: blocks (or whole lists), with
 * oversized ones broken into paragraphs, sentences, words; oversized tables into rows that repeat
 * the header when they open a chunk.
 */
export function blockPieces(composed: ComposedText, rules: PieceRules): Piece[] {
  const pieces: Piece[] = [];
  const { blocks } = composed;
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    if (block.kind === 'list-item' && rules.listsTogether) {
      let last = i;
      while (last + 1 < blocks.length && blocks[last + 1]!.listRef === block.listRef && blocks[last + 1]!.kind === 'list-item') last++;
      const list = { start: blockRange(composed, i).start, end: blockRange(composed, last).end };
      if (last > i && fits(composed, list, block, rules)) {
        pieces.push(list);
        i = last;
        continue;
      }
    }
    pieces.push(...piecesOfBlock(composed, i, rules));
  }
  return pieces;
}

function piecesOfBlock(composed: ComposedText, index: number, rules: PieceRules): Piece[] {
  const block = composed.blocks[index]!;
  const range = blockRange(composed, index);
  if (rules.keepWhole(block)) return [range];
  if (block.table) {
    if (rules.tablesWhole && fits(composed, range, block, rules)) return [range];
    return tableRowPieces(range, block);
  }
  return fitRange(composed.text, range, maxSizeOf(block, rules), rules.measure);
}

function maxSizeOf(block: Block, rules: PieceRules): number {
  return typeof rules.maxSize === 'number' ? rules.maxSize : rules.maxSize(block);
}

function fits(composed: ComposedText, range: TextRange, block: Block, rules: PieceRules): boolean {
  return rules.measure(composed.text.slice(range.start, range.end)) <= maxSizeOf(block, rules);
}

/** The header lines with the first data row, then one piece per further row, each carrying the header as its prefix. */
function tableRowPieces(range: TextRange, block: Block): Piece[] {
  const { lines, headerLineCount } = block.table!;
  const header = lines.slice(0, headerLineCount).join('\n');
  const pieces: Piece[] = [];
  let offset = range.start;
  lines.forEach((line, i) => {
    const lineRange = { start: offset, end: offset + line.length };
    offset = lineRange.end + 1;
    if (i < headerLineCount) return;
    if (i === headerLineCount) pieces.push({ start: range.start, end: lineRange.end });
    else if (headerLineCount === 0) pieces.push(lineRange);
    else pieces.push({ ...lineRange, prefix: `${header}\n`, prefixRange: { start: range.start, end: range.start + header.length } });
  });
  return pieces.length > 0 ? pieces : [range];
}
