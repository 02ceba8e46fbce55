import type { SourceRun } from '../../ir/types';
import { codePointLength } from '../../text/code-points';
import { round2 } from './geometry';
import { joinLinesMapped, type JoinedPiece, type KeepsHyphen } from './hyphenation';
import type { ListMarker } from './list-markers';
import type { Line } from './types';

/**
 * The text of an item read from `lines` (their `span`s set) with its `source_runs`: each line's characters in the page
 * text, with the line's box; the space joining two lines that follow each other in the page text stands for the "\n"
 * between them. Where `text` is the lines joined as the parser joins them (a paragraph's lines, a list item's after its
 * marker), they are joined again keeping the hyphens `keepsHyphen` names the words' own; a code block's lines, one per
 * line, are read as they are. No runs when the text is not the lines joined so.
 */
export function linesText(
  lines: readonly Line[],
  text: string,
  marker?: ListMarker,
  keepsHyphen?: KeepsHyphen,
): { text: string; runs?: SourceRun[] } {
  const texts = lines.map((line) => line.text);
  // `parts` joined as the parser joins them give `text`: joined again keeping the words' own hyphens, the first part
  // starting `offset` characters into the first line.
  const joinedFrom = (parts: readonly string[], offset: number): { text: string; runs: SourceRun[] } | undefined => {
    if (joinLinesMapped(parts).text !== text) return undefined;
    const joined = joinLinesMapped(parts, keepsHyphen);
    const pieces = joined.pieces.map((piece) => (piece.line === 0 ? { ...piece, from: piece.from + offset } : piece));
    return { text: joined.text, runs: runsOf(lines, pieces) };
  };
  const first = texts[0] ?? '';
  const restAt = marker ? first.lastIndexOf(marker.rest) : -1;
  const joined = joinedFrom(texts, 0) ?? (restAt >= 0 ? joinedFrom([first.slice(restAt), ...texts.slice(1)], restAt) : undefined);
  if (joined) return joined;
  if (texts.join('\n') === text) {
    let at = 0;
    const pieces = texts.map((line, index) => {
      const piece = { line: index, from: 0, at, length: line.length };
      at += line.length + 1;
      return piece;
    });
    return { text, runs: runsOf(lines, pieces) };
  }
  return { text };
}

function runsOf(lines: readonly Line[], pieces: readonly JoinedPiece[]): SourceRun[] {
  const runs: SourceRun[] = [];
  pieces.forEach((piece, index) => {
    const line = lines[piece.line]!;
    const previous = pieces[index - 1];
    const previousLine = previous && lines[previous.line]!;
    const joinedBySpace = previous && previous.at + previous.length + 1 === piece.at;
    const lineEndToLineStart =
      previous &&
      previousLine!.span[1] + 1 === line.span[0] &&
      previous.from + previous.length === previousLine!.text.length &&
      piece.from === 0;
    if (joinedBySpace && lineEndToLineStart) {
      runs.push({ text: piece.at - 1, length: 1, source: previousLine!.span[1], sourceLength: 1, box: boxOf(previousLine!) });
    }
    runs.push({
      text: piece.at,
      length: piece.length,
      source: line.span[0] + codePointLength(line.text, 0, piece.from),
      sourceLength: codePointLength(line.text, piece.from, piece.from + piece.length),
      box: boxOf(line),
    });
  });
  return runs;
}

/** The line's box as the item's `prov` holds boxes: left, top, right, bottom with a bottom-left origin. */
function boxOf(line: Line): [number, number, number, number] {
  return [round2(line.left), round2(line.top), round2(line.right), round2(line.bottom)];
}
