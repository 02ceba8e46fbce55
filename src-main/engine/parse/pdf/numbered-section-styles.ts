import { isHeading, type ClassifiedBlock, type ClassifiedLines } from './classify-block';
import type { BodyStyle } from './document-style';
import { isInCapitals, maxHeadingLines, readsAsHeading } from './headings';
import { joinLines } from './hyphenation';
import { endsInLeadersAndNumber } from './toc-entries';
import { isNextNumber } from './section-numbers';
import type { Line, TextRun } from './types';

/**
 * "2 Template Overview", "1. INTRODUCTION", "2.1 Template Styles", an appendix's "A.1 Part One": a section number of up to
 * four parts, then a title. A capital letter alone is no number ("A Tour of Git").
 */
const numberedTitle = /^(\d{1,2}(?:\.\d{1,2}){0,3}|\p{Lu}(?:\.\d{1,2}){1,3})\.?\s+(\p{L}.*)$/u;
/** An appendix's letter counts after every numbered section. */
const appendixBase = 1000;
const maxTitleLength = 100;
/** Larger than the body by this factor sets a line apart when weight does not (a sans face a point over a serif body). */
const minLargerRatio = 1.05;
/** A bold heading may be set a little smaller than the body (a sans face matched to the serif's x-height). */
const minBoldRatio = 0.85;
/** Sizes closer than this (points) are one style. */
const sizeTolerance = 0.3;
/** A style numbers sections when it holds this many numbered titles ... */
const minNumberedTitles = 3;
/** ... and this share of them continues the number before (the rest skip a level or follow a missed one). */
const minContinuedShare = 0.75;

interface Candidate {
  page: { blocks: ClassifiedBlock[] };
  block: ClassifiedLines;
  /** the block's leading lines in the heading's style */
  lines: Line[];
  number?: number[];
}

/**
 * Section headings set apart from the body by a face a little larger or bolder, but by less than a
 * heading is on style alone ("1 INTRODUCTION" in a sans face a point over the serif text, a bold sans
 * "1.1 Essential Initial Commands" smaller than the body), often read into the paragraph under them.
 * A style is a heading style when the numbered titles in it count on as section numbers do, in the
 * order of the pages (1, 2, 2.1, 2.2, 3, ...), never going back: a numbered list restarts at 1 and
 * a table's rows are set in the body's face or smaller. Its numbered titles, and its lone unnumbered
 * titles where it sets its titles in capitals ("REFERENCES"), become headings, split off the paragraph they lead; a
 * contents list's rows do not (dot leaders, runs of rows, titles a heading repeats). Changes the pages' blocks in place.
 */
export function promoteNumberedSectionStyles(pages: readonly { blocks: ClassifiedBlock[] }[], body: BodyStyle): void {
  const byStyle = new Map<string, Candidate[]>();
  for (const page of pages) {
    // a contents page lists the numbered titles of the sections in their style, led by dots to their page numbers
    if (page.blocks.some((block) => block.kind === 'lines' && block.lines.some((line) => endsInLeadersAndNumber(line.text)))) continue;
    for (const block of page.blocks) {
      const candidate = candidateOf(page, block, body);
      if (!candidate) continue;
      const key = styleKey(candidate.lines[0]!, body);
      const inStyle = byStyle.get(key);
      if (inStyle) inStyle.push(candidate);
      else byStyle.set(key, [candidate]);
    }
  }
  const rows = contentsRows(pages, byStyle);
  // A contents list names the sections again as their headings do: the title said by a heading elsewhere is one of its rows.
  const headingTexts = new Map<string, number>();
  for (const page of pages)
    for (const block of page.blocks) if (isHeading(block)) headingTexts.set(block.text, (headingTexts.get(block.text) ?? 0) + 1);
  const listed = (c: Candidate): boolean => (headingTexts.get(titleText(c)) ?? 0) > (c.block.label === 'heading' ? 1 : 0);
  for (const all of byStyle.values()) {
    const candidates = all.filter((candidate) => !rows.has(candidate.block) && !listed(candidate));
    const numbered = candidates.filter((c) => c.number);
    // A document's sections run over its pages: numbered titles all on one page of three or more list them (a slide's
    // outline); a paper of two pages may hold all its sections on its first.
    if (pages.length >= minSpreadPages && new Set(numbered.map((c) => c.page)).size < 2) continue;
    if (!countsSections(numbered.map((c) => c.number!))) continue;
    // Where the style sets its top titles in capitals, its unnumbered titles in capitals are sections left unnumbered
    // ("ABSTRACT", "REFERENCES"); in a style of mixed case an unnumbered line may be an author's name or a term.
    const topDepth = Math.min(...numbered.map((c) => c.number!.length));
    const top = numbered.filter((c) => c.number!.length === topDepth);
    const inCapitals = top.filter((c) => isInCapitals(titleOf(c))).length * 2 > top.length;
    for (const candidate of candidates) if (candidate.number || (inCapitals && isInCapitals(titleOf(candidate)))) promote(candidate);
  }
}

/** In a document of this many pages, numbered titles that head its sections stand on two pages at least. */
const minSpreadPages = 3;
/** A run of this many numbered lines of one style, with nothing between them, lists sections: a table of contents. */
const minContentsRows = 3;

/** The blocks of runs of numbered candidates of one style that follow each other on a page with no other block between. */
function contentsRows(pages: readonly { blocks: ClassifiedBlock[] }[], byStyle: ReadonlyMap<string, Candidate[]>): Set<ClassifiedBlock> {
  const styleOf = new Map<ClassifiedBlock, string>();
  for (const [key, candidates] of byStyle)
    for (const c of candidates) if (c.number && c.lines.length === c.block.lines.length) styleOf.set(c.block, key);
  const rows = new Set<ClassifiedBlock>();
  for (const page of pages) {
    const content = page.blocks.filter((block) => block.kind !== 'lines' || !['page_header', 'page_footer'].includes(block.label));
    let run: ClassifiedBlock[] = [];
    const close = (): void => {
      if (run.length >= minContentsRows) for (const block of run) rows.add(block);
      run = [];
    };
    for (const block of content) {
      const key = styleOf.get(block);
      if (key === undefined || (run.length > 0 && styleOf.get(run[0]!) !== key)) close();
      if (key !== undefined) run.push(block);
    }
    close();
  }
  return rows;
}

function candidateOf(page: { blocks: ClassifiedBlock[] }, block: ClassifiedBlock, body: BodyStyle): Candidate | undefined {
  if (block.kind !== 'lines' || !['text', 'list_item', 'heading'].includes(block.label)) return undefined;
  const first = block.lines[0]!;
  if (first.monospace || !setApart(first, body)) return undefined;
  const lines = leadingLinesInStyle(block.lines, apartByFamilyAlone(first, body));
  if (lines.length > maxHeadingLines) return undefined;
  const text = joinLines(lines.map((line) => line.text)).trim();
  const match = numberedTitle.exec(text);
  if (match) {
    const title = match[2]!;
    const number = match[1]!.split('.').map(partValue);
    // A subsection may ask its question ("11.5.2 How do I change the colors?", a manual's FAQ); a question numbered at one
    // level alone is as often a questionnaire's item.
    const question = number.length >= 2 && title.endsWith('?');
    if (title.length > maxTitleLength || (/[.,;:!?]$/u.test(title) && !question)) return undefined;
    return { page, block, lines, number };
  }
  // An unnumbered title in the style is one line alone or over its paragraph: "References", "Acknowledgments".
  if (lines.length !== 1 || /^\P{L}/u.test(text) || text.length > maxTitleLength / 2 || !readsAsHeading(lines, text, body))
    return undefined;
  return { page, block, lines };
}

/**
 * Bolder than the body, set in small capitals (as the AMS classes set their sections), upright in a family of its own
 * (a sans face over a serif body: TUGboat's "2.1 Strings of PDF format" in Helvetica over Times), or larger by a step
 * too small to read as a heading on size alone.
 */
function setApart(line: Line, body: BodyStyle): boolean {
  const inLineFace = (run: TextRun): boolean => run.bold === line.bold && (run.smallCaps === true) === (line.smallCaps === true);
  if (line.runs.some((run) => /\p{L}/u.test(run.text) && !inLineFace(run))) return false;
  if ((line.bold && !body.bold) || line.smallCaps || inFamilyOfItsOwn(line, body)) return line.fontSize >= body.fontSize * minBoldRatio;
  return line.fontSize >= body.fontSize * minLargerRatio;
}

function inFamilyOfItsOwn(line: Line, body: BodyStyle): boolean {
  return line.family !== undefined && body.family !== undefined && line.family !== body.family && !line.italic && !line.math;
}

/** Set apart from the body by its face's family and nothing else: neither bolder, in small capitals nor larger. */
function apartByFamilyAlone(line: Line, body: BodyStyle): boolean {
  return !line.bold && !line.smallCaps && line.fontSize < body.fontSize * minLargerRatio && inFamilyOfItsOwn(line, body);
}

/**
 * The block's first lines set in the first line's style; what follows in another style is the text they head. A title
 * set apart by its family alone ends where that family does.
 */
function leadingLinesInStyle(lines: readonly Line[], byFamily: boolean): Line[] {
  const first = lines[0]!;
  const end = lines.findIndex(
    (line) =>
      Math.abs(line.fontSize - first.fontSize) > sizeTolerance || line.bold !== first.bold || (byFamily && line.family !== first.family),
  );
  return lines.slice(0, end < 0 ? lines.length : end);
}

function titleText(candidate: Candidate): string {
  return joinLines(candidate.lines.map((line) => line.text)).trim();
}

function titleOf(candidate: Candidate): string {
  return candidate.number ? titleText(candidate).replace(/^\S+\s+/u, '') : titleText(candidate);
}

function partValue(part: string): number {
  return /^\d+$/.test(part) ? Number(part) : appendixBase + part.codePointAt(0)!;
}

/** Size, weight, small capitals, and the family where it alone sets the line apart: a style in another family is another style. */
function styleKey(line: Line, body: BodyStyle): string {
  const family = apartByFamilyAlone(line, body) ? line.family : '';
  return `${Math.round(line.fontSize / sizeTolerance)}|${line.bold ? 1 : 0}|${line.smallCaps ? 1 : 0}|${family}`;
}

/** Numbers that only go forward, most of them the next section number after the one before. */
function countsSections(numbers: readonly number[][]): boolean {
  if (numbers.length < minNumberedTitles) return false;
  let continued = 0;
  for (let i = 1; i < numbers.length; i++) {
    if (compareNumbers(numbers[i]!, numbers[i - 1]!) <= 0) return false;
    if (isNextNumber(numbers[i - 1]!, numbers[i]!)) continued++;
  }
  return continued >= minContinuedShare * (numbers.length - 1);
}

function compareNumbers(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

function promote(candidate: Candidate): void {
  const { page, block, lines } = candidate;
  if (block.label === 'heading') return;
  const heading: ClassifiedLines = { kind: 'lines', label: 'heading', text: titleText(candidate), lines };
  const rest = block.lines.slice(lines.length);
  const replaced: ClassifiedBlock[] =
    rest.length === 0
      ? [heading]
      : [heading, { kind: 'lines', label: 'text', text: joinLines(rest.map((line) => line.text)), lines: rest }];
  page.blocks.splice(page.blocks.indexOf(block), 1, ...replaced);
}
