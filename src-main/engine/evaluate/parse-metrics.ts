import { isGroup, resolveRef } from '../ir/resolve';
import { iterateItems } from '../ir/iterate';
import type { DoclingDocument, NodeItem, PictureItem, TableItem, TextItem } from '../ir/types';
import { boxesOf } from '../chunk/build-chunk';

/**
 * Parse-quality metrics comparing a candidate DoclingDocument with a reference (e.g. Docling's
 * groundtruth). Only the body layer counts: furniture differs legitimately between parsers.
 * Texts are compared after `normalizeText` so quote styles, case and spacing do not matter.
 */

export interface F1Score {
  precision: number;
  recall: number;
  f1: number;
  /** items in the reference / candidate */
  reference: number;
  candidate: number;
}

export function normalizeText(text: string): string {
  return wordsOf(text).join(' ');
}

/** Lower-cased letter/digit runs; typographic variants folded so `don’t` equals `don't`. */
export function wordsOf(text: string): string[] {
  const folded = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'");
  return folded.match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
}

/** Heading F1 over (text, level) pairs; a title counts as level 0. */
export function headingF1(reference: DoclingDocument, candidate: DoclingDocument): F1Score {
  const keys = (doc: DoclingDocument): string[] =>
    bodyTexts(doc)
      .filter((t) => t.label === 'title' || t.label === 'section_header')
      .map((t) => `${t.label === 'title' ? 0 : (t.level ?? 1)}|${normalizeText(t.text)}`);
  return multisetF1(keys(reference), keys(candidate));
}

/** List-item F1 over item texts (an empty list item takes the text of its inline children). */
export function listItemF1(reference: DoclingDocument, candidate: DoclingDocument): F1Score {
  const keys = (doc: DoclingDocument): string[] =>
    bodyTexts(doc)
      .filter((t) => t.label === 'list_item')
      .map((t) => normalizeText(displayText(doc, t)))
      .filter((k) => k !== '');
  return multisetF1(keys(reference), keys(candidate));
}

/** Table-cell F1 over the non-empty cell texts of all body tables. */
export function tableCellF1(reference: DoclingDocument, candidate: DoclingDocument): F1Score {
  const keys = (doc: DoclingDocument): string[] =>
    bodyTables(doc)
      .flatMap((t) => t.data.table_cells.map((c) => normalizeText(c.text)))
      .filter((k) => k !== '');
  return multisetF1(keys(reference), keys(candidate));
}

/** Share of the reference's body words (as a multiset) that the candidate also has. */
export function textCoverage(reference: DoclingDocument, candidate: DoclingDocument): number {
  return multisetCoverage(bodyWordSequence(reference), bodyWordSequence(candidate));
}

/** Share of `wanted` (a multiset) that `have` holds; 1 when `wanted` is empty. */
export function multisetCoverage(wanted: readonly string[], have: readonly string[]): number {
  return sharedShare(countWords(wanted), countWords(have), 1);
}

/**
 * Order agreement of the body texts both documents share: 2·LCS / (n + m) over the sequences of
 * normalized item texts. 1 means the same items in the same order.
 */
export function readingOrderSimilarity(reference: DoclingDocument, candidate: DoclingDocument): number {
  const sequence = (doc: DoclingDocument): string[] =>
    bodyTexts(doc)
      .map((t) => normalizeText(t.text))
      .filter((k) => k !== '');
  const a = sequence(reference);
  const b = sequence(candidate);
  if (a.length + b.length === 0) return 1;
  return (2 * longestCommonSubsequence(a, b)) / (a.length + b.length);
}

/** Heading F1 over texts alone: for parsers (PDF) whose heading levels are not comparable with the reference's. */
export function headingTextF1(reference: DoclingDocument, candidate: DoclingDocument): F1Score {
  const keys = (doc: DoclingDocument): string[] =>
    bodyTexts(doc)
      .filter((t) => t.label === 'title' || t.label === 'section_header')
      .map((t) => normalizeText(t.text));
  return multisetF1(keys(reference), keys(candidate));
}

/**
 * Tables matched one to one, by content rather than position so that it works for every format:
 * a reference table is found when a not yet matched candidate table holds at least half of its cell
 * words (as multisets); reference tables take their best candidate in document order.
 * Recall is the share of reference tables found, precision the share of candidate tables matched.
 */
export function tableMatchF1(reference: DoclingDocument, candidate: DoclingDocument): F1Score {
  const expected = bodyTables(reference).map((t) => countWords(tableWords(t)));
  const available = bodyTables(candidate).map((t) => countWords(tableWords(t)));
  return f1Score(
    matchOneToOne(expected, available, (wanted, have) => sharedShare(wanted, have, 0), 0.5),
    expected.length,
    available.length,
  );
}

/**
 * Span-cell F1: the cells spanning more than one row or column in all body tables, keyed by their
 * spans and text, so a header over three columns counts only when it is found with that span.
 */
export function spanCellF1(reference: DoclingDocument, candidate: DoclingDocument): F1Score {
  const keys = (doc: DoclingDocument): string[] =>
    bodyTables(doc)
      .flatMap((t) => t.data.table_cells)
      .filter((c) => c.row_span > 1 || c.col_span > 1)
      .map((c) => `${c.row_span}x${c.col_span}|${normalizeText(c.text)}`);
  return multisetF1(keys(reference), keys(candidate));
}

/** A candidate picture is the reference's when their boxes on the same page overlap by this share (IoU). */
const pictureOverlap = 0.5;

/**
 * Pictures matched one to one by place: a reference picture is found when a not yet matched
 * candidate picture on its page overlaps it with an intersection over union of at least 0.5.
 */
export function pictureMatchF1(reference: DoclingDocument, candidate: DoclingDocument): F1Score {
  const expected = bodyPictures(reference).flatMap((p) => boxesOf(reference, [p]).slice(0, 1));
  const available = bodyPictures(candidate).flatMap((p) => boxesOf(candidate, [p]).slice(0, 1));
  const overlap = (wanted: (typeof expected)[number], have: (typeof available)[number]) =>
    have.page === wanted.page ? intersectionOverUnion(wanted, have) : 0;
  return f1Score(matchOneToOne(expected, available, overlap, pictureOverlap), expected.length, available.length);
}

/**
 * How many of `expected` find a partner in `available`, one to one: each in turn takes the not yet
 * taken candidate it scores highest with, if that score reaches `threshold`.
 */
function matchOneToOne<Wanted, Have>(
  expected: readonly Wanted[],
  available: readonly Have[],
  score: (wanted: Wanted, have: Have) => number,
  threshold: number,
): number {
  const used = new Set<number>();
  for (const wanted of expected) {
    let best = -1;
    let bestScore = threshold;
    available.forEach((have, index) => {
      if (used.has(index)) return;
      const value = score(wanted, have);
      if (value >= bestScore) {
        best = index;
        bestScore = value;
      }
    });
    if (best >= 0) used.add(best);
  }
  return used.size;
}

/** Of two top-left boxes (`t < b`). */
function intersectionOverUnion(
  a: { l: number; t: number; r: number; b: number },
  b: { l: number; t: number; r: number; b: number },
): number {
  const area = (box: { l: number; t: number; r: number; b: number }): number => Math.max(0, box.r - box.l) * Math.max(0, box.b - box.t);
  const shared = area({ l: Math.max(a.l, b.l), t: Math.max(a.t, b.t), r: Math.min(a.r, b.r), b: Math.min(a.b, b.b) });
  const union = area(a) + area(b) - shared;
  return union <= 0 ? 0 : shared / union;
}

/**
 * The body's words in reading order, table cells row by row at the table's place: unlike
 * `readingOrderSimilarity` this does not depend on how the text is cut into items.
 */
export function bodyWordSequence(doc: DoclingDocument): string[] {
  const words: string[] = [];
  for (const node of bodyNodes(doc)) {
    if (node.self_ref.startsWith('#/tables/')) words.push(...tableWords(node as TableItem));
    else if ('text' in node && typeof node.text === 'string') words.push(...wordsOf(node.text));
  }
  return words;
}

/** 2·LCS / (n + m) over the body word sequences: 1 means the same words in the same order. */
export function wordOrderSimilarity(reference: DoclingDocument, candidate: DoclingDocument): number {
  const a = bodyWordSequence(reference);
  const b = bodyWordSequence(candidate);
  if (a.length + b.length === 0) return 1;
  return (2 * longestCommonSubsequence(a, b)) / (a.length + b.length);
}

function bodyNodes(doc: DoclingDocument): NodeItem[] {
  return [...iterateItems(doc, { traversePictures: true })].map((n) => n.item);
}

function bodyTexts(doc: DoclingDocument): TextItem[] {
  return bodyNodes(doc).filter((n): n is TextItem => n.self_ref.startsWith('#/texts/'));
}

function bodyPictures(doc: DoclingDocument): PictureItem[] {
  return bodyNodes(doc).filter((n): n is PictureItem => n.self_ref.startsWith('#/pictures/'));
}

function bodyTables(doc: DoclingDocument): TableItem[] {
  return bodyNodes(doc).filter((n): n is TableItem => n.self_ref.startsWith('#/tables/'));
}

/** Words of the cells that hold their own text (a rich cell's content is a child item, visited on its own), row by row. */
function tableWords(table: TableItem): string[] {
  return [...table.data.table_cells]
    .filter((cell) => !cell.ref)
    .sort((x, y) => x.start_row_offset_idx - y.start_row_offset_idx || x.start_col_offset_idx - y.start_col_offset_idx)
    .flatMap((cell) => wordsOf(cell.text));
}

/** Share of `wanted`'s words (multiset) that `have` holds; `ifEmpty` when `wanted` has none. */
function sharedShare(wanted: Map<string, number>, have: Map<string, number>, ifEmpty: number): number {
  let total = 0;
  let found = 0;
  for (const [word, count] of wanted) {
    total += count;
    found += Math.min(count, have.get(word) ?? 0);
  }
  return total === 0 ? ifEmpty : found / total;
}

/** A list item with empty text shows the texts of its inline-group children (Docling's rich list items). */
function displayText(doc: DoclingDocument, item: TextItem): string {
  if (item.text !== '') return item.text;
  const parts: string[] = [];
  for (const ref of item.children) {
    const child = resolveRef(doc, ref);
    if (!child || !isGroup(child) || child.label !== 'inline') continue;
    for (const inner of child.children) {
      const leaf = resolveRef(doc, inner);
      if (leaf && 'text' in leaf) parts.push(leaf.text);
    }
  }
  return parts.join(' ');
}

function countWords(words: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  return counts;
}

export function multisetF1(reference: string[], candidate: string[]): F1Score {
  const remaining = countWords(reference);
  let matched = 0;
  for (const key of candidate) {
    const left = remaining.get(key) ?? 0;
    if (left > 0) {
      matched++;
      remaining.set(key, left - 1);
    }
  }
  return f1Score(matched, reference.length, candidate.length);
}

/** Two empty sides agree perfectly; one empty side scores 0. */
function f1Score(matched: number, reference: number, candidate: number): F1Score {
  const precision = candidate === 0 ? (reference === 0 ? 1 : 0) : matched / candidate;
  const recall = reference === 0 ? (candidate === 0 ? 1 : 0) : matched / reference;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1, reference, candidate };
}

function longestCommonSubsequence(a: string[], b: string[]): number {
  let previous = new Uint32Array(b.length + 1);
  let current = new Uint32Array(b.length + 1);
  for (const x of a) {
    for (let j = 1; j <= b.length; j++) {
      current[j] = x === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, current[j - 1]!);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}
