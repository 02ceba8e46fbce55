/**
 * Joins the lines of one paragraph into running text. A word broken at a line end ("exam-" +
 * "ple") is rejoined when the next line continues in lower case; a hyphen before a capital or a
 * digit belongs to a compound ("Anglo-" + "Saxon") and stays; otherwise lines meet with a space.
 */
export function joinLines(lines: readonly string[]): string {
  let text = '';
  for (const line of lines) {
    const next = line.trim();
    if (next === '') continue;
    if (text === '') {
      text = next;
      continue;
    }
    if (/\u00AD$/.test(text)) text = text.slice(0, -1) + next;
    else if (/\p{L}-$/u.test(text) && /^\p{Ll}/u.test(next)) text = text.slice(0, -1) + next;
    else if (/\p{L}-$/u.test(text) && /^[\p{Lu}\p{N}]/u.test(next)) text += next;
    else text += ` ${next}`;
  }
  return text;
}
