import type { Chunk } from '../../../../src-shared/chunk';
import { resolveRef } from '../../ir/resolve';
import type { DoclingDocument, TextItem } from '../../ir/types';
import { findReferences, type FoundReference } from './find-references';
import { cueOf, HAN_PATTERNS } from './reference-patterns';
import type { ReferenceKind } from './reference-kinds';
import { LETTER, NUMBER, ROMAN, normalizeLabel, withoutSubLabel } from './reference-labels';

/**
 * Where the targets of a document's references are, read from the document and its chunks: sections,
 * chapters and appendices by the number or letter their heading begins with (or its title),
 * tables and figures by the number their caption begins with, equations by the number they end
 * with, pages by the page numbers printed in the page headers and footers (the PDF's own page
 * order where none are).
 */
export interface ReferenceTargets {
  /** The ids of the chunks holding the target, in document order; empty when it is not in the document. */
  chunksOf(reference: FoundReference): string[];
  /** Whether a line is a heading or caption of the document (a reference opening it names its own target). */
  definesTarget(line: string): boolean;
}

interface HeadingIndex {
  byLabel: Map<string, HeadingTarget[]>;
  byTitle: Map<string, HeadingTarget[]>;
  /** By a label no heading has, the first heading below it: "3" → "3.1" where the chapter's own heading was not read as one. */
  firstSubsection: Map<string, HeadingTarget>;
}

interface HeadingTarget {
  /** A table of contents entry parsed as a heading: "3 Methods . . . . 12". */
  tableOfContents: boolean;
  /** The kind its own word names ("Appendix B ..."), if it has one. */
  namedKind?: ReferenceKind;
  chunkIds: readonly string[];
}

/** Dot leaders and the page number after them: a table of contents line. */
const LEADERS = /(?:[ \t\u00a0]*[.\u2024\u2026·]){3,}[ \t\u00a0]*\S{0,8}$/u;
/** A heading that begins with a bare label: "3.2 Methods", "3.2. Methods", "A.1 Tables", "B. Proofs", "IV) Results". */
const BARE_HEADING_LABEL = new RegExp(
  `^(?:(${NUMBER})[.:)]?|(${LETTER.replace('{0,5}', '{1,5}')})|(${LETTER}|${ROMAN})[.:)])(?=[\\s\\u00a0]|$)`,
  'u',
);
/** A formula's number at the end of its line: "E = mc^2   (3)". */
const EQUATION_NUMBER = new RegExp(`[(\\uff08][ \\t]?(${NUMBER}[a-z]?)[ \\t]?[)\\uff09][ \\t]*$`, 'u');
const MATHEMATICAL = /[=<>≤≥≈≠∑∏∫√∂∇±×÷→]/u;
/** A page header or footer that is a page number: "12", "- 12 -", "12 / 300", "Page 12". */
const PRINTED_PAGE_NUMBER = /^(?:[^\p{L}\p{N}]*|\p{L}{2,10}\.?[ \t\u00a0]+)(\d{1,5})(?:[ \t\u00a0]*\/[ \t\u00a0]*\d{1,5})?[^\p{L}\p{N}]*$/u;
/** Characters of the longest line read as a heading in a chunk's text. */
const MAX_HEADING_LINE = 120;
/** Characters of a text read for the label a caption opens with. */
const CAPTION_OPENING = 60;
const HEADING_KINDS: ReadonlySet<ReferenceKind> = new Set(['section', 'chapter', 'appendix']);
const CAPTION_KINDS: ReadonlySet<ReferenceKind> = new Set(['table', 'figure']);

/** `found`: by chunk, what `findReferences` found in its text (the captions it defines count as targets). */
export function referenceTargets(
  doc: DoclingDocument,
  chunks: readonly Chunk[],
  found: ReadonlyArray<readonly FoundReference[]>,
): ReferenceTargets {
  const chunkIdsByItem = new Map<string, string[]>();
  for (const chunk of chunks) {
    for (const item of new Set(chunk.docItems)) pushTo(chunkIdsByItem, item, chunk.id);
  }
  const definitionLines = new Set<string>();
  const headings = headingTargets(doc, chunks, chunkIdsByItem, definitionLines);
  const headingLines = headingLinesInText(chunks);
  const captions = captionTargets(doc, chunkIdsByItem, definitionLines);
  // A caption line inside a paragraph (plain text, a caption the parse did not set apart) holds its target too.
  for (const [index, references] of found.entries()) {
    for (const reference of references) {
      if (reference.defines && CAPTION_KINDS.has(reference.kind))
        addUnique(captions, `${reference.kind}\u0000${reference.target}`, chunks[index]!.id);
    }
  }
  const equations = equationTargets(doc, chunkIdsByItem);
  const pages = pageTargets(doc, chunks);

  return {
    definesTarget: (line) => definitionLines.has(normalizeTitle(line)),
    chunksOf(reference) {
      if (reference.byTitle) return headingChunks(headings.byTitle.get(normalizeTitle(reference.target)), reference.kind);
      if (HEADING_KINDS.has(reference.kind)) {
        const chunkIds = headingChunks(headings.byLabel.get(reference.target), reference.kind);
        if (chunkIds.length > 0) return chunkIds;
        return headingLines.get(reference.target) ?? headings.firstSubsection.get(reference.target)?.chunkIds.slice() ?? [];
      }
      if (reference.kind === 'page') return pages(Number(reference.target));
      const targets = reference.kind === 'equation' ? equations : captions;
      const key = (label: string) => `${reference.kind}\u0000${label}`;
      const found = targets.get(key(reference.target));
      const parent = withoutSubLabel(reference.target);
      return found ?? (parent === undefined ? undefined : targets.get(key(parent))) ?? [];
    },
  };
}

/** The chunks of the headings that carry a label, leaving out table of contents entries and, for an appendix, headings named otherwise. */
function headingChunks(candidates: readonly HeadingTarget[] | undefined, kind: ReferenceKind): string[] {
  if (!candidates) return [];
  let chosen = candidates.filter((heading) => heading.chunkIds.length > 0);
  const inBody = chosen.filter((heading) => !heading.tableOfContents);
  if (inBody.length > 0) chosen = inBody;
  const namedAsReferenced = chosen.filter((heading) => heading.namedKind === kind);
  if (namedAsReferenced.length > 0) chosen = namedAsReferenced;
  return [...new Set(chosen.flatMap((heading) => heading.chunkIds))];
}

function headingTargets(
  doc: DoclingDocument,
  chunks: readonly Chunk[],
  chunkIdsByItem: ReadonlyMap<string, string[]>,
  definitionLines: Set<string>,
): HeadingIndex {
  // A section's chunks: those whose deepest heading it is; a section that opens with a subsection
  // has none, and its first chunk stands for it.
  const ownChunks = new Map<string, string[]>();
  const firstChunk = new Map<string, string>();
  for (const chunk of chunks) {
    const path = chunk.headingPath.map(normalizeTitle);
    if (path.length > 0) pushTo(ownChunks, path.at(-1)!, chunk.id);
    for (const heading of path) if (!firstChunk.has(heading)) firstChunk.set(heading, chunk.id);
  }
  const byLabel = new Map<string, HeadingTarget[]>();
  const byTitle = new Map<string, HeadingTarget[]>();
  const firstSubsection = new Map<string, HeadingTarget>();
  for (const item of doc.texts) {
    if ((item.label !== 'section_header' && item.label !== 'title') || item.content_layer === 'furniture') continue;
    const text = normalizeTitle(item.text);
    definitionLines.add(text);
    const holding = [...(ownChunks.get(text) ?? []), ...(chunkIdsByItem.get(item.self_ref) ?? [])];
    const first = firstChunk.get(text);
    const chunkIds = holding.length > 0 ? [...new Set(holding)] : first ? [first] : [];
    const tableOfContents = LEADERS.test(item.text.trim());
    const label = headingLabel(item.text.trim().replace(LEADERS, ''));
    const target: HeadingTarget = { tableOfContents, chunkIds, ...(label?.namedKind ? { namedKind: label.namedKind } : {}) };
    if (label) pushTo(byLabel, label.label, target);
    pushTo(byTitle, normalizeTitle(label ? label.title : item.text.replace(LEADERS, '')), target);
    if (!label || tableOfContents || chunkIds.length === 0) continue;
    for (let dot = label.label.lastIndexOf('.'); dot > 0; dot = label.label.lastIndexOf('.', dot - 1)) {
      const parent = label.label.slice(0, dot);
      if (!firstSubsection.has(parent)) firstSubsection.set(parent, target);
    }
  }
  return { byLabel, byTitle, firstSubsection };
}

/**
 * Headings the parse read as text, by the label their line begins with: a line of a chunk that
 * opens with a numbered label of two levels or more ("3.4.6 Options"), or with a kind's word and a
 * label ("Capítulo 5", "第 3 章"), and is short as a heading is. A bare "1." opens list items too, so it is not read.
 */
function headingLinesInText(chunks: readonly Chunk[]): Map<string, string[]> {
  const lines = new Map<string, string[]>();
  for (const chunk of chunks) {
    for (const line of chunk.text.split('\n')) {
      const trimmed = line.trim();
      if (trimmed.length === 0 || trimmed.length > MAX_HEADING_LINE || !mayOpenWithLabel(trimmed)) continue;
      const label = headingLabel(trimmed);
      if (!label || (!label.namedKind && !label.label.includes('.')) || !/\p{L}/u.test(label.title + (label.namedKind ?? ''))) continue;
      const ids = lines.get(label.label);
      if (ids?.at(-1) !== chunk.id) pushTo(lines, label.label, chunk.id);
    }
  }
  return lines;
}

/** The label a heading begins with, the kind its word names, and its title after them. */
function headingLabel(heading: string): { label: string; namedKind?: ReferenceKind; title: string } | undefined {
  const [first] = findReferences(heading);
  if (first?.start === 0 && !first.byTitle && HEADING_KINDS.has(first.kind)) {
    return { label: first.target, namedKind: first.kind, title: titleAfter(heading, first.text) };
  }
  const bare = BARE_HEADING_LABEL.exec(heading);
  if (!bare) return undefined;
  return { label: normalizeLabel(bare[1] ?? bare[2] ?? bare[3]!), title: titleAfter(heading, bare[0]) };
}

function titleAfter(heading: string, label: string): string {
  return heading.slice(label.length).replace(/^[\s\u00a0.:)\u2013\u2014-]+/u, '');
}

/**
 * Tables and figures by the kind and label their caption begins with ("Table 2:", "Fig. 3.", "Abbildung 4 –",
 * "表 1"), whatever the item's own label says (a table drawn as a picture is still "Table 2"). A
 * text that is no caption item counts when its label is followed by a caption's separator.
 */
function captionTargets(
  doc: DoclingDocument,
  chunkIdsByItem: ReadonlyMap<string, string[]>,
  definitionLines: Set<string>,
): Map<string, string[]> {
  const targets = new Map<string, string[]>();
  const add = (caption: string, anySeparator: boolean, items: readonly string[]) => {
    const label = captionLabel(caption, anySeparator);
    if (!label) return;
    definitionLines.add(normalizeTitle(caption));
    for (const item of items) for (const id of chunkIdsByItem.get(item) ?? []) addUnique(targets, `${label.kind}\u0000${label.label}`, id);
  };
  const captionItems = new Set<string>();
  for (const floating of [...doc.tables, ...doc.pictures]) {
    for (const ref of floating.captions) {
      const caption = resolveRef(doc, ref);
      if (!caption || !('text' in caption)) continue;
      captionItems.add(caption.self_ref);
      add(caption.text, true, [floating.self_ref, caption.self_ref]);
    }
  }
  for (const item of doc.texts) {
    if (captionItems.has(item.self_ref) || item.content_layer === 'furniture') continue;
    add(item.text, item.label === 'caption', [item.self_ref]);
  }
  return targets;
}

function captionLabel(caption: string, anySeparator: boolean): { kind: ReferenceKind; label: string } | undefined {
  // A caption's label opens it: the rest of a long text is not read.
  const opening = caption.trim().slice(0, CAPTION_OPENING);
  if (!mayOpenWithLabel(opening)) return undefined;
  const [first] = findReferences(opening);
  if (first?.start !== 0 || !CAPTION_KINDS.has(first.kind) || (!anySeparator && !first.defines)) return undefined;
  return { kind: first.kind, label: first.target };
}

/** Equations by the number at the end of a formula's line, or of a text line that is mathematics ("x = y + 1  (3)"). */
function equationTargets(doc: DoclingDocument, chunkIdsByItem: ReadonlyMap<string, string[]>): Map<string, string[]> {
  const targets = new Map<string, string[]>();
  for (const item of doc.texts) {
    if (item.content_layer === 'furniture' || !chunkIdsByItem.has(item.self_ref)) continue;
    for (const label of equationLabels(item)) {
      for (const id of chunkIdsByItem.get(item.self_ref)!) pushTo(targets, `equation\u0000${label}`, id);
    }
  }
  return targets;
}

function equationLabels(item: TextItem): string[] {
  const labels: string[] = [];
  for (const line of item.text.split('\n')) {
    const match = EQUATION_NUMBER.exec(line);
    if (match && (item.label === 'formula' || MATHEMATICAL.test(line.slice(0, match.index)))) labels.push(normalizeLabel(match[1]!));
  }
  return labels;
}

/**
 * Chunks by page. A page number printed in the page headers or footers ("12", "- 12 -") names the
 * page it is printed on; a number printed on no page is placed by the printed number nearest to it
 * (front matter shifts the whole body alike). A document without printed numbers is referred to by
 * its own page order.
 */
function pageTargets(doc: DoclingDocument, chunks: readonly Chunk[]): (page: number) => string[] {
  const chunkIdsByPage = new Map<number, string[]>();
  for (const chunk of chunks) {
    if (chunk.pageStart === null || chunk.pageEnd === null) continue;
    for (let page = chunk.pageStart; page <= chunk.pageEnd; page++) pushTo(chunkIdsByPage, page, chunk.id);
  }
  const printed = printedPageNumbers(doc);
  const printedNumbers = [...printed.keys()];
  return (page) => {
    let physical = page;
    if (printedNumbers.length > 0) {
      const nearest = printedNumbers.reduce((best, candidate) => (Math.abs(candidate - page) < Math.abs(best - page) ? candidate : best));
      physical = printed.get(nearest)! + (page - nearest);
    }
    return chunkIdsByPage.get(physical) ?? [];
  };
}

/** Printed page number → the page it is printed on, from page headers and footers; a number printed on two pages is no page number. */
function printedPageNumbers(doc: DoclingDocument): Map<number, number> {
  const pages = new Map<number, number>();
  const ambiguous = new Set<number>();
  for (const item of doc.texts) {
    if (item.label !== 'page_header' && item.label !== 'page_footer') continue;
    const match = PRINTED_PAGE_NUMBER.exec(item.text.trim());
    const page = item.prov[0]?.page_no;
    if (!match || page === undefined) continue;
    const printed = Number(match[1]);
    if (pages.has(printed) && pages.get(printed) !== page) ambiguous.add(printed);
    pages.set(printed, page);
  }
  for (const printed of ambiguous) pages.delete(printed);
  return pages;
}

/** A cheap test before `headingLabel`: the line opens with a digit, `第`, or a word that names a kind. */
function mayOpenWithLabel(line: string): boolean {
  if (/^[\d第]/u.test(line)) return true;
  const word = /^[^\s\d]+/u.exec(line)?.[0];
  return word !== undefined && (cueOf(word) !== undefined || HAN_PATTERNS.some(({ pattern }) => matchesAtStart(pattern, line)));
}

function matchesAtStart(pattern: RegExp, text: string): boolean {
  pattern.lastIndex = 0;
  const match = pattern.exec(text.slice(0, 12));
  pattern.lastIndex = 0;
  return match?.index === 0;
}

/** Case, spacing and quotes aside: how a heading, caption or quoted title is compared. */
function normalizeTitle(text: string): string {
  return text
    .replace(/[“”"«»„‘’'「」『』]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim()
    .toLowerCase();
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function addUnique<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}
