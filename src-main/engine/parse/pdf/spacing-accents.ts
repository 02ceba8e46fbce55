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

/** Accents set below a letter, towards its right side: the move that places them is as wide as a word space. */
const accentsBelow = new Set(['\u00b8', '\u02db']);

/** Whether the character is a spacing accent set over a letter, centred: a move before it wider than a word space is one. */
export function isAccentAbove(character: string): boolean {
  return combiningMarkOf.has(character) && !accentsBelow.has(character);
}
const leadingAccent = /^\s*(\S)/u;
const leadingLetter = /^\s*(\p{L})(\p{M}*)/u;
const trailingLetter = /(\p{L})(\p{M}*)$/u;
/** An accent is narrower than the font's em: a letter starting further back is no letter under it. */
const maxAccentWidth = 1;
/** The least overlap (in font sizes) of the accent and the letter that says the pen went back to draw the one over the other. */
const minOverlap = 0.1;
/** How far (in font sizes) an accent is raised over a capital (or lowered) from the letter's baseline at most. */
const maxRaise = 0.5;

type Joined = { before?: TextRun; after: TextRun };

/**
 * Runs (in the order the page draws them) with each spacing accent drawn over a letter put on that
 * letter, as one character (`´` then `s` read as `ś`). The accent and its letter are drawn one after
 * the other, overlapping: a run ends in the accent and the next run on its line starts back under
 * it, or a run ends in the letter and the next starts with the accent back over it. Only a letter
 * Unicode has with that accent takes it: dots of emphasis over Korean syllables, or a grave quoted in
 * code that no letter is drawn under ("`" then "(text)"), stay as they are.
 */
export function withSpacingAccentsOnLetters(runs: readonly TextRun[]): TextRun[] {
  const result: TextRun[] = [];
  let pending: TextRun | undefined;
  for (const run of runs) {
    if (pending) {
      const joined = accentOnNextLetter(pending, run) ?? accentOnPreviousLetter(pending, run);
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

function accentOnNextLetter(run: TextRun, next: TextRun): Joined | undefined {
  const accent = trailingAccent.exec(run.text);
  const letter = leadingLetter.exec(next.text);
  if (!accent || !letter || !overlapping(run, next)) return undefined;
  const letterEnd = letter.index + letter[0].length;
  const accented = accentedLetter(next.text.slice(0, letterEnd), accent[1]!);
  if (accented === undefined) return undefined;
  const after: TextRun = { ...next, text: accented + next.text.slice(letterEnd) };
  // The space pdf.js writes before the accent is the move that sets it over its letter, unless measured as a word space.
  const rest = run.text.slice(0, accent.index).replace(/\s+$/u, run.wordSpaceBeforeLast ? ' ' : '');
  if (rest.trim() === '') return { after: { ...after, left: Math.min(run.left, next.left), top: Math.max(run.top, next.top) } };
  const { wordSpaceBeforeLast: _measured, ...before } = run;
  return { before: { ...before, text: rest, right: Math.max(run.left, next.left) }, after };
}

function accentOnPreviousLetter(run: TextRun, next: TextRun): Joined | undefined {
  const letter = trailingLetter.exec(run.text);
  const accent = leadingAccent.exec(next.text);
  if (!letter || !accent || !overlapping(run, next)) return undefined;
  const accented = accentedLetter(run.text.slice(letter.index), accent[1]!);
  if (accented === undefined) return undefined;
  const before: TextRun = { ...run, text: run.text.slice(0, letter.index) + accented, top: Math.max(run.top, next.top) };
  const rest = next.text.slice(accent.index + accent[0].length);
  if (rest.trim() === '') return { after: before };
  // A space drawn after the accent stays at the start of the rest: the gap left is the accent's, too narrow for a space.
  return { before, after: { ...next, text: rest, left: Math.max(next.left, run.right) } };
}

/** Whether `next` starts back over the end of `run`, on its line, by no more than an accent's width. */
function overlapping(run: TextRun, next: TextRun): boolean {
  if (run.rtl || next.rtl) return false;
  const size = run.fontSize;
  const overlap = run.right - next.left;
  return overlap >= minOverlap * size && overlap <= maxAccentWidth * size && Math.abs(run.baseline - next.baseline) <= maxRaise * size;
}

/** The letter (with the marks it has) with the accent on it, when Unicode has that letter as one character. */
function accentedLetter(letter: string, accent: string): string | undefined {
  const mark = combiningMarkOf.get(accent);
  if (mark === undefined) return undefined;
  // TeX sets an accent over a dotless i or j (\`\i): the accent takes the dot's place on the letter.
  const base = isAccentAbove(accent) ? letter.replace(/^ı/u, 'i').replace(/^ȷ/u, 'j') : letter;
  const accented = `${base}${mark}`.normalize('NFC');
  return [...accented].length < [...letter.normalize('NFC')].length + 1 ? accented : undefined;
}
