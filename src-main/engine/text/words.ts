const wordPattern = /\S+/gu;

/** Words as the size options and the parsers' length rules count them: the pieces of the text between white space. */
export function countWords(text: string): number {
  let count = 0;
  wordPattern.lastIndex = 0;
  while (wordPattern.exec(text)) count++;
  return count;
}

const notLetters = /\P{L}+/gu;

/** The letters of a text, counted as characters (a letter beyond the Basic Multilingual Plane is one). */
export function letterCount(text: string): number {
  const letters = text.replace(notLetters, '');
  let count = 0;
  for (let index = 0; index < letters.length; index++) {
    const unit = letters.charCodeAt(index);
    // the second half of a surrogate pair is no character of its own
    if (unit < 0xdc00 || unit > 0xdfff) count++;
  }
  return count;
}
