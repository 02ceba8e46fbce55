import type { Chunk, ChunkBox, ContentFlags, SourceSpan } from '../../../src-shared/chunk';
import { resolveRef } from '../ir/resolve';
import type { DocItem, DoclingDocument } from '../ir/types';
import { chunkId } from './chunk-id';
import { sourcesOf, spansOf, topLeftBox, type ItemTextRange } from './item-sources';
import type { ChunkingContext } from './strategy';

/** What a strategy decides about a chunk; everything derivable from the IR is filled in by `buildChunk`. */
export interface ChunkDraft {
  index: number;
  text: string;
  contextualizedText: string;
  headingPath: string[];
  docItems: string[];
  /** Distinguishes chunks over the same items (e.g. the pieces of a split paragraph). */
  spanKey?: string;
  /** The ranges of item texts the chunk's text came from (see `sourcesOf`); absent, all of every item in `docItems`. */
  itemRanges?: ItemTextRange[];
  /** The chunk's source spans, when the strategy cut the source text itself and so knows them exactly. */
  sourceSpans?: SourceSpan[];
  /** The heading items of the heading path the chunk is embedded with. */
  contextRefs?: readonly string[];
  /** Other text the chunk repeats as context, not as its own (a table header repeated over its rows). */
  contextRanges?: readonly ItemTextRange[];
  parentId?: string | null;
  layer?: string | null;
  siblingOrder?: number | null;
  headingOnly?: boolean;
  /** `tokenizer.count(contextualizedText)`, when the strategy already knows it exactly. */
  tokenCount?: number;
}

export function buildChunk(context: ChunkingContext, draft: ChunkDraft): Chunk {
  const items = resolveDocItems(context.doc, draft.docItems);
  const pages = pageRangeOf(items);
  const spanKey = draft.spanKey ?? `${draft.index}:${draft.docItems.join(',')}`;
  const sources = sourcesOf(context.doc, draft.itemRanges ?? items.map((item) => ({ ref: item.self_ref })));
  const contextRanges = contextRangesOf(draft);
  return {
    id: chunkId(context.docId, context.configHash, spanKey),
    index: draft.index,
    text: draft.text,
    contextualizedText: draft.contextualizedText,
    tokenCount: draft.tokenCount ?? context.tokenizer.count(draft.contextualizedText),
    headingPath: draft.headingPath,
    docItems: draft.docItems,
    pageStart: pages?.[0] ?? null,
    pageEnd: pages?.[1] ?? null,
    bboxes: sources.bboxes,
    sourceSpans: draft.sourceSpans ?? sources.sourceSpans,
    contextSpans: contextRanges.length === 0 ? [] : spansOf(context.doc, contextRanges),
    parentId: draft.parentId ?? null,
    layer: draft.layer ?? null,
    siblingOrder: draft.siblingOrder ?? null,
    firstItem: draft.docItems[0] ?? null,
    lastItem: draft.docItems.at(-1) ?? null,
    contentFlags: contentFlagsOf(items),
    headingOnly: draft.headingOnly ?? false,
    enrichments: {},
  };
}

/** The heading items whole, then the other context ranges. */
function contextRangesOf(draft: ChunkDraft): readonly ItemTextRange[] {
  const refs = draft.contextRefs ?? [];
  if (refs.length === 0) return draft.contextRanges ?? [];
  const ranges: ItemTextRange[] = refs.map((ref) => ({ ref }));
  for (const range of draft.contextRanges ?? []) ranges.push(range);
  return ranges;
}

export function resolveDocItems(doc: DoclingDocument, refs: readonly string[]): DocItem[] {
  const seen = new Set<string>();
  const items: DocItem[] = [];
  for (const ref of refs) {
    if (seen.has(ref)) continue;
    seen.add(ref);
    const node = resolveRef(doc, ref);
    if (node && 'prov' in node) items.push(node);
  }
  return items;
}

/** First and last page of the items' provenance; undefined without any. */
function pageRangeOf(items: readonly DocItem[]): [number, number] | undefined {
  let first = Infinity;
  let last = -Infinity;
  for (const item of items) {
    for (const prov of item.prov) {
      first = Math.min(first, prov.page_no);
      last = Math.max(last, prov.page_no);
    }
  }
  return first <= last ? [first, last] : undefined;
}

export function contentFlagsOf(items: readonly DocItem[]): ContentFlags {
  const labels = new Set<string>(items.map((item) => item.label));
  return {
    has_table: labels.has('table') || labels.has('document_index'),
    has_image: labels.has('picture') || labels.has('chart'),
    has_code: labels.has('code'),
    has_formula: labels.has('formula'),
    has_list: labels.has('list_item'),
  };
}

/** Item boxes in top-left page coordinates (y grows downwards), one per provenance entry. */
export function boxesOf(doc: DoclingDocument, items: readonly DocItem[]): ChunkBox[] {
  const boxes: ChunkBox[] = [];
  for (const item of items) {
    for (const prov of item.prov) {
      const { l, t, r, b, coord_origin } = prov.bbox;
      const box = topLeftBox(doc, prov.page_no, [l, t, r, b], coord_origin);
      if (box) boxes.push(box);
    }
  }
  return boxes;
}
