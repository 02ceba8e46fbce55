import type { TextRun } from './types';

/**
 * Spacing accents and the combining mark each one stands for. A font without a precomposed "ś"
 * (TeX's OT1 fonts, their Ghostscript conversions) draws the accent as a glyph of its own over the
 * letter; its text is then the spacing form.
 */
const combiningMarkOf: ReadonlyMap<string, string> = new Map([
  ['\u0060', '\u0300'], // grave
  ['\u00b4', '\u0301'], // acute
  ['\u02c6', '\u0302'], // circumflex
  ['\u02dc', '\u0303'], // tilde
  ['\u00af', '\u0304'], // macron
  ['\u02c9', '\u0304'], // modifier letter macron
  ['\u02d8', '\u0306'], // breve
  ['\u02d9', '\u0307'], // dot above
  ['\u00a8', '\u0308'], // diaeresis
  ['\u02da', '\u030a'], // ring above
  ['\u02dd', '\u030b'], // double acute
  ['\u02c7', '\u030c'], // caron
  ['\u00b8', '\u0327'], // cedilla
  ['\u02db', '\u0328'], // ogonek
]);

const trailingAccent = /(\S)\s*$/u;
const leadingLetter = /^\s*(\p{L})(\p{M}*)/u;
/** An accent is narrower than the font's em: a letter starting further back is no letter under it. */
const maxAccentWidth = 1;
/** The least overlap (in font sizes) of the accent and the letter that says the pen went back to draw the letter under it. */
const minOverlap = 0.1;
/** How far (in font sizes) an accent is raised over a capital (or lowered) from the letter's baseline at most. */
const maxRaise = 0.5;

/**
 * Runs (in the order the page draws them) with each spacing accent drawn over a letter put on that
 * letter, as one character (`´` then `s` read as `ś`). Such an accent ends a run, and the next run
 * on its line starts back under it: the pen went back to draw the letter. A run ending in an accent
 * the next run does not go back under (a grave quoted in code, "`" then "(text)") stays as it is.
 */
export function withSpacingAccentsOnLetters(runs: readonly TextRun[]): TextRun[] {
  const result: TextRun[] = [];
  let pending: TextRun | undefined;
  for (const run of runs) {
    if (pending) {
      const joined = accentOnNextLetter(pending, run);
      if (joined) {
        if (joined.before) result.push(joined.before);
        pending = joined.after;
        continue;
      }
      result.push(pending);
    }
    pending = run;
  }
  if (pending) result.push(pending);
  return result;
}

function accentOnNextLetter(run: TextRun, next: TextRun): { before?: TextRun; after: TextRun } | undefined {
  if (run.rtl || next.rtl) return undefined;
  const accent = trailingAccent.exec(run.text);
  const mark = accent && combiningMarkOf.get(accent[1]!);
  const letter = leadingLetter.exec(next.text);
  if (!accent || !mark || !letter) return undefined;
  const size = run.fontSize;
  const overlap = run.right - next.left;
  if (overlap < minOverlap * size || overlap > maxAccentWidth * size) return undefined;
  if (Math.abs(run.baseline - next.baseline) > maxRaise * size) return undefined;
  const letterEnd = letter.index + letter[0].length;
  const accented = `${next.text.slice(0, letterEnd)}${mark}`.normalize('NFC');
  const after: TextRun = { ...next, text: accented + next.text.slice(letterEnd) };
  const rest = run.text.slice(0, accent.index).replace(/\s+$/u, '');
  if (rest === '') return { after: { ...after, left: Math.min(run.left, next.left), top: Math.max(run.top, next.top) } };
  return { before: { ...run, text: rest, right: Math.max(run.left, next.left) }, after };
}
