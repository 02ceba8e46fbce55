const wordPattern = /\S+/gu;

/** Words as the size options and the parsers' length rules count them: the pieces of the text between white space. */
export function countWords(text: string): number {
  let count = 0;
  wordPattern.lastIndex = 0;
  while (wordPattern.exec(text)) count++;
  return count;
}
