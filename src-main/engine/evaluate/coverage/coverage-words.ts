import type { Chunk } from '../../../../src-shared/chunk';
import { iterateItems } from '../../ir/iterate';
import type { DoclingDocument } from '../../ir/types';
import { wordsOf } from '../parse-metrics';
import { HAN_AND_KANA, SOUTH_EAST_ASIAN } from '../../text/scripts';

/**
 * Words as the coverage figures count them: `wordsOf` (NFKC, case folded, letter/digit runs), with
 * Han, Hiragana and Katakana split into single characters, because Chinese and Japanese are written
 * without spaces and two extractors put their few spaces in different places; zero-width joiners
 * and non-joiners are dropped first. The scripts of South-East Asia written without spaces between
 * words (Unicode's line-breaking class SA: Thai, Lao, Khmer, Myanmar and the Tai scripts) are split
 * alike into clusters (a letter with the marks after it): a word there ends where a dictionary
 * says, and pdftotext cuts one where a cluster's marks stand out past its letter ("កញ្ច ប់" for
 * "កញ្ចប់", drawn whole) or puts a tone mark after the next letter ("สัง่" for "สั่ง"), so two extractors
 * agree on the clusters, not on the words. Combining marks standing alone are no word: a vowel sign or
 * point belongs to a letter, and an extractor that sets it apart (pdftotext splits off the harakat
 * it finds raised or lowered from the baseline) has not read a word of its own.
 */
export function coverageWords(text: string): string[] {
  const words: string[] = [];
  forEachCoverageWord(text, (word) => words.push(word));
  return words;
}

/** A word of `coverageWords` and the stretch of the text it was read from (UTF-16 offsets). */
export interface WordAt {
  word: string;
  start: number;
  end: number;
}

/**
 * `coverageWords` with where each word lies, so that words no chunk holds can be shown in place.
 * Each run of letters, digits and marks in the text (joiners included) is one or more words; a run
 * of an unspaced script is read piece by piece, so each character keeps its own offsets.
 */
export function coverageWordsAt(text: string): WordAt[] {
  const found: WordAt[] = [];
  forEachCoverageWord(text, (word, start, end) => found.push({ word, start, end }));
  return found;
}

/** The one reading of words behind both: no list of positions where only the words are wanted (every chunk of every run). */
function forEachCoverageWord(text: string, visit: (word: string, start: number, end: number) => void): void {
  for (const run of text.matchAll(WORD_RUN)) {
    const runStart = run.index;
    const runText = run[0];
    if (PLAIN_ASCII_WORD.test(runText)) {
      visit(runText.toLowerCase(), runStart, runStart + runText.length);
      continue;
    }
    if (!UNSPACED_SCRIPT.test(runText)) {
      for (const word of wordsOfRun(runText)) visit(word, runStart, runStart + runText.length);
      continue;
    }
    for (const piece of unspacedPieces(runText)) {
      const start = runStart + piece.index;
      for (const word of wordsOfRun(piece.text)) visit(word, start, start + piece.text.length);
    }
  }
}

/** Runs of what `wordsOf` keeps, in the text as written (NFKC may make one run two words, e.g. `½`). */
const WORD_RUN = /[\p{L}\p{N}\p{M}\u200c\u200d]+/gu;
const PLAIN_ASCII_WORD = /^[a-z0-9]+$/i;

/** Most words are plain ASCII, which normalisation leaves as they are: skipping it keeps a 300-page document fast. */
function wordsOfRun(run: string): string[] {
  return wordsOf(run.replace(ZERO_WIDTH_JOINERS, ''))
    .filter((word) => LETTER_OR_DIGIT.test(word))
    .flatMap((word) => (UNSPACED_SCRIPT.test(word) ? unspacedPieces(word).map((piece) => piece.text) : [word]))
    .filter((word) => LETTER_OR_DIGIT.test(word));
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Zero-width (non-)joiners shape a word (Persian sets one inside many words) without splitting it. */
const ZERO_WIDTH_JOINERS = /[\u200c\u200d]/gu;
const UNSPACED_SCRIPT = new RegExp(`[${HAN_AND_KANA}${SOUTH_EAST_ASIAN}]`, 'u');
/** A Han or kana character, a run of South-East Asian letters with the marks on them, or a run of anything else. */
const UNSPACED_OR_OTHER_RUN = new RegExp(
  `[${HAN_AND_KANA}]|[${SOUTH_EAST_ASIAN}][${SOUTH_EAST_ASIAN}\\p{M}]*|[^${HAN_AND_KANA}${SOUTH_EAST_ASIAN}]+`,
  'gu',
);
const SOUTH_EAST_ASIAN_START = new RegExp(`^[${SOUTH_EAST_ASIAN}]`, 'u');
/**
 * A letter with the marks after it, spacing ones too: Unicode's extended clusters leave some vowel signs apart (Myanmar aa,
 * visarga), which would then count as no word.
 */
const CLUSTER = /\P{M}\p{M}*/gu;

/** The pieces `coverageWords` counts of a run holding an unspaced script, each with its offset in the run. */
function unspacedPieces(run: string): Array<{ text: string; index: number }> {
  const pieces: Array<{ text: string; index: number }> = [];
  for (const piece of run.matchAll(UNSPACED_OR_OTHER_RUN)) {
    if (!SOUTH_EAST_ASIAN_START.test(piece[0])) {
      pieces.push({ text: piece[0], index: piece.index });
      continue;
    }
    for (const cluster of piece[0].matchAll(CLUSTER)) pieces.push({ text: cluster[0], index: piece.index + cluster.index });
  }
  return pieces;
}

/**
 * Every word our parse read, in any layer (body, furniture, a picture's children), every list marker and every table
 * cell: what the parser extracted, whether or not it goes on to be chunked.
 */
export function parsedWords(doc: DoclingDocument): string[] {
  // A list item's marker ("27." before a footnote, "a)") was read too; it reaches the chunks before the item's text.
  const words = doc.texts.flatMap((item) =>
    coverageWords(item.label === 'list_item' && item.marker ? `${item.marker} ${item.text}` : item.text),
  );
  for (const table of doc.tables) {
    // A rich cell's content is a text item of its own, counted above.
    for (const cell of table.data.table_cells) if (!cell.ref) words.push(...coverageWords(cell.text));
  }
  return words;
}

/** The words of the furniture layer (running headers and footers, page and margin line numbers): left out of chunks by design. */
export function furnitureWords(doc: DoclingDocument): string[] {
  return doc.texts.filter((item) => item.content_layer === 'furniture').flatMap((item) => coverageWords(item.text));
}

/** The words of the body's pictures' own texts (labels, not captions): chunked after the picture unless `includePictureText` is false. */
export function pictureWords(doc: DoclingDocument): string[] {
  const captions = new Set(doc.pictures.flatMap((picture) => (picture.captions ?? []).map((caption) => caption.$ref)));
  const words: string[] = [];
  for (const picture of doc.pictures) {
    for (const { item } of iterateItems(doc, { root: picture, traversePictures: true })) {
      if ('text' in item && !captions.has(item.self_ref)) words.push(...coverageWords(item.text));
    }
  }
  return words;
}

/**
 * The words that reach a chunk: each chunk's own text, and each heading of a heading path once (a
 * heading that reaches the chunks only as their context still reaches them; it is counted once
 * however many chunks repeat it). Headings are told apart by their whole path, so two sections
 * named "Examples" under different parents count twice, as the page shows them twice.
 */
export function chunkedWords(chunks: Iterable<Pick<Chunk, 'text' | 'headingPath'>>): string[] {
  const words: string[] = [];
  const headingsSeen = new Set<string>();
  for (const chunk of chunks) {
    words.push(...coverageWords(chunk.text));
    chunk.headingPath.forEach((heading, depth) => {
      const key = chunk.headingPath.slice(0, depth + 1).join('\u0000');
      if (headingsSeen.has(key)) return;
      headingsSeen.add(key);
      words.push(...coverageWords(heading));
    });
  }
  return words;
}
