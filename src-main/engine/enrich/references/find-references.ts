import type { ReferenceKind } from './reference-kinds';
import { hyphenatedLabel, LABEL_END, labelPattern, labelShape, normalizeLabel, type LabelShape } from './reference-labels';
import {
  CHINESE_ORDINAL_PATTERN,
  CHINESE_SECTION_PATTERN,
  chineseOrdinalKind,
  CUE_WORD,
  cueOf,
  HAN_PATTERNS,
  LABEL_AFTER_CUE,
  LABEL_JOINER,
  TITLE_AFTER_CUE,
} from './reference-patterns';

/** A reference as written in a text, before it is resolved: `[start, end)` in UTF-16 units of the text. */
export interface FoundReference {
  text: string;
  kind: ReferenceKind;
  /** The normalised label ("3.2", "B", "12"), or the title for a reference by title. */
  target: string;
  byTitle: boolean;
  start: number;
  end: number;
  /**
   * The line the reference begins, when it begins it: a heading or caption repeated in a chunk's
   * text ("Table 2 Results") names its own target, and the step drops it when the line is one.
   */
  lineOpened?: string;
  /**
   * For "Figure 7-26": the same words read as a range, "Figure 7" to "26". Handbooks number
   * figures by chapter with a hyphen, other documents join a range with one; the document's own
   * captions and headings tell which (`rangeReading` is used when no target is labelled "7-26").
   */
  rangeReading?: FoundReference[];
  /**
   * A caption or heading naming its own target ("Table 2: Results" opening a line): no reference,
   * but where the target is when the parse did not make the line an item of its own.
   */
  defines?: boolean;
}

/** Labels one reference lists at most ("Figures 2, 3, 4 and 5"). */
const MAX_LISTED_LABELS = 12;
/** After a label at the start of a line: the separator of a caption or heading ("Table 2: ...", "Figure 3. ..."). */
const DEFINITION_SEPARATOR = /^[ \t\u00a0]*(?:[:：|\u2013\u2014]|\.(?!\d)|$)/u;
const WORD_CHARACTER = /[\p{L}\p{N}_]/u;
const HEADING_KINDS: ReadonlySet<ReferenceKind> = new Set(['section', 'chapter', 'appendix']);
/** A one-letter abbreviation ("п.", "S.") before a letter is a person's initials ("П. А. Иванов"), not a reference. */
const INITIAL = /^\p{L}\.\s*$/u;
/** A year, as a citation gives it: 1600 to 2099, not part of a longer number or a version. */
const YEAR = /(?<![\d.,])(?:1[6-9]\d\d|20\d\d)(?![\d.,]\d)/u;
/** How far before and after a page reference a citation's year stands ("Proc. ACM, 2004, pp. 105–115"). */
const CITATION_BEFORE = 120;
const CITATION_AFTER = 80;
/** Characters a line may open with before a caption or heading (a list marker). */
const MAX_LINE_OPENING = 16;
/** What may stand before a caption or heading on its line: spaces, a list marker ("- ", "1. ", "a) "). */
const LINE_OPENING = /^[ \t\u00a0]*(?:(?:[-*•\u2013]|\d{1,3}(?:\.\d{1,3})*[.)]|[a-z][.)])[ \t\u00a0]+){0,2}$/u;

const joinedLabelPatterns = new Map<LabelShape, RegExp>(
  (['number', 'letter', 'roman', 'parenthesised'] as const).map((shape) => [
    shape,
    new RegExp(`(${LABEL_JOINER})(${labelPattern(shape)})${LABEL_END}`, 'uy'),
  ]),
);

/**
 * The intra-document references in a text: "see Section 3.2", "Tables 2 and 3", "Fig. 2b",
 * "Appendix B", "Eq. (3)", "§ 4", "p. 12", "Abschnitt 3.2", "рис. 2", "表 2", "第 3 章", "الجدول ٢",
 * and sections named by a quoted title. A reference that lists several labels gives one reference
 * each, the first with the kind's word. A label at the start of a line followed by a caption's or
 * heading's separator defines its target and is marked `defines`. Sorted by start; none overlap.
 */
export function findReferences(text: string): FoundReference[] {
  const lines = new LineBounds(text);
  const reference = (kind: ReferenceKind, target: string, byTitle: boolean, start: number, end: number) =>
    referenceAt(text, lines, kind, target, byTitle, start, end);
  const found: FoundReference[] = [];
  const labelled = (kind: ReferenceKind, cue: string, label: string, start: number, labelEnd: number) => {
    if (labelShape(label) !== 'number' && INITIAL.test(cue)) return;
    const hyphenated = kind === 'page' || labelShape(label) !== 'number' ? undefined : hyphenatedLabel(text, labelEnd);
    const end = hyphenated?.end ?? labelEnd;
    if (kind === 'page' && citesAnotherWork(text, start, end)) return;
    const first = reference(kind, normalizeLabel(label), false, start, labelEnd);
    if (definesTarget(text, lines, start, end)) {
      const target = hyphenated ? `${first.target}-${normalizeLabel(hyphenated.label)}` : first.target;
      found.push({ ...reference(kind, target, false, start, end), defines: true });
      return;
    }
    if (hyphenated) {
      const second = reference(kind, normalizeLabel(hyphenated.label), false, end - hyphenated.label.length, end);
      const compound = reference(kind, `${first.target}-${second.target}`, false, start, end);
      found.push({ ...compound, rangeReading: [first, second] });
    } else {
      found.push(first);
    }
    found.push(...listedLabels(text, kind, label, end, reference));
  };

  for (const word of text.matchAll(CUE_WORD)) {
    const cue = cueOf(word[0]);
    // Not inside a word: "Subsection 3" is no "section 3", "Stable 4" no "table 4".
    if (!cue || (word.index > 0 && WORD_CHARACTER.test(text[word.index - 1]!))) continue;
    const cueEnd = word.index + cue.length;
    const label = stickyMatch(LABEL_AFTER_CUE[cue.kind], text, cueEnd);
    if (label) {
      labelled(cue.kind, text.slice(word.index, cueEnd), label[1]!, word.index, cueEnd + label[0].length);
      continue;
    }
    const title = HEADING_KINDS.has(cue.kind) ? stickyMatch(TITLE_AFTER_CUE, text, cueEnd) : undefined;
    if (title) found.push(reference(cue.kind, title[1]!.trim(), true, word.index, cueEnd + title[0].length));
  }
  for (const { kind, pattern } of HAN_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      labelled(kind, match[0].slice(0, -match[1]!.length), match[1]!, match.index, match.index + match[0].length);
    }
  }
  for (const match of text.matchAll(CHINESE_ORDINAL_PATTERN)) {
    const end = match.index + match[0].length;
    const defines = definesTarget(text, lines, match.index, end);
    found.push({
      ...reference(chineseOrdinalKind(match[2]!), normalizeLabel(match[1]!), false, match.index, end),
      ...(defines ? { defines } : {}),
    });
  }
  for (const match of text.matchAll(CHINESE_SECTION_PATTERN)) {
    found.push(reference('section', normalizeLabel(match[1]!), false, match.index, match.index + match[0].length));
  }
  return withoutOverlaps(found);
}

type MakeReference = (kind: ReferenceKind, target: string, byTitle: boolean, start: number, end: number) => FoundReference;

function referenceAt(
  text: string,
  lines: LineBounds,
  kind: ReferenceKind,
  target: string,
  byTitle: boolean,
  start: number,
  end: number,
): FoundReference {
  const lineStart = lines.startOf(start);
  const opensLine = start - lineStart <= MAX_LINE_OPENING && text.slice(lineStart, start).trim() === '';
  const lineOpened = opensLine ? text.slice(start, lines.endOf(start)).trim() : undefined;
  return { text: text.slice(start, end), kind, target, byTitle, start, end, ...(lineOpened !== undefined ? { lineOpened } : {}) };
}

/** A label that opens its line and is followed by a caption's or heading's separator: "Table 2: Results". */
function definesTarget(text: string, lines: LineBounds, start: number, labelEnd: number): boolean {
  const lineStart = lines.startOf(start);
  if (start - lineStart > MAX_LINE_OPENING || !LINE_OPENING.test(text.slice(lineStart, start))) return false;
  return DEFINITION_SEPARATOR.test(text.slice(labelEnd, lines.endOf(labelEnd)));
}

/** Where the line holding an offset starts and ends, from the text's line breaks found once. */
class LineBounds {
  private readonly breaks: number[] = [];

  constructor(private readonly text: string) {
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) this.breaks.push(at);
  }

  startOf(offset: number): number {
    const index = this.firstBreakAtOrAfter(offset);
    return index === 0 ? 0 : this.breaks[index - 1]! + 1;
  }

  endOf(offset: number): number {
    return this.breaks[this.firstBreakAtOrAfter(offset)] ?? this.text.length;
  }

  private firstBreakAtOrAfter(offset: number): number {
    let low = 0;
    let high = this.breaks.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.breaks[middle]! < offset) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/**
 * A page reference with a year close to it is a bibliography's: the pages of another work
 * ("Journal of X. 2005. Vol. 3. С. 141–148"), not of this document.
 */
function citesAnotherWork(text: string, start: number, end: number): boolean {
  return YEAR.test(text.slice(Math.max(0, start - CITATION_BEFORE), start)) || YEAR.test(text.slice(end, end + CITATION_AFTER));
}

/**
 * The labels listed after the first: "Tables 2 and 3", "pp. 12–14", "Eqs. (3), (4) and (5)". Only
 * labels of the first one's shape; a list joined by commas alone stops at its first comma ("in
 * Table 1, 20 samples..."), and a number much longer than the first is no label of the list
 * ("tableau 3 en 2019").
 */
function listedLabels(text: string, kind: ReferenceKind, first: string, from: number, reference: MakeReference): FoundReference[] {
  const shape = labelShape(first);
  const pattern = joinedLabelPatterns.get(shape)!;
  const listed: Array<{ reference: FoundReference; byComma: boolean }> = [];
  let at = from;
  while (listed.length < MAX_LISTED_LABELS) {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match) break;
    const label = match[2]!;
    if (shape === 'number' && digitCount(label) > digitCount(first) + 1) break;
    const start = match.index + match[1]!.length;
    at = start + label.length;
    listed.push({ reference: reference(kind, normalizeLabel(label), false, start, at), byComma: match[1]!.trim() === ',' });
  }
  const lastJoinedByWord = listed.findLastIndex((entry) => !entry.byComma);
  return listed.slice(0, lastJoinedByWord + 1).map((entry) => entry.reference);
}

function digitCount(label: string): number {
  return normalizeLabel(label).replace(/\D/g, '').length;
}

function withoutOverlaps(found: FoundReference[]): FoundReference[] {
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: FoundReference[] = [];
  for (const candidate of found) {
    const last = kept.at(-1);
    if (!last || candidate.start >= last.end) kept.push(candidate);
  }
  return kept;
}

function stickyMatch(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}
