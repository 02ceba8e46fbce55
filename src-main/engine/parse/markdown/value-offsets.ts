interface Line {
  start: number;
  text: string;
}

/**
 * Maps a UTF-16 offset in a raw block's `value` to its offset in the Markdown source. Inside a
 * block quote or an indented list mdast strips each line's container prefix (`> `, indentation),
 * so line i of the value ends line i of the block's source; a line that does not (a tab expanded
 * to spaces) maps to the start of its source line.
 */
export function valueToSourceOffsets(source: string, blockStart: number, blockEnd: number, value: string): (offset: number) => number {
  const blockSource = source.slice(blockStart, blockEnd);
  if (blockSource === value) return (offset) => blockStart + Math.min(Math.max(offset, 0), value.length);
  const valueLines = linesOf(value);
  const sourceLines = linesOf(blockSource);
  const shifts = valueLines.map((line, i) => {
    const sourceLine = sourceLines[i];
    if (!sourceLine) return { from: line.start, to: blockSource.length, limit: blockSource.length };
    const limit = sourceLine.start + sourceLine.text.length;
    const to = sourceLine.text.endsWith(line.text) ? limit - line.text.length : sourceLine.start;
    return { from: line.start, to, limit };
  });
  return (offset) => {
    const index = lastLineStartingAtOrBefore(valueLines, offset);
    const shift = shifts[index];
    if (!shift) return blockStart;
    return blockStart + Math.min(shift.to + Math.max(offset - shift.from, 0), shift.limit);
  };
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  const lineEnd = /\r\n|\r|\n/g;
  let start = 0;
  for (let match = lineEnd.exec(text); match; match = lineEnd.exec(text)) {
    lines.push({ start, text: text.slice(start, match.index) });
    start = match.index + match[0].length;
  }
  lines.push({ start, text: text.slice(start) });
  return lines;
}

function lastLineStartingAtOrBefore(lines: readonly Line[], offset: number): number {
  let low = 0;
  let high = lines.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (lines[middle]!.start <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}
