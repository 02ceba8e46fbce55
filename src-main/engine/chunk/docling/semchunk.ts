import { cpLength, PY_WHITESPACE_CLASS, pyIsSpace } from './python-text';
import type { JoinCounter, SemchunkCounter } from './semchunk-counter';

/**
 * A port of semchunk 3.2.5's `chunk()` as docling-core's HybridChunker calls it (spec §6.5):
 * recursive splitting on the most semantic splitter present, greedy merging with semchunk's exact
 * bisection probe order, and chunkerify's long-text counting shortcut. Lengths are code points.
 */

/** Most to least desirable non-whitespace splitters. */
const SEMANTIC_SPLITTERS = ['.', '?', '!', '*', ';', ',', '(', ')', '[', ']', '“', '”', '‘', '’', "'", '"', '`', ':', '—', '…', '/', '\\', '–', '&', '-'];

const NEWLINE_RUNS = /[\r\n]+/g;
const TAB_RUNS = /\t+/g;
const WHITESPACE_RUNS = new RegExp(`[${PY_WHITESPACE_CLASS}]+`, 'g');
const WHITESPACE = new RegExp(`[${PY_WHITESPACE_CLASS}]`);
/** A splitter followed by one whitespace character (captured), per splitter in SEMANTIC_SPLITTERS order. */
const SPACE_AFTER_SPLITTER = SEMANTIC_SPLITTERS.map((preceder) => ({ preceder, pattern: new RegExp(`${escapeRegExp(preceder)}([${PY_WHITESPACE_CLASS}])`) }));

/** Chunks of at most `counter.chunkSize` tokens (as the counter counts). */
export function semchunk(text: string, counter: SemchunkCounter): string[] {
  return chunkRecursive(text, counter, 0);
}

function chunkRecursive(text: string, counter: SemchunkCounter, depth: number): string[] {
  const chunkSize = counter.chunkSize;
  const { splitter, isWhitespace, splits } = splitText(text);
  const cumulative = [0];
  for (const split of splits) cumulative.push(cumulative[cumulative.length - 1]! + cpLength(split));
  const joins = counter.joins(splits, splitter, cumulative);
  let chunks: string[] = [];
  let next = 0;
  for (let i = 0; i < splits.length; i++) {
    if (i < next) continue;
    if (joins.tokens(i, i + 1) > chunkSize) {
      chunks.push(...chunkRecursive(splits[i]!, counter, depth + 1));
      next = i + 1;
    } else {
      const end = mergeSplits(cumulative, chunkSize, joins, i);
      chunks.push(splits.slice(i, end).join(splitter));
      next = Math.max(end, i + 1);
    }
    if (!isWhitespace && next < splits.length) {
      const withSplitter = chunks[chunks.length - 1] + splitter;
      if (counter.tokens(withSplitter) <= chunkSize) chunks[chunks.length - 1] = withSplitter;
      else chunks.push(splitter);
    }
  }
  if (depth === 0) chunks = chunks.filter((c) => c !== '' && !pyIsSpace(c));
  return chunks;
}

/** semchunk's `merge_splits`: bisection guided by the running characters-per-token average. */
function mergeSplits(cumulative: readonly number[], chunkSize: number, joins: JoinCounter, start: number): number {
  let average = 0.2;
  let low = start;
  let high = cumulative.length;
  const offset = cumulative[start]!;
  let target = offset + chunkSize * average;
  while (low < high) {
    const midpoint = Math.min(bisectLeft(cumulative, target, low, high), high - 1);
    const tokens = joins.tokens(start, midpoint);
    const localLength = cumulative[midpoint]! - offset;
    if (localLength > 0 && tokens > 0) {
      average = localLength / tokens;
      target = offset + chunkSize * average;
    }
    if (tokens > chunkSize) high = midpoint;
    else low = midpoint + 1;
  }
  return low - 1;
}

function bisectLeft(values: readonly number[], target: number, low: number, high: number): number {
  let lo = low;
  let hi = high;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface TextSplit {
  splitter: string;
  isWhitespace: boolean;
  splits: string[];
}

/** semchunk's `_split_text`: newlines, then tabs, then other whitespace (after punctuation first), then punctuation, then characters. */
function splitText(text: string): TextSplit {
  if (text.includes('\n') || text.includes('\r')) {
    const splitter = longestMatch(text, NEWLINE_RUNS);
    return { splitter, isWhitespace: true, splits: text.split(splitter) };
  }
  if (text.includes('\t')) {
    const splitter = longestMatch(text, TAB_RUNS);
    return { splitter, isWhitespace: true, splits: text.split(splitter) };
  }
  if (WHITESPACE.test(text)) {
    const splitter = longestMatch(text, WHITESPACE_RUNS);
    if (cpLength(splitter) === 1) {
      for (const { preceder, pattern } of SPACE_AFTER_SPLITTER) {
        const found = pattern.exec(text);
        if (found) {
          const space = found[1]!;
          return { splitter: space, isWhitespace: true, splits: text.split(new RegExp(`(?<=${escapeRegExp(preceder)})${escapeRegExp(space)}`)) };
        }
      }
    }
    return { splitter, isWhitespace: true, splits: text.split(splitter) };
  }
  for (const splitter of SEMANTIC_SPLITTERS) {
    if (text.includes(splitter)) return { splitter, isWhitespace: false, splits: text.split(splitter) };
  }
  return { splitter: '', isWhitespace: false, splits: Array.from(text) };
}

/** The first of the longest matches (Python `max(re.findall(...), key=len)`) of a global `pattern`. */
function longestMatch(text: string, pattern: RegExp): string {
  let best = '';
  // An exec loop rather than matchAll, which clones the pattern on every call.
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) if (match[0].length > best.length) best = match[0];
  return best;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
