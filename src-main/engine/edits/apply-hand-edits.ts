import type { Chunk, SourceSpan } from '../../../src-shared/chunk';
import type { HandEdit, HandEditResult } from '../../../src-shared/hand-edits';
import { contentFlagsOf, resolveDocItems } from '../chunk/build-chunk';
import { chunkId } from '../chunk/chunk-id';
import { sourcesOf } from '../chunk/item-sources';
import type { DoclingDocument, TextItem } from '../ir/types';
import { contextualize } from '../text/contextualize';
import type { Tokenizer } from '../tokenize/tokenizer';
import { alignWords, cutAfter, joinTexts, removeRange } from './chunk-text-cuts';
import { comparePlaces, documentWordsOf, pageOf, type DocumentWords } from './document-words';
import { locateEdit, type FoundPoint } from './locate-anchor';
import { headingsWithinRun } from './run-headings';

/** What a run's hand edits are applied with: the run's document, ids and tokenizer. */
export interface HandEditContext {
  doc: DoclingDocument;
  docId: string;
  configHash: string;
  tokenizer: Tokenizer;
  maxTokens: number;
}

export interface HandEditOutcome {
  chunks: Chunk[];
  /** one result per rule, in the rules' order */
  report: HandEditResult[];
  /** the items with text that an applied `exclude` took out of the chunks: coverage says they were left out by hand */
  excludedRefs: Set<string>;
}

/** Between the texts of joined chunks: the line break docling's chunkers put between a chunk's items. */
const JOIN_DELIMITER = '\n';

type Region = { from: FoundPoint; to: FoundPoint };

/**
 * Applies hand edits to the chunks a strategy made, one rule after the other in the order listed (the
 * order they were made in), each found again in this parse by its anchor (`locateEdit`). Merge and pin
 * join the chunks that hold their region; split cuts the chunk holding its point; exclude takes its
 * region's text out of the chunks. A chunk other chunks name as their parent is left as it is (edits
 * act on the chunks that are embedded). A split inside a region an earlier rule pinned, or in text an
 * earlier rule excluded, conflicts with it and is not applied. Deterministic: the same chunks and
 * rules give the same chunks, ids included.
 */
export function applyHandEdits(context: HandEditContext, strategyChunks: readonly Chunk[], edits: readonly HandEdit[]): HandEditOutcome {
  const words = documentWordsOf(context.doc);
  const parents = new Set(strategyChunks.flatMap((chunk) => (chunk.parentId ? [chunk.parentId] : [])));
  let chunks = [...strategyChunks];
  const pinned: Array<{ rule: number; region: Region }> = [];
  const excluded: Array<{ rule: number; region: Region }> = [];
  const excludedRefs = new Set<string>();
  const made: string[][] = [];
  const results = edits.map((edit, rule): Omit<HandEditResult, 'chunks'> => {
    made.push([]);
    const base = { rule, ...(edit.id ? { id: edit.id } : {}), kind: edit.kind, overLimit: false };
    const located = locateEdit(words, edit);
    if ('reason' in located) return { ...base, status: 'unmatched', message: located.reason };
    const editable = chunks.filter((chunk) => !parents.has(chunk.id));
    if ('at' in located.found) {
      const { at } = located.found;
      const blocker =
        pinned.find(({ region }) => isInside(at, region)) ?? excluded.find(({ region }) => isInside(at, region) || touches(at, region));
      if (blocker) {
        const why = pinned.some((entry) => entry === blocker) ? 'pinned as one chunk' : 'excluded';
        return { ...base, status: 'conflicting', message: `the split point lies in the region rule ${blocker.rule + 1} ${why}` };
      }
      const outcome = splitAt(context, words, editable, at);
      if ('message' in outcome) return { ...base, status: outcome.status, message: outcome.message };
      chunks = replaceChunks(chunks, outcome.replaced);
      made[rule] = outcome.made;
      return {
        ...base,
        status: 'applied',
        message: outcome.made.length === 0 ? 'already a chunk boundary' : `split ${outcome.replaced.size} chunk(s)`,
      };
    }
    const region = located.found;
    if (edit.kind === 'exclude') {
      const removed = excludeRegion(context, words, editable, region, excludedRefs);
      excluded.push({ rule, region });
      chunks = replaceChunks(chunks, removed.replaced);
      made[rule] = removed.made;
      return { ...base, status: 'applied', message: `took its text out of ${removed.replaced.size} chunk(s)` };
    }
    const joined = joinRegion(context, editable, region, edit.kind === 'pin' ? 'pin' : 'merge');
    if ('message' in joined) return { ...base, status: 'conflicting', message: joined.message };
    if (edit.kind === 'pin') pinned.push({ rule, region });
    chunks = replaceChunks(chunks, joined.replaced);
    made[rule] = [joined.chunk.id];
    const overLimit = joined.chunk.tokenCount > context.maxTokens;
    const size = `${joined.chunk.tokenCount} tokens${overLimit ? `, over the limit of ${context.maxTokens}` : ''}`;
    const message = joined.replaced.size <= 1 ? `already one chunk (${size})` : `joined ${joined.replaced.size} chunks (${size})`;
    return { ...base, status: 'applied', message, overLimit };
  });
  const numbered = chunks.map((chunk, index) => (chunk.index === index ? chunk : { ...chunk, index }));
  const indexOf = new Map(numbered.map((chunk) => [chunk.id, chunk.index]));
  const report = results.map((result, rule) => ({
    ...result,
    chunks: made[rule]!.flatMap((id) => (indexOf.has(id) ? [indexOf.get(id)!] : [])),
  }));
  return { chunks: numbered, report, excludedRefs };
}

/** Chunks replaced by id: each by the chunks given for it (none: removed); the first of a joined run takes its place. */
function replaceChunks(chunks: readonly Chunk[], replaced: ReadonlyMap<string, Chunk[]>): Chunk[] {
  if (replaced.size === 0) return [...chunks];
  return chunks.flatMap((chunk) => replaced.get(chunk.id) ?? [chunk]);
}

function isInside(point: FoundPoint, { from, to }: Region): boolean {
  return (
    comparePlaces(point.page, point.offset, from.page, from.offset) > 0 && comparePlaces(point.page, point.offset, to.page, to.offset) < 0
  );
}

function touches(point: FoundPoint, { from, to }: Region): boolean {
  return (point.page === from.page && point.offset === from.offset) || (point.page === to.page && point.offset === to.offset);
}

function spanIntersects(span: SourceSpan, { from, to }: Region): boolean {
  const page = pageOf(span);
  return comparePlaces(page, span[0], to.page, to.offset) < 0 && comparePlaces(page, span[1], from.page, from.offset) > 0;
}

function joinRegion(
  context: HandEditContext,
  editable: readonly Chunk[],
  region: Region,
  kind: 'merge' | 'pin',
): { chunk: Chunk; replaced: Map<string, Chunk[]> } | { message: string } {
  const holding = editable.flatMap((chunk, position) => (chunk.sourceSpans.some((span) => spanIntersects(span, region)) ? [position] : []));
  if (holding.length === 0) return { message: `no chunk holds the region's text (an earlier rule or the strategy left it out)` };
  const run = editable.slice(holding[0], holding[holding.length - 1]! + 1);
  if (run.length === 1) return { chunk: run[0]!, replaced: new Map() };
  const chunk = joinChunks(context, run, kind);
  return { chunk, replaced: new Map(run.map((part, i) => [part.id, i === 0 ? [chunk] : []])) };
}

/**
 * Chunks as one: texts joined (an overlap once), spans, boxes and items together, the first one's
 * headings, recounted. Where the run crosses into other sections, their headings become text of the
 * chunk where they stand (`headingsWithinRun`), spans and boxes included, so that no word is lost.
 */
function joinChunks(context: HandEditContext, run: readonly Chunk[], kind: string): Chunk {
  const first = run[0]!;
  const headings = headingsWithinRun(context.doc, run);
  let text = first.text;
  let spans = first.sourceSpans;
  const docItems = [...first.docItems];
  const boxes = [...first.bboxes];
  let pending: TextItem[] = [];
  const placePending = () => {
    for (const heading of pending) {
      const sources = sourcesOf(context.doc, [{ ref: heading.self_ref }]);
      text = joinTexts(text, heading.text, false, JOIN_DELIMITER);
      spans = mergeSpans([...spans, ...sources.sourceSpans]);
      docItems.push(heading.self_ref);
      boxes.push(...sources.bboxes);
    }
    pending = [];
  };
  run.forEach((next, position) => {
    if (position === 0) return;
    pending.push(...headings.filter((heading) => heading.before === position).map((heading) => heading.item));
    const overlapping = next.sourceSpans.some((span) => spans.some((other) => sameSpanPlace(span, other)));
    // an overlap is found by the text's end repeating: a heading goes after it
    if (!overlapping) placePending();
    text = joinTexts(text, next.text, overlapping, JOIN_DELIMITER);
    spans = mergeSpans([...spans, ...next.sourceSpans]);
    docItems.push(...next.docItems);
    boxes.push(...next.bboxes);
  });
  placePending();
  const pages = run.flatMap((chunk) => [chunk.pageStart, chunk.pageEnd]).filter((page): page is number => page !== null);
  return withText(context, first, text, {
    id: chunkId(context.docId, context.configHash, `${kind}:${run.map((chunk) => chunk.id).join(',')}`),
    docItems: [...new Set(docItems)],
    sourceSpans: spans,
    bboxes: uniqueBoxes(boxes),
    pageStart: pages.length > 0 ? Math.min(...pages) : null,
    pageEnd: pages.length > 0 ? Math.max(...pages) : null,
    headingOnly: run.every((chunk) => chunk.headingOnly) && headings.length === 0,
  });
}

function sameSpanPlace(a: SourceSpan, b: SourceSpan): boolean {
  return pageOf(a) === pageOf(b) && a[0] < b[1] && b[0] < a[1];
}

type SplitOutcome = { replaced: Map<string, Chunk[]>; made: string[] } | { status: 'unmatched'; message: string };

/** Cuts each chunk that holds words on both sides of the point (two where a strategy's overlap repeats it). */
function splitAt(context: HandEditContext, words: DocumentWords, editable: readonly Chunk[], at: FoundPoint): SplitOutcome {
  const replaced = new Map<string, Chunk[]>();
  const made: string[] = [];
  for (const chunk of editable) {
    const inside = words.insideSpans(chunk.sourceSpans).map((index) => words.words[index]!);
    const cutIndex = inside.findIndex((word) => comparePlaces(word.page, word.start, at.page, at.offset) >= 0);
    if (cutIndex <= 0) continue;
    const aligned = alignWords(chunk.text, inside);
    const before = aligned.slice(0, cutIndex).findLast((word) => word !== undefined);
    const afterIndex = aligned.findIndex((word, i) => i >= cutIndex && word !== undefined);
    if (!before || afterIndex < 0) {
      return { status: 'unmatched', message: `chunk ${chunk.index + 1}'s text does not show the words on both sides of the split point` };
    }
    const cut = cutAfter(chunk.text, before, aligned[afterIndex]!.start);
    const [firstSpans, secondSpans] = cutSpans(chunk.sourceSpans, at);
    const firstRef = inside[cutIndex - 1]!.ref;
    const secondRef = inside[afterIndex]!.ref;
    const halves = [
      { text: chunk.text.slice(0, cut).trimEnd(), spans: firstSpans, items: itemsUpTo(chunk.docItems, firstRef), part: 0 },
      { text: chunk.text.slice(cut).trimStart(), spans: secondSpans, items: itemsFrom(chunk.docItems, secondRef), part: 1 },
    ].map(({ text, spans, items, part }) =>
      withText(context, chunk, text, {
        id: chunkId(context.docId, context.configHash, `split:${chunk.id}:${at.page}:${at.offset}:${part}`),
        docItems: items,
        sourceSpans: spans,
        ...pageRangeOf(spans, chunk),
      }),
    );
    replaced.set(chunk.id, halves);
    made.push(...halves.map((half) => half.id));
  }
  return { replaced, made };
}

/** Takes the region's text out of every chunk holding some of it; a chunk left without words goes. */
function excludeRegion(
  context: HandEditContext,
  words: DocumentWords,
  editable: readonly Chunk[],
  region: Region,
  excludedRefs: Set<string>,
): { replaced: Map<string, Chunk[]>; made: string[] } {
  const replaced = new Map<string, Chunk[]>();
  const made: string[] = [];
  const inRegion = (word: { page: number; start: number; end: number }) =>
    comparePlaces(word.page, word.start, region.from.page, region.from.offset) >= 0 &&
    comparePlaces(word.page, word.end, region.to.page, region.to.offset) <= 0;
  for (const chunk of editable) {
    if (!chunk.sourceSpans.some((span) => spanIntersects(span, region))) continue;
    const inside = words.insideSpans(chunk.sourceSpans).map((index) => words.words[index]!);
    for (const word of inside) if (inRegion(word)) excludedRefs.add(word.ref);
    const kept = inside.filter((word) => !inRegion(word));
    const spans = subtractRegion(chunk.sourceSpans, region);
    if (kept.length === 0) {
      replaced.set(chunk.id, []);
      continue;
    }
    const aligned = alignWords(chunk.text, inside);
    const firstInside = inside.findIndex(inRegion);
    const lastInside = inside.findLastIndex(inRegion);
    const before = aligned.slice(0, firstInside).findLast((word) => word !== undefined);
    const after = aligned.slice(lastInside + 1).find((word) => word !== undefined);
    const start = before ? cutAfter(chunk.text, before, after?.start ?? chunk.text.length) : 0;
    const text = removeRange(chunk.text, start, after?.start ?? chunk.text.length);
    const keptRefs = new Set(kept.map((word) => word.ref));
    const textRefs = new Set(inside.map((word) => word.ref));
    const edited = withText(context, chunk, text, {
      id: chunkId(context.docId, context.configHash, `exclude:${chunk.id}:${region.from.page}:${region.from.offset}:${region.to.offset}`),
      docItems: chunk.docItems.filter((ref) => keptRefs.has(ref) || !textRefs.has(ref)),
      sourceSpans: spans,
      ...pageRangeOf(spans, chunk),
    });
    replaced.set(chunk.id, [edited]);
    made.push(edited.id);
  }
  return { replaced, made };
}

/** A chunk with a new text: its contextualized text keeps the context it had (heading path, captions) and is recounted. */
function withText(context: HandEditContext, chunk: Chunk, text: string, changes: Partial<Chunk> & Pick<Chunk, 'id' | 'docItems'>): Chunk {
  const prefix = chunk.contextualizedText.endsWith(chunk.text)
    ? chunk.contextualizedText.slice(0, chunk.contextualizedText.length - chunk.text.length)
    : undefined;
  const contextualizedText = prefix === undefined ? contextualize({ text, headings: chunk.headingPath }) : prefix + text;
  const items = resolveDocItems(context.doc, changes.docItems);
  return {
    ...chunk,
    ...changes,
    text,
    contextualizedText,
    tokenCount: context.tokenizer.count(contextualizedText),
    firstItem: changes.docItems[0] ?? null,
    lastItem: changes.docItems.at(-1) ?? null,
    contentFlags: items.length > 0 ? contentFlagsOf(items) : chunk.contentFlags,
  };
}

function itemsUpTo(docItems: readonly string[], ref: string): string[] {
  const index = docItems.lastIndexOf(ref);
  return index < 0 ? [...docItems] : docItems.slice(0, index + 1);
}

function itemsFrom(docItems: readonly string[], ref: string): string[] {
  const index = docItems.indexOf(ref);
  return index < 0 ? [...docItems] : docItems.slice(index);
}

/** Spans before and after a point; a span across it is cut there. */
function cutSpans(spans: readonly SourceSpan[], at: FoundPoint): [SourceSpan[], SourceSpan[]] {
  const before: SourceSpan[] = [];
  const after: SourceSpan[] = [];
  for (const span of spans) {
    const page = pageOf(span);
    if (comparePlaces(page, span[1], at.page, at.offset) <= 0) before.push(span);
    else if (comparePlaces(page, span[0], at.page, at.offset) >= 0) after.push(span);
    else {
      before.push(withBounds(span, span[0], at.offset));
      after.push(withBounds(span, at.offset, span[1]));
    }
  }
  return [before, after];
}

/** The spans with the region cut out of them. */
function subtractRegion(spans: readonly SourceSpan[], region: Region): SourceSpan[] {
  return spans.flatMap((span): SourceSpan[] => {
    if (!spanIntersects(span, region)) return [span];
    const page = pageOf(span);
    const pieces: SourceSpan[] = [];
    if (comparePlaces(page, span[0], region.from.page, region.from.offset) < 0) {
      pieces.push(withBounds(span, span[0], page === region.from.page ? region.from.offset : span[1]));
    }
    if (comparePlaces(page, span[1], region.to.page, region.to.offset) > 0) {
      pieces.push(withBounds(span, page === region.to.page ? region.to.offset : span[0], span[1]));
    }
    return pieces;
  });
}

function withBounds(span: SourceSpan, start: number, end: number): SourceSpan {
  return span.length === 3 ? [start, end, span[2]] : [start, end];
}

/** Sorted, overlapping or touching spans joined (as a strategy's chunk names them). */
function mergeSpans(spans: SourceSpan[]): SourceSpan[] {
  const sorted = [...spans].sort((a, b) => comparePlaces(pageOf(a), a[0], pageOf(b), b[0]) || a[1] - b[1]);
  const merged: SourceSpan[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && pageOf(last) === pageOf(span) && span[0] <= last[1])
      merged[merged.length - 1] = withBounds(last, last[0], Math.max(last[1], span[1]));
    else merged.push(span);
  }
  return merged;
}

function uniqueBoxes(boxes: Chunk['bboxes']): Chunk['bboxes'] {
  const seen = new Set<string>();
  return boxes.filter((box) => {
    const key = `${box.page}:${box.l}:${box.t}:${box.r}:${box.b}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A part's pages: those of its spans where they name pages, else the chunk's. */
function pageRangeOf(spans: readonly SourceSpan[], chunk: Chunk): Pick<Chunk, 'pageStart' | 'pageEnd' | 'bboxes'> {
  const pages = spans.flatMap((span) => (span.length === 3 ? [span[2]] : []));
  if (pages.length === 0) return { pageStart: chunk.pageStart, pageEnd: chunk.pageEnd, bboxes: chunk.bboxes };
  const [first, last] = [Math.min(...pages), Math.max(...pages)];
  return { pageStart: first, pageEnd: last, bboxes: chunk.bboxes.filter((box) => box.page >= first && box.page <= last) };
}
