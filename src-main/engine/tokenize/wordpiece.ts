import { codePointLength } from '../text/code-points';
import { ASCII_CLASS, ASCII_DROPPED, ASCII_PUNCTUATION, ASCII_WORD, bertWords, isWordBoundaryRun } from './bert-pretokenize';
import { bertUncasedVocab, type BertVocab } from './bert-vocab';
import type { Tokenizer } from './tokenizer';

/** HuggingFace's `max_input_chars_per_word`: a longer word is one [UNK]. */
const MAX_INPUT_CHARS_PER_WORD = 100;
/** Matched in the raw text before normalization, as HuggingFace's added-token splitting does. */
const SPECIAL_TOKENS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'] as const;
const OPEN_BRACKET = 0x5b;
const NOT_ASCII = -1;
/** Runs that need the full normalizer repeat a lot (quoted words, accented names); past this many the cache restarts. */
const RUN_CACHE_LIMIT = 50_000;
/** The largest small integer: as the default limit it keeps the comparison in the counting loop an integer one. */
const NO_LIMIT = 0x3fffffff;
/** V8 keeps a slice of 13+ characters as a view that pins the whole source text in memory. */
const SHORTEST_PINNING_SLICE = 13;

/**
 * Greedy longest-match-first WordPiece over the normalized word `text[start, end)`, with `##`
 * continuation pieces. ASCII capitals count as lower case, so raw ASCII words need no copy.
 */
export function countWordPieces(vocab: BertVocab, text: string, start = 0, end = text.length): number {
  if (end - start > MAX_INPUT_CHARS_PER_WORD && codePointLength(text.slice(start, end)) > MAX_INPUT_CHARS_PER_WORD) return 1;
  let pieces = 0;
  let position = start;
  while (position < end) {
    const trie = position === start ? vocab.wordStarts : vocab.continuations;
    const pieceEnd = trie.longestMatchEnd(text, position, end);
    // No piece fits here: HuggingFace replaces the whole word by a single [UNK].
    if (pieceEnd < 0) return 1;
    pieces++;
    position = pieceEnd;
  }
  return pieces;
}

/**
 * Counts BERT uncased WordPiece tokens exactly as HuggingFace's tokenizer does without special tokens.
 * ASCII whitespace and ASCII punctuation always end a word, whatever surrounds them, so the text is cut
 * into runs at those characters in one pass. A run of ASCII letters and digits is already a normalized
 * word and is matched in place; any other run (accents, curly quotes, CJK, controls) goes through the
 * full normalizer, once per distinct run.
 */
export class WordPieceCounter {
  private readonly normalizedRunCounts = new Map<string, number>();

  constructor(private readonly vocab: BertVocab) {}

  /** Tokens in `text`, or, once more than `limit` are found, the number found so far. */
  count(text: string, limit = NO_LIMIT): number {
    // Read the imported table and classes once: some loaders (tsx, vitest) turn every access to an
    // imported binding into a getter call, which would dominate this loop.
    const classes = ASCII_CLASS;
    const word = ASCII_WORD;
    const dropped = ASCII_DROPPED;
    const punctuation = ASCII_PUNCTUATION;
    let tokens = 0;
    let runStart = -1;
    let runIsPlainAscii = true;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      const asciiClass = code < 128 ? classes[code] : NOT_ASCII;
      if (asciiClass === word || asciiClass === dropped || asciiClass === NOT_ASCII) {
        if (runStart < 0) {
          runStart = i;
          runIsPlainAscii = true;
        }
        if (asciiClass !== word) runIsPlainAscii = false;
        continue;
      }
      if (runStart >= 0) {
        tokens += this.countRun(text, runStart, i, runIsPlainAscii);
        runStart = -1;
        if (tokens > limit) return tokens;
      }
      if (asciiClass === punctuation) {
        // Every ASCII punctuation mark is a vocabulary entry of its own; a special token is one token too.
        tokens++;
        if (code === OPEN_BRACKET) i += specialTokenLengthAt(text, i) - 1;
      }
    }
    if (runStart >= 0) tokens += this.countRun(text, runStart, text.length, runIsPlainAscii);
    return tokens;
  }

  private countRun(text: string, start: number, end: number, isPlainAscii: boolean): number {
    if (isPlainAscii) return countWordPieces(this.vocab, text, start, end);
    const run = text.slice(start, end);
    const cached = this.normalizedRunCounts.get(run);
    if (cached !== undefined) return cached;
    let tokens = 0;
    for (const word of bertWords(run)) tokens += countWordPieces(this.vocab, word);
    if (this.normalizedRunCounts.size >= RUN_CACHE_LIMIT) this.normalizedRunCounts.clear();
    this.normalizedRunCounts.set(run.length >= SHORTEST_PINNING_SLICE ? detachedCopy(run) : run, tokens);
    return tokens;
  }
}

/** Length of the special token starting at `index`, or 1 (the bracket alone) when there is none. */
function specialTokenLengthAt(text: string, index: number): number {
  for (const special of SPECIAL_TOKENS) if (text.startsWith(special, index)) return special.length;
  return 1;
}

function detachedCopy(text: string): string {
  return Buffer.from(text, 'utf16le').toString('utf16le');
}

let sharedCounter: WordPieceCounter | undefined;

/** One counter (and one cache) for every model that shares the bert-base-uncased vocabulary. */
function uncasedCounter(): WordPieceCounter {
  sharedCounter ??= new WordPieceCounter(bertUncasedVocab());
  return sharedCounter;
}

/** A BERT-uncased-vocabulary embedding model, e.g. all-MiniLM-L6-v2. The vocabulary loads on first use. */
export class BertUncasedTokenizer implements Tokenizer {
  constructor(
    readonly id: string,
    readonly defaultMaxTokens: number,
  ) {}

  get longestTokenLength(): number {
    return bertUncasedVocab().longestTokenLength;
  }

  count(text: string): number {
    return uncasedCounter().count(text);
  }

  countUpTo(text: string, limit: number): number {
    return uncasedCounter().count(text, limit);
  }

  /** BERT pre-splits on whitespace and punctuation; brackets excepted, since `[UNK]` and its kind span them. */
  separatesTokens(separator: string): boolean {
    return isWordBoundaryRun(separator) && !separator.includes('[') && !separator.includes(']');
  }
}
