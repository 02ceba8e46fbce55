import { trimRange, type TextRange } from '../../text/text-range';
import type { Measure } from './measure';

export interface RecursiveSplitOptions {
  /** Tried in order; `""` splits into single UTF-16 units. */
  separators: readonly string[];
  chunkSize: number;
  chunkOverlap: number;
  measure: Measure;
  /** True when `measure` is slow (a tokenizer): sizes of short, repeating pieces are then cached. */
  costlyMeasure?: boolean;
}

/**
 * LangChain's RecursiveCharacterTextSplitter (keepSeparator: true), returning ranges instead of
 * strings: the same chunk texts, in the same order, for the same separators, sizes and length
 * function. Every piece is measured once per recursion level (LangChain measures it up to three
 * times).
 */
export function recursiveSplit(text: string, options: RecursiveSplitOptions): TextRange[] {
  if (options.chunkOverlap >= options.chunkSize) throw new RangeError('chunkOverlap must be smaller than chunkSize');
  const chunks: TextRange[] = [];
  const measured = options.costlyMeasure ? { ...options, measure: memoizeShort(options.measure) } : options;
  splitRecursively(text, { start: 0, end: text.length }, options.separators, measured, chunks);
  return chunks;
}

/** Longest piece whose size is remembered: words and short lines repeat, long pieces rarely do. */
const memoizedLength = 24;

/** Caches the size of short pieces: the word level is where most measure calls go, and per-call overhead dominates there. */
function memoizeShort(measure: Measure): Measure {
  const sizes = new Map<string, number>();
  return (text) => {
    if (text.length > memoizedLength) return measure(text);
    let size = sizes.get(text);
    if (size === undefined) {
      size = measure(text);
      sizes.set(text, size);
    }
    return size;
  };
}

function splitRecursively(
  text: string,
  range: TextRange,
  separators: readonly string[],
  options: RecursiveSplitOptions,
  chunks: TextRange[],
): void {
  const { separator, rest } = chooseSeparator(text, range, separators);
  const splits = splitKeepingSeparator(text, range, separator);
  let good: TextRange[] = [];
  let goodSizes: number[] = [];
  for (const split of splits) {
    const size = measureSplit(text, split, options);
    if (size < options.chunkSize) {
      good.push(split);
      goodSizes.push(size);
      continue;
    }
    if (good.length > 0) {
      mergeSplits(text, good, goodSizes, options, chunks);
      good = [];
      goodSizes = [];
    }
    if (rest) splitRecursively(text, split, rest, options, chunks);
    else pushTrimmed(text, split, chunks);
  }
  if (good.length > 0) mergeSplits(text, good, goodSizes, options, chunks);
}

/** A costly measure first looks at a prefix this many characters per unit of the chunk size long... */
const probeCharsPerUnit = 16;
/** ...and when the prefix alone exceeds the chunk size by this much, the whole piece surely does. */
const probeMargin = 16;

/**
 * The size of a split, or Infinity when it is certainly too big. Only the comparison with the
 * chunk size matters for a split that big, so a long piece whose prefix is already well over the
 * size is not measured whole (a prefix's count and the whole's differ by a token or two at the cut).
 */
function measureSplit(text: string, split: TextRange, options: RecursiveSplitOptions): number {
  const probeLength = options.chunkSize * probeCharsPerUnit;
  if (options.costlyMeasure && split.end - split.start > 2 * probeLength) {
    const prefix = options.measure(text.slice(split.start, split.start + probeLength));
    if (prefix >= options.chunkSize + probeMargin) return Infinity;
  }
  return options.measure(text.slice(split.start, split.end));
}

function chooseSeparator(
  text: string,
  range: TextRange,
  separators: readonly string[],
): { separator: string; rest: readonly string[] | undefined } {
  // A slice of a long V8 string is a view, not a copy, and it bounds the search to the range.
  const piece = text.slice(range.start, range.end);
  for (let i = 0; i < separators.length; i++) {
    const separator = separators[i]!;
    if (separator === '') return { separator, rest: undefined };
    if (piece.includes(separator)) return { separator, rest: separators.slice(i + 1) };
  }
  return { separator: separators[separators.length - 1] ?? '', rest: undefined };
}

/**
 * Splits before every occurrence of `separator` (overlapping ones included, as a lookahead split
 * does); no split at the very start. `""` splits into UTF-16 units.
 */
function splitKeepingSeparator(text: string, range: TextRange, separator: string): TextRange[] {
  const splits: TextRange[] = [];
  if (range.end <= range.start) return splits;
  if (separator === '') {
    for (let i = range.start; i < range.end; i++) splits.push({ start: i, end: i + 1 });
    return splits;
  }
  const piece = text.slice(range.start, range.end);
  let start = 0;
  for (let at = piece.indexOf(separator, 1); at !== -1; at = piece.indexOf(separator, at + 1)) {
    splits.push({ start: range.start + start, end: range.start + at });
    start = at;
  }
  splits.push({ start: range.start + start, end: range.end });
  return splits;
}

/** LangChain's mergeSplits with an empty join separator: sums piece sizes, drops from the front for overlap. */
function mergeSplits(
  text: string,
  splits: readonly TextRange[],
  sizes: readonly number[],
  options: RecursiveSplitOptions,
  chunks: TextRange[],
): void {
  let first = 0;
  let total = 0;
  for (let i = 0; i < splits.length; i++) {
    const size = sizes[i]!;
    if (total + size > options.chunkSize && i > first) {
      pushTrimmed(text, { start: splits[first]!.start, end: splits[i - 1]!.end }, chunks);
      while (total > options.chunkOverlap || (total + size > options.chunkSize && total > 0)) {
        total -= sizes[first]!;
        first++;
      }
    }
    total += size;
  }
  if (first < splits.length) pushTrimmed(text, { start: splits[first]!.start, end: splits[splits.length - 1]!.end }, chunks);
}

function pushTrimmed(text: string, range: TextRange, chunks: TextRange[]): void {
  const trimmed = trimRange(text, range);
  if (trimmed.end > trimmed.start) chunks.push(trimmed);
}
