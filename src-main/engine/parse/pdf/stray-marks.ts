import type { TextRun } from './types';

const marksOnly = /^[\p{M}\s]+$/u;
const baseCharacter = /[^\p{M}\s]/u;
const spacingMark = /\p{Mc}/u;
/** How far (in font sizes) a mark may sit from the box of the letter run it is drawn for. */
const reach = 0.5;

/**
 * Runs (in the order the page draws them) with each run of combining marks alone (a vowel sign or
 * point that the PDF positions on its own, which pdf.js reads as a text item of its own) put on
 * the letter it is drawn for, instead of reading as a word of its own. Right-to-left text is drawn
 * in visual order, so a mark comes just before its letter: it joins the right-to-left run drawn
 * next, at the letter under it. Left-to-right text draws a mark after its letter: it joins the run
 * drawn before. A mark with no such run beside it on its line stays as it is.
 */
export function withStrayMarksOnLetters(runs: readonly TextRun[]): TextRun[] {
  const drawn = [...runs];
  const result: TextRun[] = [];
  for (let index = 0; index < drawn.length; index++) {
    const run = drawn[index]!;
    if (!marksOnly.test(run.text)) {
      result.push(run);
      continue;
    }
    const next = drawn[index + 1];
    const previous = result[result.length - 1];
    if (next && next.rtl && carries(next, run)) {
      drawn[index + 1] = { ...next, text: insertMarks(next, run) };
    } else if (previous && !previous.rtl && carries(previous, run)) {
      // A spacing vowel sign drawn as a glyph of its own (the aa sign of Tamil "மா") widens its letter's run.
      const right = spacingMark.test(run.text) ? Math.max(previous.right, run.right) : previous.right;
      result[result.length - 1] = { ...previous, text: previous.text + run.text.trim(), right };
    } else {
      result.push(run);
    }
  }
  return result;
}

function carries(base: TextRun, mark: TextRun): boolean {
  if (!baseCharacter.test(base.text)) return false;
  const slack = reach * base.fontSize;
  const centre = (mark.left + mark.right) / 2;
  return Math.abs(base.baseline - mark.baseline) <= slack && centre >= base.left - slack && centre <= base.right + slack;
}

/**
 * The text of a right-to-left run with the marks put after the letter drawn under them (its first
 * letter at the right end), and after the marks that letter carries already.
 */
function insertMarks(base: TextRun, mark: TextRun): string {
  const characters = [...base.text];
  const letterAt = characters.flatMap((character, at) => (baseCharacter.test(character) ? [at] : []));
  const width = Math.max(base.right - base.left, 1e-6);
  const centre = (mark.left + mark.right) / 2;
  const share = Math.min(Math.max((base.right - centre) / width, 0), 1);
  const letter = Math.min(Math.floor(share * letterAt.length), letterAt.length - 1);
  let at = letterAt[letter]! + 1;
  while (at < characters.length && /\p{M}/u.test(characters[at]!)) at++;
  characters.splice(at, 0, mark.text.trim());
  return characters.join('');
}
