/** Where a line's characters landed in joined text: `lines[line].slice(from, from + length)` is `text.slice(at, at + length)`. */
export interface JoinedPiece {
  line: number;
  from: number;
  at: number;
  length: number;
}

/**
 * Joins the lines of one paragraph into running text. A word broken at a line end ("exam-" +
 * "ple") is rejoined when the next line continues in lower case; a hyphen before a capital or a
 * digit belongs to a compound ("Anglo-" + "Saxon") and stays; otherwise lines meet with a space.
 */
export function joinLines(lines: readonly string[]): string {
  return joinLinesMapped(lines).text;
}

/** `joinLines`, saying where each line's characters landed in the text (a removed hyphen and the joining spaces in none). */
export function joinLinesMapped(lines: readonly string[]): { text: string; pieces: JoinedPiece[] } {
  let text = '';
  const pieces: JoinedPiece[] = [];
  lines.forEach((line, index) => {
    const next = line.trim();
    if (next === '') return;
    const from = line.indexOf(next);
    if (text === '') {
      text = next;
      pieces.push({ line: index, from, at: 0, length: next.length });
      return;
    }
    const dropsHyphen = /\u00AD$/.test(text) || (/\p{L}-$/u.test(text) && /^\p{Ll}/u.test(next));
    if (dropsHyphen) {
      text = text.slice(0, -1);
      pieces[pieces.length - 1]!.length--;
    } else if (!(/\p{L}-$/u.test(text) && /^[\p{Lu}\p{N}]/u.test(next))) {
      text += ' ';
    }
    pieces.push({ line: index, from, at: text.length, length: next.length });
    text += next;
  });
  return { text, pieces };
}
