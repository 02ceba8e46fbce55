import type { SourceRun } from '../../ir/types';
import { codePointLength } from '../../text/code-points';
import { round2 } from './geometry';
import { joinLinesMapped, type JoinedPiece } from './hyphenation';
import type { ListMarker } from './list-markers';
import type { Line } from './types';

/**
 * The `source_runs` of an item whose text was read from `lines` (their `span`s set): each line's
 * characters in the page text, with the line's box; the space joining two lines that follow each
 * other in the page text stands for the "\n" between them. Undefined when the text is not the
 * lines joined as the parser joins them (a paragraph's lines, a list item's after its marker, a
 * code block's one per line).
 */
export function lineRuns(lines: readonly Line[], text: string, marker?: ListMarker): SourceRun[] | undefined {
  const texts = lines.map((line) => line.text);
  const joined = joinLinesMapped(texts);
  if (joined.text === text) return runsOf(lines, joined.pieces);
  const first = texts[0] ?? '';
  const restAt = marker ? first.lastIndexOf(marker.rest) : -1;
  if (restAt >= 0) {
    const afterMarker = joinLinesMapped([first.slice(restAt), ...texts.slice(1)]);
    if (afterMarker.text === text) {
      return runsOf(
        lines,
        afterMarker.pieces.map((piece) => (piece.line === 0 ? { ...piece, from: piece.from + restAt } : piece)),
      );
    }
  }
  if (texts.join('\n') === text) {
    let at = 0;
    return runsOf(
      lines,
      texts.map((line, index) => {
        const piece = { line: index, from: 0, at, length: line.length };
        at += line.length + 1;
        return piece;
      }),
    );
  }
  return undefined;
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
