import { codePointLength } from '../../text/code-points';
import type { PageBlock } from './paragraphs';
import type { Line } from './types';

/**
 * The page text that `source_span` offsets point into: every line of the page (body and
 * furniture, table cells row by row, picture labels) in reading order, joined by "\n".
 * Offsets are Unicode code points. Sets each line's `span` and returns the text.
 */
export function buildPageText(blocks: readonly PageBlock[]): string {
  const parts: string[] = [];
  let offset = 0;
  for (const line of blocks.flatMap(linesOfBlock)) {
    const length = codePointLength(line.text);
    line.span = [offset, offset + length];
    offset += length + 1;
    parts.push(line.text);
  }
  return parts.join('\n');
}

export function linesOfBlock(block: PageBlock): Line[] {
  if (block.kind === 'lines') return block.lines;
  if (block.kind === 'picture') return block.labels;
  return [...block.table.cells].sort((a, b) => a.row - b.row || a.col - b.col).flatMap((cell) => cell.lines);
}

/** `[start, end)` of a block's lines in the page text; undefined for a block without text. */
export function spanOfLines(lines: readonly Line[]): [number, number] | undefined {
  if (lines.length === 0) return undefined;
  let start = Infinity;
  let end = -Infinity;
  for (const line of lines) {
    start = Math.min(start, line.span[0]);
    end = Math.max(end, line.span[1]);
  }
  return [start, end];
}
