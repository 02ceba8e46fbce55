/** Where a line's characters landed in joined text: `lines[line].slice(from, from + length)` is `text.slice(at, at + length)`. */
export interface JoinedPiece {
  line: number;
  from: number;
  at: number;
  length: number;
}

/**
 * Chinese and Japanese characters (ideographs, kana, their punctuation and full-width forms): text
 * written without spaces between words, so a line break between two of them is no space (the
 * segment-break rule of CSS Text). Hangul is left out: Korean puts spaces between words.
 */
const wideCharacter =
  '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Bopomofo}\\u3000-\\u303F\\u30A0-\\u30FF\\uFF00-\\uFF60\\uFFE0-\\uFFE6';
const wideEnd = new RegExp(`[${wideCharacter}]$`, 'u');
const wideStart = new RegExp(`^[${wideCharacter}]`, 'u');

/**
 * Joins the lines of one paragraph (or table cell) into running text. A word broken at a line
 * end ("exam-" + "ple") is rejoined when the next line continues in lower case, unless `keepsHyphen` says the hyphen
 * at that line's end is the word's own (`LineEndHyphens`); a hyphen before a capital or a digit belongs to a compound
 * ("Anglo-" + "Saxon", "0-201-" + "13448-9") and stays; Chinese and Japanese lines meet without a space; otherwise
 * lines meet with a space.
 */
export function joinLines(lines: readonly string[], keepsHyphen?: KeepsHyphen): string {
  return joinLinesMapped(lines, keepsHyphen).text;
}

/** Whether the hyphen ending line `line` (its last word `before`, the next line's first `after`) is the word's own. */
export type KeepsHyphen = (line: number, before: string, after: string) => boolean;

/** `joinLines`, saying where each line's characters landed in the text (a removed hyphen and the joining spaces in none). */
export function joinLinesMapped(lines: readonly string[], keepsHyphen?: KeepsHyphen): { text: string; pieces: JoinedPiece[] } {
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
    const brokenWord = /\p{L}-$/u.test(text) && /^\p{Ll}/u.test(next);
    const ownHyphen =
      brokenWord && keepsHyphen !== undefined && keepsHyphen(pieces[pieces.length - 1]!.line, lastWord(text), firstWord(next));
    const dropsHyphen = /\u00AD$/.test(text) || (brokenWord && !ownHyphen);
    const meetsWithoutSpace =
      ownHyphen ||
      (/\p{L}-$/u.test(text) && /^[\p{Lu}\p{N}]/u.test(next)) ||
      (/\p{N}-$/u.test(text) && /^\p{N}/u.test(next)) ||
      (wideEnd.test(text) && wideStart.test(next));
    if (dropsHyphen) {
      text = text.slice(0, -1);
      pieces[pieces.length - 1]!.length--;
    } else if (!meetsWithoutSpace) {
      text += ' ';
    }
    pieces.push({ line: index, from, at: text.length, length: next.length });
    text += next;
  });
  return { text, pieces };
}

/** The letters and digits before a line's final hyphen. */
function lastWord(text: string): string {
  return /([\p{L}\p{N}]*)-$/u.exec(text)![1]!;
}

/** The letters and digits a line starts with. */
function firstWord(text: string): string {
  return /^[\p{L}\p{N}]*/u.exec(text)![0];
}
