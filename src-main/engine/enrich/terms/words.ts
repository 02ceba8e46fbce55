import { escapeRegExp } from '../../../../src-shared/escape-regexp';
import { PII_LABELS, piiPlaceholder } from '../pii/pii-label';
import { HAN_AND_KANA, SOUTH_EAST_ASIAN } from '../../text/scripts';

/**
 * Words of a text for term statistics: runs of letters and digits (inner apostrophes, hyphens and
 * dots kept: "don't", "state-of-the-art", "e.g"), lower-cased. Scripts written without spaces
 * (Chinese, Japanese kana, Thai, Khmer, Myanmar...) give overlapping character pairs, the usual unit of term
 * statistics where there is no word boundary to read.
 */
const wordPattern = /[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}]|['’.-](?=[\p{L}\p{N}]))*/gu;
const unspacedScript = new RegExp(`[${HAN_AND_KANA}${SOUTH_EAST_ASIAN}]`, 'u');
/** A run of an unspaced script; the prolonged sound mark (ー) lengthens a katakana word. */
const unspacedRun = new RegExp(`[${HAN_AND_KANA}${SOUTH_EAST_ASIAN}ー]+`, 'gu');

/** What PII masking wrote in place of a value (`[EMAIL]`): no word of the text, so never a key term or a match between chunks. */
const maskPlaceholders = new RegExp(PII_LABELS.map((label) => escapeRegExp(piiPlaceholder(label))).join('|'), 'g');

export function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const match of text.replace(maskPlaceholders, ' ').matchAll(wordPattern)) {
    const word = match[0];
    if (unspacedScript.test(word)) words.push(...characterPairs(word));
    else words.push(word.toLowerCase().replace(/’/g, "'"));
  }
  return words;
}

/** Pairs of neighbouring characters within each run of an unspaced script; a one-character run is itself. */
function characterPairs(word: string): string[] {
  const pairs: string[] = [];
  for (const [run] of word.matchAll(unspacedRun)) {
    const characters = Array.from(run);
    if (characters.length === 1) pairs.push(run);
    for (let i = 0; i + 1 < characters.length; i++) pairs.push(characters[i]! + characters[i + 1]!);
  }
  return pairs;
}

/** Whether a word can be a key term: not a number, a lone letter, or a version or section number. */
export function isContentWord(word: string): boolean {
  if (word.length < 2) return unspacedScript.test(word);
  return /\p{L}/u.test(word) && !/^\p{L}?[\d.-]+$/u.test(word);
}
