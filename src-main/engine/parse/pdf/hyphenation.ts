/**
 * Chinese and Japanese characters (ideographs, kana, their punctuation and full-width forms): text
 * written without spaces between words, so a line break between two of them is no space (the
 * segment-break rule of CSS Text). Hangul is left out: Korean puts spaces between words.
 */
const wideCharacter = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Bopomofo}\\u3000-\\u303F\\u30A0-\\u30FF\\uFF00-\\uFF60\\uFFE0-\\uFFE6';
const wideEnd = new RegExp(`[${wideCharacter}]$`, 'u');
const wideStart = new RegExp(`^[${wideCharacter}]`, 'u');

/**
 * Joins the lines of one paragraph (or table cell) into running text. A word broken at a line
 * end ("exam-" + "ple") is rejoined when the next line continues in lower case; a hyphen before a
 * capital or a digit belongs to a compound ("Anglo-" + "Saxon", "0-201-" + "13448-9") and stays; Chinese and Japanese
 * lines meet without a space; otherwise lines meet with a space.
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
    else if (/\p{N}-$/u.test(text) && /^\p{N}/u.test(next)) text += next;
    else if (wideEnd.test(text) && wideStart.test(next)) text += next;
    else text += ` ${next}`;
  }
  return text;
}
