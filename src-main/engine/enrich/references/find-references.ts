import type { ReferenceKind } from './reference-kinds';
import { hyphenatedLabel, LABEL_END, labelPattern, labelShape, normalizeLabel, type LabelShape } from './reference-labels';
import {
  CHINESE_ORDINAL_PATTERN,
  CHINESE_SECTION_PATTERN,
  chineseOrdinalKind,
  KIND_PATTERNS,
  LABEL_JOINER,
  TITLE_PATTERNS,
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
}

/** Labels one reference lists at most ("Figures 2, 3, 4 and 5"). */
const MAX_LISTED_LABELS = 12;
/** After a label at the start of a line: the separator of a caption or heading ("Table 2: ...", "Figure 3. ..."). */
const DEFINITION_SEPARATOR = /^[ \t\u00a0]*(?:[:：|\u2013\u2014]|\.(?!\d)|$)/u;
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
 * heading's separator defines its target and is left out. Sorted by start; none overlap.
 */
export function findReferences(text: string): FoundReference[] {
  const found: FoundReference[] = [];
  for (const { kind, pattern } of KIND_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const label = match[1]!;
      const labelEnd = match.index + match[0].length;
      const hyphenated = kind === 'page' || labelShape(label) !== 'number' ? undefined : hyphenatedLabel(text, labelEnd);
      const end = hyphenated?.end ?? labelEnd;
      if (definesTarget(text, match.index, end)) continue;
      const first = reference(text, kind, normalizeLabel(label), false, match.index, labelEnd);
      if (hyphenated) {
        const second = reference(text, kind, normalizeLabel(hyphenated.label), false, end - hyphenated.label.length, end);
        const compound = reference(text, kind, `${first.target}-${second.target}`, false, match.index, end);
        found.push({ ...compound, rangeReading: [first, second] });
      } else {
        found.push(first);
      }
      found.push(...listedLabels(text, kind, label, end));
    }
  }
  for (const match of text.matchAll(CHINESE_ORDINAL_PATTERN)) {
    const end = match.index + match[0].length;
    if (!definesTarget(text, match.index, end)) {
      found.push(reference(text, chineseOrdinalKind(match[2]!), normalizeLabel(match[1]!), false, match.index, end));
    }
  }
  for (const match of text.matchAll(CHINESE_SECTION_PATTERN)) {
    found.push(reference(text, 'section', normalizeLabel(match[1]!), false, match.index, match.index + match[0].length));
  }
  for (const { kind, pattern } of TITLE_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      found.push(reference(text, kind, match[1]!.trim(), true, match.index, match.index + match[0].length));
    }
  }
  return withoutOverlaps(found);
}

function reference(text: string, kind: ReferenceKind, target: string, byTitle: boolean, start: number, end: number): FoundReference {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const opensLine = text.slice(lineStart, start).trim() === '';
  const lineEnd = text.indexOf('\n', start);
  const lineOpened = opensLine ? text.slice(start, lineEnd < 0 ? text.length : lineEnd).trim() : undefined;
  return { text: text.slice(start, end), kind, target, byTitle, start, end, ...(lineOpened !== undefined ? { lineOpened } : {}) };
}

/** A label that opens its line and is followed by a caption's or heading's separator: "Table 2: Results". */
function definesTarget(text: string, start: number, labelEnd: number): boolean {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  if (!LINE_OPENING.test(text.slice(lineStart, start))) return false;
  const lineEnd = text.indexOf('\n', labelEnd);
  return DEFINITION_SEPARATOR.test(text.slice(labelEnd, lineEnd < 0 ? text.length : lineEnd));
}

/**
 * The labels listed after the first: "Tables 2 and 3", "pp. 12–14", "Eqs. (3), (4) and (5)". Only
 * labels of the first one's shape; a list joined by commas alone stops at its first comma ("in
 * Table 1, 20 samples..."), and a number much longer than the first is no label of the list
 * ("tableau 3 en 2019").
 */
function listedLabels(text: string, kind: ReferenceKind, first: string, from: number): FoundReference[] {
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
    listed.push({ reference: reference(text, kind, normalizeLabel(label), false, start, at), byComma: match[1]!.trim() === ',' });
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
