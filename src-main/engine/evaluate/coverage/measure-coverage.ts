import type { Chunk } from '../../../../src-shared/chunk';
import {
  leftOutReasons,
  type CoveragePlace,
  type DocumentCoverage,
  type LeftOutKind,
  type LeftOutReason,
} from '../../../../src-shared/evaluation';
import { boxesOf } from '../../chunk/build-chunk';
import { sourcesOf, topLeftBox } from '../../chunk/item-sources';
import { iterateItems } from '../../ir/iterate';
import { resolveRef } from '../../ir/resolve';
import type { ContentLayer, DocItem, DoclingDocument, NodeItem, TableCell, TableItem, TextItem } from '../../ir/types';
import { coverageWords, coverageWordsAt, type WordAt } from './coverage-words';
import { textKinds, type TextKind } from './left-out-kind';

type ChunkText = Pick<Chunk, 'text' | 'headingPath' | 'docItems'>;

/** A place names the text it marks; a long run is cut here (the ranges and boxes still cover it whole). */
const PLACE_TEXT_LENGTH = 200;
/** Parent chains of a hostile DoclingDocument may loop; real ones are far shallower. */
const MAX_DEPTH = 1_000;
const ALL_LAYERS: ReadonlySet<ContentLayer> = new Set(['body', 'furniture', 'background', 'invisible', 'notes']);

/**
 * Which words of a parse reach a chunk, and where the others lie. Every item's words (coverage
 * words, `coverage-words.ts`; a table's by cell) are looked for, one by one, in the chunks that name
 * the item (or a group or picture it lies in, or the table or picture it captions) in their
 * `docItems`: their text and heading path. Each word a chunk holds counts once, so two items of a
 * chunk cannot both claim its one "the". A title or section header that reaches the chunks only as
 * their heading path reaches them too. A word found nowhere is left out, counted by its item's kind
 * (furniture, picture text, body text) and shown at its place: the run of such words in the item,
 * with its source spans and line boxes.
 */
export function measureCoverage(doc: DoclingDocument, chunks: readonly ChunkText[]): DocumentCoverage {
  const lookup = new ChunkWordLookup(chunks);
  const tally = new CoverageTally();
  const places: Array<{ order: number; place: CoveragePlace }> = [];

  for (const unit of textUnitsOf(doc)) {
    const { item, order, containers, kind } = unit;
    const candidates = lookup.chunksNaming(containers);
    const leftOut = () => leftOutReason(item, kind, candidates, containers);
    if (unit.cells) {
      const left = tableCellsLeftOut(unit.cells, candidates, lookup, tally);
      if (left.words > 0) places.push({ order, place: tablePlace(doc, item as TableItem, leftOut(), left) });
      continue;
    }
    const found = lookup.isHeadingContext(item) ? unit.wordTexts.map(() => true) : lookup.take(unit.wordTexts, candidates);
    tally.add(found);
    for (const run of leftOutRuns(unit.words, found)) places.push({ order, place: textPlace(doc, item, leftOut(), run) });
  }

  const inOrder = places.sort((a, b) => a.order - b.order).map(({ place }) => place);
  for (const place of inOrder) tally.leaveOut(place);
  return {
    ...tally.totals,
    share: tally.totals.words === 0 ? 1 : tally.totals.inChunks / tally.totals.words,
    leftOut: tally.byReason(),
    // furniture last: it is left out by design, the rest is what a reader looks for first
    places: [...inOrder.filter((place) => place.kind !== 'furniture'), ...inOrder.filter((place) => place.kind === 'furniture')],
  };
}

/** An item with words of its own, as every run of a document looks for them. */
interface TextUnit {
  item: DocItem;
  /** reading order */
  order: number;
  /** the refs a chunk may name it by (`containersOf`) */
  containers: string[];
  kind: TextKind;
  words: WordAt[];
  wordTexts: string[];
  /** a table's cells (rich cells aside: their items are units of their own), each with its words */
  cells?: Array<{ cell: TableCell; words: string[] }>;
}

/** Live tuning measures one document again on every edit: what depends on the document alone is read once. */
const unitsByDocument = new WeakMap<DoclingDocument, TextUnit[]>();

function textUnitsOf(doc: DoclingDocument): TextUnit[] {
  let units = unitsByDocument.get(doc);
  if (!units) {
    const kindOf = textKinds(doc);
    units = itemsInClaimOrder(doc, kindOf).flatMap(({ item, order, containers }): TextUnit[] => {
      const base = { item, order, containers, kind: kindOf(item) };
      if ('data' in item) {
        const cells = item.data.table_cells.filter((cell) => !cell.ref).map((cell) => ({ cell, words: coverageWords(cell.text) }));
        return [{ ...base, words: [], wordTexts: [], cells }];
      }
      if (!('text' in item) || item.text === '') return [];
      const words = coverageWordsAt(item.text);
      return [{ ...base, words, wordTexts: words.map((word) => word.word) }];
    });
    unitsByDocument.set(doc, units);
  }
  return units;
}

/** The counts of `DocumentCoverage`: words found as they are claimed, words left out by their places. */
class CoverageTally {
  readonly totals = { words: 0, inChunks: 0, furniture: 0, pictures: 0, notInChunks: 0 };
  private readonly reasons = new Map<LeftOutReason, { kind: LeftOutKind; words: number }>();

  add(found: readonly boolean[]): void {
    this.totals.words += found.length;
    for (const hit of found) if (hit) this.totals.inChunks++;
  }

  leaveOut({ kind, reason, words }: CoveragePlace): void {
    if (kind === 'furniture') this.totals.furniture += words;
    else if (kind === 'picture') this.totals.pictures += words;
    else this.totals.notInChunks += words;
    const entry = this.reasons.get(reason);
    if (entry) entry.words += words;
    else this.reasons.set(reason, { kind, words });
  }

  byReason(): DocumentCoverage['leftOut'] {
    return leftOutReasons.flatMap((reason) => {
      const entry = this.reasons.get(reason);
      return entry ? [{ kind: entry.kind, reason, words: entry.words }] : [];
    });
  }
}

/**
 * Why an item's words reach no chunk: its kind for furniture and picture text; for body text, a
 * heading no chunk names (its section is empty), text of a table (a cell, or an item in a rich
 * cell) that the table's serialisation leaves out, or text the strategy left out.
 */
function leftOutReason(
  item: DocItem,
  kind: TextKind,
  candidates: readonly number[],
  containers: readonly string[],
): { kind: TextKind; reason: LeftOutReason } {
  if (kind.kind === 'furniture') return { kind, reason: 'furniture' };
  if (kind.kind === 'picture') return { kind, reason: 'picture-text' };
  if (isHeading(item) && candidates.length === 0) return { kind, reason: 'empty-heading' };
  if (containers.some((ref) => ref.startsWith('#/tables/')) && candidates.length > 0) return { kind, reason: 'table-cell' };
  return { kind, reason: 'not-chunked' };
}

/**
 * Every item with text of its own, in the order they claim the chunks' words: body text, then
 * tables and the items of their rich cells, then the text of pictures and furniture, each in
 * reading order; with the refs a chunk may name it by (`containersOf`). Body text first: a
 * picture's labels ("as", "or") must not take the words of the paragraph a chunk holds beside the
 * picture's caption, nor a table cell its serialisation leaves out (a triplet table's corner cell,
 * a picture's caption in a cell) take them from the text a chunk holds beside the table.
 */
function itemsInClaimOrder(
  doc: DoclingDocument,
  kindOf: (item: NodeItem) => TextKind,
): Array<{ item: DocItem; order: number; containers: string[] }> {
  const captionOwners = captionOwnersOf(doc);
  const seen = new Set<string>();
  const items: DocItem[] = [];
  for (const root of [doc.body, doc.furniture]) {
    for (const { item } of iterateItems(doc, { root, traversePictures: true, layers: ALL_LAYERS })) {
      if (!isDocItem(item) || seen.has(item.self_ref)) continue;
      seen.add(item.self_ref);
      items.push(item);
    }
  }
  // items no tree reaches (a hand-made DoclingDocument) still count
  for (const item of [...doc.texts, ...doc.tables]) if (!seen.has(item.self_ref)) items.push(item);
  const rank = (item: DocItem, containers: readonly string[]) =>
    kindOf(item).kind !== 'body' ? 2 : containers.some((ref) => ref.startsWith('#/tables/')) ? 1 : 0;
  return items
    .map((item, order) => {
      const containers = containersOf(doc, item, captionOwners);
      return { item, order, containers, rank: rank(item, containers) };
    })
    .sort((a, b) => a.rank - b.rank || a.order - b.order);
}

function isHeading(node: NodeItem): boolean {
  return 'label' in node && (node.label === 'title' || node.label === 'section_header');
}

function isDocItem(item: NodeItem): item is DocItem {
  return 'prov' in item;
}

/**
 * The item, the nodes it lies in (a list item, a group, a picture), and the floating items it is a
 * caption or footnote of: a chunk that names any of them may hold its text. Not a heading it lies
 * under: a chunk that names a heading holds the heading, not its section.
 */
function containersOf(doc: DoclingDocument, item: DocItem, captionOwners: ReadonlyMap<string, string[]>): string[] {
  const refs = [item.self_ref, ...(captionOwners.get(item.self_ref) ?? [])];
  let parent = item.parent ? resolveRef(doc, item.parent) : undefined;
  for (let depth = 0; parent && depth < MAX_DEPTH; depth++) {
    if (!isHeading(parent)) refs.push(parent.self_ref);
    parent = parent.parent ? resolveRef(doc, parent.parent) : undefined;
  }
  return refs;
}

function captionOwnersOf(doc: DoclingDocument): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  for (const item of [...doc.pictures, ...doc.tables, ...doc.texts]) {
    for (const ref of [...(item.captions ?? []), ...(item.footnotes ?? [])]) {
      owners.set(ref.$ref, [...(owners.get(ref.$ref) ?? []), item.self_ref]);
    }
  }
  return owners;
}

/**
 * The chunks' words, counted per chunk as they are claimed. A chunk's counts are built when an
 * item first looks in it, so a run whose chunks name few items costs little.
 */
class ChunkWordLookup {
  private readonly byRef = new Map<string, number[]>();
  private readonly counts: Array<Map<string, number> | undefined>;
  private readonly headingKeys = new Set<string>();

  constructor(private readonly chunks: readonly ChunkText[]) {
    this.counts = new Array<Map<string, number> | undefined>(chunks.length);
    chunks.forEach((chunk, index) => {
      for (const ref of chunk.docItems) {
        const list = this.byRef.get(ref);
        if (!list) this.byRef.set(ref, [index]);
        else if (list[list.length - 1] !== index) list.push(index);
      }
      for (const heading of chunk.headingPath) this.headingKeys.add(headingKey(heading));
    });
  }

  /** The chunks that name any of `refs`, in chunk order. */
  chunksNaming(refs: readonly string[]): number[] {
    const lists = refs.map((ref) => this.byRef.get(ref)).filter((list) => list !== undefined);
    if (lists.length <= 1) return lists[0] ?? [];
    return [...new Set(lists.flat())].sort((a, b) => a - b);
  }

  /** A heading that the chunks carry in their heading path. */
  isHeadingContext(item: DocItem): boolean {
    return isHeading(item) && this.headingKeys.has(headingKey((item as TextItem).text));
  }

  /**
   * Claims each word in the first of `candidates` that still holds it, starting from the chunk the
   * previous word was found in: an item cut into many chunks is read through them in order.
   */
  take(words: readonly string[], candidates: readonly number[]): boolean[] {
    let cursor = 0;
    return words.map((word) => {
      for (let step = 0; step < candidates.length; step++) {
        const position = (cursor + step) % candidates.length;
        const counts = this.countsOf(candidates[position]!);
        const left = counts.get(word) ?? 0;
        if (left === 0) continue;
        counts.set(word, left - 1);
        cursor = position;
        return true;
      }
      return false;
    });
  }

  private countsOf(index: number): Map<string, number> {
    let counts = this.counts[index];
    if (!counts) {
      const chunk = this.chunks[index]!;
      counts = new Map();
      for (const word of [...coverageWords(chunk.text), ...chunk.headingPath.flatMap(coverageWords)]) {
        counts.set(word, (counts.get(word) ?? 0) + 1);
      }
      this.counts[index] = counts;
    }
    return counts;
  }
}

function headingKey(text: string): string {
  return coverageWords(text).join(' ');
}

interface LeftOutRun {
  start: number;
  end: number;
  words: number;
}

/** Runs of consecutive words that no chunk holds, as ranges of the item's text. */
function leftOutRuns(words: readonly WordAt[], found: readonly boolean[]): LeftOutRun[] {
  const runs: LeftOutRun[] = [];
  let current: LeftOutRun | null = null;
  words.forEach((word, index) => {
    if (found[index]) {
      current = null;
      return;
    }
    if (current) {
      current.end = word.end;
      current.words++;
    } else runs.push((current = { start: word.start, end: word.end, words: 1 }));
  });
  return runs;
}

function textPlace(
  doc: DoclingDocument,
  item: DocItem,
  { kind, reason }: { kind: TextKind; reason: LeftOutReason },
  run: LeftOutRun,
): CoveragePlace {
  const text = 'text' in item ? item.text : '';
  const { sourceSpans, bboxes } = sourcesOf(doc, [{ ref: item.self_ref, start: run.start, end: run.end }]);
  return {
    ref: item.self_ref,
    kind: kind.kind,
    reason,
    picture: kind.picture,
    words: run.words,
    page: item.prov[0]?.page_no ?? null,
    range: [run.start, run.end],
    text: clip(text.slice(run.start, run.end)),
    sourceSpans,
    bboxes,
  };
}

interface CellsLeftOut {
  words: number;
  texts: string[];
  cells: TableCell[];
}

/** Looks for every cell's words; counts them into `tally`. */
function tableCellsLeftOut(
  cells: NonNullable<TextUnit['cells']>,
  candidates: readonly number[],
  lookup: ChunkWordLookup,
  tally: CoverageTally,
): CellsLeftOut {
  const left: CellsLeftOut = { words: 0, texts: [], cells: [] };
  for (const { cell, words } of cells) {
    const found = lookup.take(words, candidates);
    tally.add(found);
    const missing = found.filter((hit) => !hit).length;
    if (missing === 0) continue;
    left.words += missing;
    left.texts.push(cell.text);
    left.cells.push(cell);
  }
  return left;
}

function tablePlace(
  doc: DoclingDocument,
  table: TableItem,
  { kind, reason }: { kind: TextKind; reason: LeftOutReason },
  left: CellsLeftOut,
): CoveragePlace {
  const page = table.prov[0]?.page_no ?? null;
  const cellBoxes = left.cells.flatMap((cell) => {
    const box =
      cell.bbox && page !== null
        ? topLeftBox(doc, page, [cell.bbox.l, cell.bbox.t, cell.bbox.r, cell.bbox.b], cell.bbox.coord_origin)
        : undefined;
    return box ? [box] : [];
  });
  return {
    ref: table.self_ref,
    kind: kind.kind,
    reason,
    picture: kind.picture,
    words: left.words,
    page,
    range: null,
    text: clip(left.texts.join(' | ')),
    sourceSpans: table.source_span ? [page === null ? [...table.source_span] : [...table.source_span, page]] : [],
    bboxes: cellBoxes.length === left.cells.length ? cellBoxes : boxesOf(doc, [table]),
  };
}

function clip(text: string): string {
  return text.length <= PLACE_TEXT_LENGTH ? text : `${text.slice(0, PLACE_TEXT_LENGTH - 1)}…`;
}
