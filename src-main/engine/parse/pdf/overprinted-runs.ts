import type { TextRun } from './types';

/** Baselines within this share of the font size are one line. */
const baselineTolerance = 0.1;
/** Points per band of baselines in which copies are looked for (a copy's band or the next one). */
const baselineBand = 2;
/**
 * An overprinted copy is shifted by a hair (this share of the font size at most) to look bolder;
 * two glyphs set to overlap on purpose ("<<" kerned into a guillemet) lie further apart.
 */
const copyShift = 0.2;
/** Where glyph widths are estimated (equal within a run), a copy lies within this share of the font size of its glyph. */
const estimatedCopyReach = 0.5;
/** A run starts inside the one drawn before it when it starts this share of the font size before that one ends. */
const insideShare = 0.25;

/**
 * Runs (in the order the page draws them) without the copies of overprinted text: a text drawn
 * twice at one place, as a whole (shadowed or double-struck bold) or glyph by glyph (groff's
 * overstruck small capitals: each letter drawn again a hair to the right, which pdf.js reads as
 * items that each start with the last letter of the one before, "A" "AM" "MP"...). Without this a
 * heading reads "SAAMMPPLLEE" and every word of a double-struck paragraph counts twice.
 */
export function withoutOverprintedCopies(runs: readonly TextRun[]): TextRun[] {
  const result: TextRun[] = [];
  // Runs by text and baseline band, so that a page of many equal texts (dot leaders) is not compared pair by pair.
  const drawnAt = new Map<string, TextRun[]>();
  const keyOf = (run: TextRun, band: number): string => `${band}|${run.text}`;
  for (const drawn of runs) {
    const previous = result[result.length - 1];
    const run = previous && !drawn.rtl && !previous.rtl ? withoutCopiedFirstGlyph(previous, drawn) : drawn;
    const band = Math.round(run.baseline / baselineBand);
    const copied = [band - 1, band, band + 1].some((near) =>
      (drawnAt.get(keyOf(run, near)) ?? []).some(
        (earlier) => sameLine(earlier, run) && Math.abs(earlier.left - run.left) < copyShift * run.fontSize,
      ),
    );
    if (copied) continue;
    const key = keyOf(run, band);
    const sameText = drawnAt.get(key);
    if (sameText) sameText.push(run);
    else drawnAt.set(key, [run]);
    result.push(run);
  }
  return result;
}

/**
 * The run without its first glyph when that glyph copies the last glyph of the run drawn just
 * before it: the same character, on the same line, where that glyph starts. Only a run of two or
 * more glyphs: a lone glyph that copies another is a copy as a whole.
 */
function withoutCopiedFirstGlyph(previous: TextRun, run: TextRun): TextRun {
  const glyphs = [...run.text];
  const previousGlyphs = [...previous.text];
  const last = previousGlyphs[previousGlyphs.length - 1]!;
  if (glyphs.length < 2 || glyphs[0] !== last || /\s/u.test(last) || !sameLine(previous, run)) return run;
  if (run.left > previous.right - insideShare * run.fontSize) return run;
  const lastStart = previous.right - (previous.right - previous.left) / previousGlyphs.length;
  const reach = (previousGlyphs.length === 1 ? copyShift : estimatedCopyReach) * run.fontSize;
  if (Math.abs(run.left - lastStart) >= reach) return run;
  // The copy starts where the glyph it copies starts: both end where the run before ends.
  return { ...run, text: glyphs.slice(1).join(''), left: previous.right };
}

function sameLine(a: TextRun, b: TextRun): boolean {
  return (
    Math.abs(a.baseline - b.baseline) < baselineTolerance * a.fontSize && Math.abs(a.fontSize - b.fontSize) < baselineTolerance * a.fontSize
  );
}
