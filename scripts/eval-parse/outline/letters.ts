/**
 * The letters and digits of coverage words, one entry per character, combining marks dropped. Words
 * are compared whole, so a text layer that splits a word ours keeps whole loses the word on both
 * sides; letters are not split. pdftotext sets apart a vowel mark drawn raised or lowered from its
 * letter and cuts fully vocalised Arabic words there, into pieces that match no word of ours.
 */
export function lettersOf(words: readonly string[]): string[] {
  const letters: string[] = [];
  for (const word of words) for (const char of word.replace(COMBINING_MARKS, '')) letters.push(char);
  return letters;
}

const COMBINING_MARKS = /\p{M}/gu;
