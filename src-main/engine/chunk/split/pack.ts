import type { TextRange } from '../../text/text-range';
import { memoizedByText } from '../../../../src-shared/memoized';
import type { Measure } from './measure';

/** A stretch of a text that packing never cuts. */
export interface Piece extends TextRange {
  /** Text put before the piece when it opens a chunk (a repeated table header). */
  prefix?: string;
  /** Where in the text `prefix` was taken from: the chunk repeats it as context. */
  prefixRange?: TextRange;
  /** A chunk boundary always falls before this piece. */
  startsChunk?: boolean;
  /** The piece's size when already measured (by the splitter that made it). */
  size?: number;
}

export interface PackLimits {
  /** Pieces are added while the chunk stays within this size. */
  target: number;
  /** No chunk of several pieces exceeds this (checked on the exact chunk text). */
  max: number;
  /** Trailing pieces of a chunk, up to this size, are repeated at the start of the next one. */
  overlap: number;
  /** Chunks smaller than this are fused with a neighbour when the result stays within `max`. */
  min?: number;
}

/** `[first, end)` indices into the packed pieces. */
export interface PieceWindow {
  first: number;
  end: number;
}

/** The text of a window: its opening piece's prefix, then the source text from its first to its last piece. */
export function windowText(text: string, pieces: readonly Piece[], window: PieceWindow): string {
  const first = pieces[window.first]!;
  const last = pieces[window.end - 1]!;
  return (first.prefix ?? '') + text.slice(first.start, last.end);
}

/**
 * Greedily groups consecutive pieces into windows. Each piece and each gap between pieces is
 * measured once and sizes are summed; only the finished window is measured exactly, so the cost
 * stays linear in the text length.
 */
export function packPieces(text: string, pieces: readonly Piece[], limits: PackLimits, measure: Measure): PieceWindow[] {
  const sizes = pieces.map((piece) => piece.size ?? measure(text.slice(piece.start, piece.end)));
  const measureShort = memoizedByText(measure);
  const gaps = pieces.map((piece, i) => (i === 0 ? 0 : measureShort(text.slice(pieces[i - 1]!.end, piece.start))));
  const prefixSizes = pieces.map((piece) => (piece.prefix ? measureShort(piece.prefix) : 0));
  const windows: PieceWindow[] = [];
  const windowSizes: number[] = [];
  let first = 0;
  while (first < pieces.length) {
    let end = first + 1;
    let size = prefixSizes[first]! + sizes[first]!;
    while (end < pieces.length && !pieces[end]!.startsChunk && size + gaps[end]! + sizes[end]! <= limits.target) {
      size += gaps[end]! + sizes[end]!;
      end++;
    }
    let exact = measure(windowText(text, pieces, { first, end }));
    while (end - first > 1 && exact > limits.max) {
      end--;
      exact = measure(windowText(text, pieces, { first, end }));
    }
    windows.push({ first, end });
    windowSizes.push(exact);
    if (end >= pieces.length) break;
    // The repeated tail must leave room for the next new piece, or the window would hold nothing new.
    const room = Math.min(limits.overlap, limits.target - sizes[end]! - gaps[end]!);
    first = pieces[end]!.startsChunk ? end : overlapStart(first, end, sizes, gaps, room);
  }
  return limits.min ? fuseSmallWindows(text, pieces, windows, windowSizes, limits, measure) : windows;
}

/** The earliest piece after `first` from which the pieces up to `end` fit in `overlap`. */
function overlapStart(first: number, end: number, sizes: readonly number[], gaps: readonly number[], overlap: number): number {
  let start = end;
  let size = 0;
  while (start - 1 > first && size + sizes[start - 1]! + (start < end ? gaps[start]! : 0) <= overlap) {
    size += sizes[start - 1]! + (start < end ? gaps[start]! : 0);
    start--;
  }
  return start;
}

function fuseSmallWindows(
  text: string,
  pieces: readonly Piece[],
  windows: readonly PieceWindow[],
  windowSizes: readonly number[],
  limits: PackLimits,
  measure: Measure,
): PieceWindow[] {
  const min = limits.min ?? 0;
  const fused: PieceWindow[] = [];
  const fusedSizes: number[] = [];
  windows.forEach((window, i) => {
    const size = windowSizes[i]!;
    const previous = fused[fused.length - 1];
    const previousSize = fusedSizes[fusedSizes.length - 1]!;
    if (previous && !pieces[window.first]!.startsChunk && (previousSize < min || size < min)) {
      const union = { first: previous.first, end: Math.max(previous.end, window.end) };
      const unionSize = measure(windowText(text, pieces, union));
      if (unionSize <= limits.max) {
        fused[fused.length - 1] = union;
        fusedSizes[fusedSizes.length - 1] = unionSize;
        return;
      }
    }
    fused.push(window);
    fusedSizes.push(size);
  });
  return fused;
}
