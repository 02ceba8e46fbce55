import { codePointLength } from '../../text/code-points';
import { PY_WHITESPACE_CLASS, PY_WHITESPACE_CODES, pyIsSpace } from './python-text';
import {
  splitterSeparatesTokens,
  type JoinCounter,
  type SemchunkCounter,
  type SemchunkTokenizer,
  type SplitText,
} from './semchunk-counter';

/**
 * A port of semchunk 3.2.5's `chunk()` as docling-core's HybridChunker calls it:
 * recursive splitting on the most semantic splitter present, greedy merging with semchunk's exact
 * bisection probe order, and chunkerify's long-text counting shortcut. Lengths are code points.
 */

/** Most to least desirable non-whitespace splitters. */
const SEMANTIC_SPLITTERS = [
  '.',
  '?',
  '!',
  '*',
  ';',
  ',',
  '(',
  ')',
  '[',
  ']',
  '“',
  '”',
  '‘',
  '’',
  "'",
  '"',
  '`',
  ':',
  '—',
  '…',
  '/',
  '\\',
  '–',
  '&',
  '-',
];

/** Membership tables of the whitespace runs semchunk looks for, indexed by code unit. */
const NEWLINE_CODES = codeTable([0x0a, 0x0d]);
const TAB_CODES = codeTable([0x09]);
const WHITESPACE = new RegExp(`[${PY_WHITESPACE_CLASS}]`);
/** A splitter followed by one whitespace character (captured), per splitter in SEMANTIC_SPLITTERS order. */
const SPACE_AFTER_SPLITTER = SEMANTIC_SPLITTERS.map((preceder) => ({
  preceder,
  pattern: new RegExp(`${escapeRegExp(preceder)}([${PY_WHITESPACE_CLASS}])`),
}));

/** A chunk semchunk cuts, where it starts in the text (UTF-16), with its exact token count when that came for free. */
export interface Segment {
  text: string;
  start: number;
  tokens?: number;
}

/**
 * semchunk's cut of a text at its most semantic splitter. Kept from counting a long text to chunking
 * it, so that the text is split, and its splits counted, once.
 */
export class TextCut implements SplitText {
  readonly splitter: string;
  readonly isWhitespace: boolean;
  readonly splits: string[];
  readonly cumulative: number[] = [0];
  /** Where each split starts in the text (UTF-16): splits and splitters alternate in it. */
  readonly starts: number[] = [];
  splitTokens: number[] | undefined;

  constructor(readonly text: string) {
    const { splitter, isWhitespace, splits } = splitText(text);
    this.splitter = splitter;
    this.isWhitespace = isWhitespace;
    this.splits = splits;
    let start = 0;
    for (const split of this.splits) {
      this.cumulative.push(this.cumulative[this.cumulative.length - 1]! + codePointLength(split));
      this.starts.push(start);
      start += split.length + splitter.length;
    }
  }

  /** The text's count as its splits' counts added up (kept for chunking), when counts add up across the splitter. */
  summedTokens(tokenizer: SemchunkTokenizer): number | undefined {
    if (!splitterSeparatesTokens(tokenizer, this.splitter)) return undefined;
    this.splitTokens ??= this.splits.map((split) => tokenizer.count(split));
    let tokens = (this.splits.length - 1) * tokenizer.count(this.splitter);
    for (const splitTokens of this.splitTokens) tokens += splitTokens;
    return tokens;
  }
}

/** Chunks of at most `counter.chunkSize` tokens (as the counter counts). */
export function semchunk(text: string | TextCut, counter: SemchunkCounter): Segment[] {
  return chunkRecursive(typeof text === 'string' ? new TextCut(text) : text, counter, 0);
}

function chunkRecursive(cut: TextCut, counter: SemchunkCounter, depth: number): Segment[] {
  const chunkSize = counter.chunkSize;
  const { splitter, isWhitespace, splits, cumulative, starts } = cut;
  const joins = counter.joins(cut);
  let chunks: Segment[] = [];
  let next = 0;
  for (let i = 0; i < splits.length; i++) {
    if (i < next) continue;
    if (joins.tokens(i, i + 1) > chunkSize) {
      for (const inner of chunkRecursive(new TextCut(splits[i]!), counter, depth + 1)) {
        chunks.push({ text: inner.text, start: inner.start + starts[i]!, tokens: inner.tokens });
      }
      next = i + 1;
    } else {
      const end = mergeSplits(cumulative, chunkSize, joins, i);
      chunks.push({ text: splits.slice(i, end).join(splitter), start: starts[i]!, tokens: joins.exactTokens(i, end) });
      next = Math.max(end, i + 1);
    }
    if (!isWhitespace && next < splits.length) {
      const last = chunks[chunks.length - 1]!;
      const withSplitter = last.text + splitter;
      if (counter.tokens(withSplitter) <= chunkSize) chunks[chunks.length - 1] = { text: withSplitter, start: last.start };
      else chunks.push({ text: splitter, start: starts[next - 1]! + splits[next - 1]!.length });
    }
  }
  if (depth === 0) chunks = chunks.filter((c) => c.text !== '' && !pyIsSpace(c.text));
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
    if (localLength === 0 && tokens > chunkSize) {
      // Splits start..midpoint are empty (a run of the splitter): the average cannot move, so every later probe is the
      // split just below the last, down to the first join that fits. A run of a million dots made that a million probes.
      return joins.lastFittingOverEmptySplits(start, low, midpoint - 1);
    }
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
    const splitter = longestRun(text, NEWLINE_CODES);
    return { splitter, isWhitespace: true, splits: text.split(splitter) };
  }
  if (text.includes('\t')) {
    const splitter = longestRun(text, TAB_CODES);
    return { splitter, isWhitespace: true, splits: text.split(splitter) };
  }
  if (WHITESPACE.test(text)) {
    const splitter = longestRun(text, PY_WHITESPACE_CODES);
    if (splitter.length === 1) {
      for (const { preceder, pattern } of SPACE_AFTER_SPLITTER) {
        const found = pattern.exec(text);
        if (found) {
          const space = found[1]!;
          return { splitter: space, isWhitespace: true, splits: splitAfter(text, preceder, space) };
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

function codeTable(codes: readonly number[]): Uint8Array {
  const table = new Uint8Array(Math.max(...codes) + 1);
  for (const code of codes) table[code] = 1;
  return table;
}

/**
 * The first of the longest runs of code units marked in `members` (Python
 * `max(re.findall('[...]+', text), key=len)` for a class of BMP characters), in one scan.
 */
function longestRun(text: string, members: Uint8Array): string {
  let bestStart = 0;
  let bestLength = 0;
  let runStart = -1;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && members[text.charCodeAt(i)] === 1) {
      if (runStart < 0) runStart = i;
    } else if (runStart >= 0) {
      if (i - runStart > bestLength) {
        bestStart = runStart;
        bestLength = i - runStart;
      }
      runStart = -1;
    }
  }
  return text.slice(bestStart, bestStart + bestLength);
}

/** `re.split('(?<=preceder)space', text)`: cut at every `space` right after `preceder`, which stays. */
function splitAfter(text: string, preceder: string, space: string): string[] {
  const pair = preceder + space;
  const splits: string[] = [];
  let from = 0;
  for (let at = text.indexOf(pair); at >= 0; at = text.indexOf(pair, at + pair.length)) {
    splits.push(text.slice(from, at + preceder.length));
    from = at + pair.length;
  }
  splits.push(text.slice(from));
  return splits;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
