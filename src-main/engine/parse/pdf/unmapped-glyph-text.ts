import { lineOf } from './lines';
import type { PageElement } from './page-elements';
import { readsRightToLeft } from './text-runs';
import type { Line, TextRun } from './types';
import { isPlaceholder, placeholderPattern, type UnmappedGlyphs } from './unmapped-glyphs';

/** What stands for a glyph of right-to-left text whose letter the page does not tell. */
const unreadable = '\uFFFD';

/**
 * A line pdf.js read left to right because its unreadable glyphs gave it no right-to-left letters:
 * its stretches of glyphs stand in drawing order, left to right. Read right to left, the stretches
 * come in the reverse order, each turned round; the text between them is already in reading order.
 */
function reversedStretches(text: string): string {
  const pieces: string[] = [];
  for (const chars = [...text]; chars.length > 0;) {
    const stretch = isPlaceholder(chars[0]!) || /\s/u.test(chars[0]!);
    let end = 1;
    while (end < chars.length && (isPlaceholder(chars[end]!) || /\s/u.test(chars[end]!)) === stretch) end++;
    const piece = chars.splice(0, end);
    pieces.push(stretch ? piece.reverse().join('') : piece.join(''));
  }
  return pieces.reverse().join('');
}

/** What the glyph pass did with the unmapped glyphs of a document, for its warning. */
interface GlyphOutcome {
  unreadable: number;
  kept: number;
  pages: Set<number>;
}

/**
 * Puts text in place of the placeholders of the lines' runs and rebuilds each line touched
 * (undefined when nothing of it is left). A glyph is shown as unreadable (U+FFFD,
 * the replacement character) where it is a letter of a right-to-left script that the reader cannot
 * have (see `textWithLetters`): the character pdf.js gives, a Greek or Latin one, is none of the
 * text's, and leaving the glyph out would join the letters around it into a word the page does not
 * show, and shorten the line as its style is judged. It keeps pdf.js's character elsewhere
 * (a symbol font's bullet, read as a control code, still starts a list item). A run pdf.js read left
 * to right only because its glyphs were unreadable, and that now holds right-to-left letters only, is
 * turned into reading order (see `reversedStretches`).
 */
function withGlyphText(line: Line, unmapped: UnmappedGlyphs, outcome: GlyphOutcome): Line | undefined {
  if (!line.runs.some((run) => placeholderPattern.test(run.text))) return line;
  const runs = line.runs.map((run) => runWithGlyphText(run, unmapped, outcome)).filter((run) => run.text.trim() !== '');
  return runs.length === 0 ? undefined : { ...lineOf(runs), span: line.span };
}

function runWithGlyphText(run: TextRun, unmapped: UnmappedGlyphs, outcome: GlyphOutcome): TextRun {
  if (!placeholderPattern.test(run.text)) return run;
  if (run.rtl || !readsRightToLeft(glyphText(run.text, unmapped, undefined, false))) {
    return { ...run, text: glyphText(run.text, unmapped, outcome, run.rtl) };
  }
  return { ...run, text: glyphText(reversedStretches(run.text), unmapped, outcome, true), rtl: true };
}

/**
 * The text with each placeholder replaced (see `withGlyphText`): a glyph is
 * unreadable (U+FFFD) in right-to-left text (`rightToLeft`, a run of such letters), of the words of such letters in
 * other text, and wherever its font is a right-to-left face (most letters its map names are of such
 * a script: Amiri, XB Zar). Counts into `outcome` when given.
 */
function glyphText(text: string, unmapped: UnmappedGlyphs, outcome: GlyphOutcome | undefined, rightToLeft: boolean): string {
  const chars = [...text];
  return chars
    .map((char, index) => {
      if (!isPlaceholder(char)) return char;
      if (rightToLeft || unmapped.glyphOf(char)?.rightToLeftFace === true || insideRightToLeftWord(chars, index)) {
        if (outcome) outcome.unreadable++;
        return unreadable;
      }
      if (outcome) outcome.kept++;
      return unmapped.glyphOf(char)?.fallback ?? '';
    })
    .join('');
}

function insideRightToLeftWord(chars: readonly string[], index: number): boolean {
  const letterAt = (step: number): boolean => {
    for (let at = index + step; at >= 0 && at < chars.length; at += step) {
      const char = chars[at]!;
      if (isPlaceholder(char)) continue;
      return readsRightToLeft(char);
    }
    return false;
  };
  return letterAt(-1) || letterAt(1);
}

/**
 * The document pass: puts text in place of the unmapped glyphs of every line, picture label and
 * table cell (once all pages are read: whether a font is a right-to-left face is learnt from all of
 * them), and returns the warning that says what it did.
 */
export function writeUnmappedGlyphs(
  pages: readonly { pageNo: number; elements: PageElement[] }[],
  unmapped: UnmappedGlyphs,
): string | undefined {
  const outcome: GlyphOutcome = { unreadable: 0, kept: 0, pages: new Set() };
  for (const page of pages) {
    const before = outcome.unreadable + outcome.kept;
    const withText = (lines: readonly Line[]): Line[] => lines.flatMap((line) => withGlyphText(line, unmapped, outcome) ?? []);
    page.elements = page.elements.flatMap((element): PageElement[] => {
      if (element.kind === 'line') return withText([element.line]).map((line) => ({ kind: 'line', line }));
      if (element.kind === 'picture') return [{ ...element, labels: withText(element.labels) }];
      for (const cell of element.table.cells) {
        cell.lines = withText(cell.lines);
        cell.text = glyphText(cell.text, unmapped, undefined, false);
      }
      return [element];
    });
    if (outcome.unreadable + outcome.kept > before) outcome.pages.add(page.pageNo);
  }
  const total = outcome.unreadable + outcome.kept;
  if (total === 0) return undefined;
  const pagesNamed = [...outcome.pages].slice(0, maxPagesNamed).join(', ') + (outcome.pages.size > maxPagesNamed ? ', …' : '');
  return (
    `${total} glyph(s) on page(s) ${pagesNamed} have no Unicode mapping in their font: ` +
    `${outcome.unreadable} shown as unreadable (U+FFFD) in right-to-left text, ${outcome.kept} kept as pdf.js reads them`
  );
}

const maxPagesNamed = 12;
