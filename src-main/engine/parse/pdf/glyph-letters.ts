import { lineOf } from './lines';
import type { PageElement } from './page-elements';
import { readsRightToLeft } from './text-runs';
import type { Line, TextRun } from './types';
import { isPlaceholder, placeholderPattern, type UnmappedGlyphs } from './unmapped-glyphs';

/** An outline entry as the glyph pass needs it: its title and the page it jumps to. */
export interface TitledPage {
  title: string;
  page: number | null;
}

/** Rounds of learning: each may name glyphs that let the next read one more heading. */
const maxRounds = 8;
/** What stands for a glyph of right-to-left text that no title names. */
const unreadable = '\uFFFD';
/** Letters one glyph may stand for (a ligature: lam-alef, lam-meem-jeem). */
const maxLettersPerGlyph = 3;
const tatweel = /\u0640/gu;
/** Letters a line must read already, and at least as many as its unknown glyphs, to agree with a title. */
const minReadLetters = 2;

/**
 * Names the letters of glyphs that their font maps to no character (see `UnmappedGlyphs`), from the
 * document's own outline: a heading line on the page an outline entry jumps to, whose readable
 * letters agree with the entry's title in order, shows the title's letters at its unreadable glyphs
 * (when it reads at least as many letters as it has unknown glyphs, and two or more).
 * A glyph named so is named in every line of its font, and of the fonts that share its glyph order
 * (a bold and a regular cut). Two ways a line agrees with a title, tried again with each glyph
 * learnt: as many glyphs and letters as the title has letters (one letter per glyph), or one glyph
 * unknown with the letters before and after it equal (the glyph takes what lies between: up to
 * `maxLettersPerGlyph`, a ligature). A glyph two headings name differently takes the name most of
 * them give. Returns the letters by placeholder.
 */
export function glyphLettersFromOutline(
  linesByPage: ReadonlyMap<number, readonly Line[]>,
  outline: readonly TitledPage[],
  unmapped: UnmappedGlyphs,
): Map<string, string> {
  const letters = new Map<string, string>();
  for (let round = 0; round < maxRounds; round++) {
    const votes = new Map<string, Map<string, number>>();
    for (const entry of outline) {
      if (entry.page === null) continue;
      for (const [placeholder, named] of namesFromEntry(entry.title, linesByPage.get(entry.page) ?? [], letters)) {
        const counts = votes.get(placeholder) ?? new Map<string, number>();
        counts.set(named, (counts.get(named) ?? 0) + 1);
        votes.set(placeholder, counts);
      }
    }
    let learnt = 0;
    for (const [placeholder, counts] of votes) {
      const [named] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
      for (const same of [placeholder, ...unmapped.sameGlyphIn(placeholder)]) {
        if (letters.has(same)) continue;
        letters.set(same, named);
        learnt++;
      }
    }
    if (learnt === 0) break;
  }
  return letters;
}

/** The names one outline title gives the unknown glyphs of the one line on its page it agrees with. */
function namesFromEntry(title: string, lines: readonly Line[], letters: ReadonlyMap<string, string>): Map<string, string> {
  const wanted = [...comparable(title)];
  const proposals: Map<string, string>[] = [];
  for (const line of lines) {
    if (!placeholderPattern.test(line.text)) continue;
    const readings = line.rtl ? [line.text] : [line.text, reversedStretches(line.text)];
    for (const reading of readings) {
      const named = namesFromLine([...comparable(reading)], wanted, letters);
      if (named) {
        proposals.push(named);
        break;
      }
    }
  }
  if (proposals.length === 0) return new Map();
  const first = JSON.stringify([...proposals[0]!]);
  return proposals.every((named) => JSON.stringify([...named]) === first) ? proposals[0]! : new Map();
}

function namesFromLine(
  tokens: readonly string[],
  wanted: readonly string[],
  letters: ReadonlyMap<string, string>,
): Map<string, string> | undefined {
  const known = tokens.map((token) => (isPlaceholder(token) ? letters.get(token) : token));
  const unknown = tokens.filter((token, index) => known[index] === undefined);
  const read = known.reduce((sum, text) => sum + (text === undefined ? 0 : [...text].length), 0);
  // A line of unknown glyphs agrees with any title of as many letters: its read letters must vouch for it.
  if (unknown.length === 0 || read < Math.max(minReadLetters, unknown.length)) return undefined;
  return oneLetterEach(tokens, known, wanted) ?? oneGlyphBetween(tokens, known, wanted);
}

function oneLetterEach(
  tokens: readonly string[],
  known: readonly (string | undefined)[],
  wanted: readonly string[],
): Map<string, string> | undefined {
  const length = known.reduce((sum, text) => sum + (text === undefined ? 1 : [...text].length), 0);
  if (length !== wanted.length) return undefined;
  const named = new Map<string, string>();
  let at = 0;
  for (const [index, text] of known.entries()) {
    if (text === undefined) {
      const letter = wanted[at++]!;
      const token = tokens[index]!;
      if ((named.get(token) ?? letter) !== letter) return undefined;
      named.set(token, letter);
      continue;
    }
    for (const char of text) if (wanted[at++] !== char) return undefined;
  }
  return named;
}

function oneGlyphBetween(
  tokens: readonly string[],
  known: readonly (string | undefined)[],
  wanted: readonly string[],
): Map<string, string> | undefined {
  const gaps = known.flatMap((text, index) => (text === undefined ? [index] : []));
  if (gaps.length !== 1) return undefined;
  const gap = gaps[0]!;
  const before = [...known.slice(0, gap).join('')];
  const after = [...known.slice(gap + 1).join('')];
  const between = wanted.length - before.length - after.length;
  if (between < 0 || between > maxLettersPerGlyph) return undefined;
  if (before.some((char, index) => wanted[index] !== char)) return undefined;
  if (after.some((char, index) => wanted[before.length + between + index] !== char)) return undefined;
  return new Map([[tokens[gap]!, wanted.slice(before.length, before.length + between).join('')]]);
}

/**
 * A title or a line as the two are compared: NFKC, without spaces, joiners, tatweel and marks, and
 * without a leading or trailing section number (a heading line carries it, its title often not).
 */
function comparable(text: string): string {
  return text
    .normalize('NFKC')
    .replace(tatweel, '')
    .replace(/[\s\p{M}\p{Cf}]/gu, '')
    .replace(/^[\p{N}.\-–)(]+|[\p{N}.\-–)(]+$/gu, '');
}

/**
 * A line pdf.js read left to right because its unreadable glyphs gave it no right-to-left letters:
 * its stretches of glyphs stand in drawing order, left to right. Read right to left, the stretches
 * come in the reverse order, each turned round; the text between them is already in reading order.
 */
export function reversedStretches(text: string): string {
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
export interface GlyphOutcome {
  named: number;
  unreadable: number;
  kept: number;
  pages: Set<number>;
}

/**
 * Puts letters in place of the placeholders of the lines' runs and rebuilds each line touched
 * (undefined when nothing of it is left). A glyph no title named is shown as unreadable (U+FFFD,
 * the replacement character) where it is a letter of a right-to-left script that the reader cannot
 * have (see `textWithLetters`): the character pdf.js gives, a Greek or Latin one, is none of the
 * text's, and leaving the glyph out would join the letters around it into a word the page does not
 * show, and shorten the line as its style is judged. It keeps pdf.js's character elsewhere
 * (a symbol font's bullet, read as a control code, still starts a list item). A run pdf.js read left
 * to right only because its glyphs were unreadable, and that now holds right-to-left letters only, is
 * turned into reading order (see `reversedStretches`).
 */
export function applyGlyphLetters(
  line: Line,
  letters: ReadonlyMap<string, string>,
  unmapped: UnmappedGlyphs,
  outcome: GlyphOutcome,
): Line | undefined {
  if (!line.runs.some((run) => placeholderPattern.test(run.text))) return line;
  const runs = line.runs.map((run) => runWithLetters(run, letters, unmapped, outcome)).filter((run) => run.text.trim() !== '');
  return runs.length === 0 ? undefined : { ...lineOf(runs), span: line.span };
}

function runWithLetters(run: TextRun, letters: ReadonlyMap<string, string>, unmapped: UnmappedGlyphs, outcome: GlyphOutcome): TextRun {
  if (!placeholderPattern.test(run.text)) return run;
  if (run.rtl || !readsRightToLeft(textWithLetters(run.text, letters, unmapped, undefined, false))) {
    return { ...run, text: textWithLetters(run.text, letters, unmapped, outcome, run.rtl) };
  }
  return { ...run, text: textWithLetters(reversedStretches(run.text), letters, unmapped, outcome, true), rtl: true };
}

/**
 * The text with each placeholder replaced (see `applyGlyphLetters`): a glyph no title named is
 * unreadable (U+FFFD) in right-to-left text (`rightToLeft`, a run of such letters), of the words of such letters in
 * other text, and wherever its font is a right-to-left face (most letters its map names are of such
 * a script: Amiri, XB Zar). Counts into `outcome` when given.
 */
export function textWithLetters(
  text: string,
  letters: ReadonlyMap<string, string>,
  unmapped: UnmappedGlyphs,
  outcome: GlyphOutcome | undefined,
  rightToLeft: boolean,
): string {
  const chars = [...text];
  return chars
    .map((char, index) => {
      if (!isPlaceholder(char)) return char;
      const named = letters.get(char);
      if (named !== undefined) {
        if (outcome) outcome.named++;
        return named;
      }
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
 * The document pass: names what the outline can name, puts letters in every line, picture label
 * and table cell that holds unmapped glyphs, and returns the warning that says what it did.
 */
export function nameUnmappedGlyphs(
  pages: readonly { pageNo: number; elements: PageElement[] }[],
  outline: readonly TitledPage[],
  unmapped: UnmappedGlyphs,
): string | undefined {
  const linesByPage = new Map(pages.map((page) => [page.pageNo, page.elements.flatMap(linesOfElement)]));
  const letters = glyphLettersFromOutline(linesByPage, outline, unmapped);
  const outcome: GlyphOutcome = { named: 0, unreadable: 0, kept: 0, pages: new Set() };
  for (const page of pages) {
    const before = outcome.named + outcome.unreadable + outcome.kept;
    const withLetters = (lines: readonly Line[]): Line[] =>
      lines.flatMap((line) => applyGlyphLetters(line, letters, unmapped, outcome) ?? []);
    page.elements = page.elements.flatMap((element): PageElement[] => {
      if (element.kind === 'line') return withLetters([element.line]).map((line) => ({ kind: 'line', line }));
      if (element.kind === 'picture') return [{ ...element, labels: withLetters(element.labels) }];
      for (const cell of element.table.cells) {
        cell.lines = withLetters(cell.lines);
        cell.text = textWithLetters(cell.text, letters, unmapped, undefined, false);
      }
      return [element];
    });
    if (outcome.named + outcome.unreadable + outcome.kept > before) outcome.pages.add(page.pageNo);
  }
  const total = outcome.named + outcome.unreadable + outcome.kept;
  if (total === 0) return undefined;
  const pagesNamed = [...outcome.pages].slice(0, maxPagesNamed).join(', ') + (outcome.pages.size > maxPagesNamed ? ', …' : '');
  return (
    `${total} glyph(s) on page(s) ${pagesNamed} have no Unicode mapping in their font: ${outcome.named} read from the ` +
    `outline's titles, ${outcome.unreadable} shown as unreadable (U+FFFD) in right-to-left text, ` +
    `${outcome.kept} kept as pdf.js reads them`
  );
}

const maxPagesNamed = 12;

function linesOfElement(element: PageElement): Line[] {
  if (element.kind === 'line') return [element.line];
  if (element.kind === 'picture') return element.labels;
  return element.table.cells.flatMap((cell) => cell.lines);
}
