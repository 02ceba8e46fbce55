import { coverageWordsAt, type WordAt } from '../evaluate/coverage/coverage-words';
import type { SourceWord } from './document-words';

/** Text words a source word is taken at without more ado: markup the chunk text adds (list markers) lies between them. */
const NEAR_WORDS = 16;
/** Further on, a match is taken only if the next source word follows within this many text words (a table's cells lie between). */
const CONFIRM_WORDS = 4;

/**
 * Where the chunk text shows each of the source words its spans hold, in order: each word is looked
 * for after the last one found, near it, or further on where the next source word follows it too (a
 * serialised table or a repeated header lies between), so words the text adds are passed over and a
 * source word the text does not show stays undefined.
 */
export function alignWords(text: string, sourceWords: readonly SourceWord[]): Array<WordAt | undefined> {
  const textWords = coverageWordsAt(text);
  let next = 0;
  return sourceWords.map((sourceWord, i) => {
    const following = sourceWords[i + 1]?.word;
    for (let k = next; k < textWords.length; k++) {
      if (textWords[k]!.word !== sourceWord.word) continue;
      const near = k - next < NEAR_WORDS;
      const confirmed = following === undefined || textWords.slice(k + 1, k + 1 + CONFIRM_WORDS).some((word) => word.word === following);
      if (!near && !confirmed) continue;
      next = k + 1;
      return textWords[k];
    }
    return undefined;
  });
}

/**
 * Where a text is cut after a word: past the punctuation attached to it (a full stop, a closing
 * bracket), at the next blank, and never past `limit` (the next word's start).
 */
export function cutAfter(text: string, word: WordAt, limit: number): number {
  let cut = word.end;
  while (cut < limit && !/\s/.test(text[cut]!)) cut++;
  return cut;
}

/** `text` without `[start, end)`, the two sides joined by a line break if the removed part had one, else a space. */
export function removeRange(text: string, start: number, end: number): string {
  const left = text.slice(0, start).trimEnd();
  const right = text.slice(end).trimStart();
  if (left === '' || right === '') return left + right;
  return left + (text.slice(start, end).includes('\n') ? '\n' : ' ') + right;
}

/**
 * `second` appended to `first` by `delimiter`; where the chunks overlap (a strategy's overlap repeats
 * the end of one chunk at the start of the next), the repeated start of `second` is left out.
 */
export function joinTexts(first: string, second: string, overlapping: boolean, delimiter: string): string {
  if (!overlapping) return first === '' ? second : second === '' ? first : first + delimiter + second;
  const repeated = longestSuffixPrefix(first, second);
  const rest = second.slice(repeated).trimStart();
  return rest === '' ? first : first + (repeated > 0 ? ' ' : delimiter) + rest;
}

/** Length of the longest prefix of `second` that ends `first`, in linear time (the prefix function). */
function longestSuffixPrefix(first: string, second: string): number {
  const tail = first.slice(Math.max(0, first.length - second.length));
  const joined = `${second}\u0000${tail}`;
  const border = new Int32Array(joined.length);
  for (let i = 1; i < joined.length; i++) {
    let k = border[i - 1]!;
    while (k > 0 && joined[i] !== joined[k]) k = border[k - 1]!;
    if (joined[i] === joined[k]) k++;
    border[i] = k;
  }
  return border[joined.length - 1] ?? 0;
}
