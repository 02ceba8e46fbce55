import type { SourceSpan } from '../../../src-shared/chunk';
import type { SourcePoint } from '../../../src-shared/hand-edits';
import { coverageWordsAt } from '../evaluate/coverage/coverage-words';
import type { DoclingDocument, TextItem } from '../ir/types';
import { codePointOffsets } from '../text/code-points';

/** A word of the parse at its source place: `[start, end)` code points of the source, or of page `page`'s text (0: no pages). */
export interface SourceWord {
  word: string;
  page: number;
  start: number;
  end: number;
  /** the item it was read from, and where in that item's text (UTF-16) */
  ref: string;
  textStart: number;
  textEnd: number;
}

/** Orders places as `source_spans` are sorted: by page, then offset. */
export function comparePlaces(pageA: number, offsetA: number, pageB: number, offsetB: number): number {
  return pageA - pageB || offsetA - offsetB;
}

export const pageOf = (point: Pick<SourcePoint, 'page'> | SourceSpan): number =>
  Array.isArray(point) ? (point[2] ?? 0) : (point.page ?? 0);

/**
 * Every word of the document's texts placed in its source, sorted by source place: the text hand
 * edits are anchored in and found again in. A word inside a run that maps one to one has its own
 * place; one in a run that does not (an escape, an entity) has the run's; text no run covers (a
 * joining space) has no words here. Formats without source text (DOCX, DoclingDocument JSON) have none.
 */
export class DocumentWords {
  readonly words: SourceWord[];

  constructor(doc: DoclingDocument) {
    this.words = doc.texts.flatMap(sourceWordsOf).sort((a, b) => comparePlaces(a.page, a.start, b.page, b.start) || a.end - b.end);
  }

  /** Index of the first word that starts at or after the point. */
  firstAtOrAfter(page: number, offset: number): number {
    let low = 0;
    let high = this.words.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      const word = this.words[middle]!;
      if (comparePlaces(word.page, word.start, page, offset) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The words that lie inside the spans (a chunk's), in source order. */
  insideSpans(spans: readonly SourceSpan[]): number[] {
    const inside: number[] = [];
    for (const span of spans) {
      const page = pageOf(span);
      for (let i = this.firstAtOrAfter(page, span[0]); i < this.words.length; i++) {
        const word = this.words[i]!;
        if (word.page !== page || word.end > span[1]) break;
        inside.push(i);
      }
    }
    return inside;
  }
}

const documentWords = new WeakMap<DoclingDocument, DocumentWords>();

/** Built once per parsed document: live tuning applies the same edits on every change. */
export function documentWordsOf(doc: DoclingDocument): DocumentWords {
  let words = documentWords.get(doc);
  if (!words) documentWords.set(doc, (words = new DocumentWords(doc)));
  return words;
}

function sourceWordsOf(item: TextItem): SourceWord[] {
  const runs = item.source_runs ?? (item.source_span ? [wholeRun(item)] : []);
  if (runs.length === 0 || item.text === '') return [];
  const page = item.prov[0]?.page_no ?? 0;
  const codePointAt = codePointOffsets(item.text);
  const placed: SourceWord[] = [];
  let runIndex = 0;
  for (const { word, start, end } of coverageWordsAt(item.text)) {
    while (runIndex < runs.length && runs[runIndex]!.text + runs[runIndex]!.length <= start) runIndex++;
    const run = runs[runIndex];
    if (!run || run.text > start) continue;
    const runStart = codePointAt(run.text);
    const oneToOne = codePointAt(run.text + run.length) - runStart === run.sourceLength && end <= run.text + run.length;
    const from = oneToOne ? run.source + codePointAt(start) - runStart : run.source;
    const to = oneToOne ? run.source + codePointAt(end) - runStart : run.source + run.sourceLength;
    placed.push({ word, page, start: from, end: to, ref: item.self_ref, textStart: start, textEnd: end });
  }
  return placed;
}

function wholeRun(item: TextItem) {
  const [source, sourceEnd] = item.source_span!;
  return { text: 0, length: item.text.length, source, sourceLength: sourceEnd - source };
}
