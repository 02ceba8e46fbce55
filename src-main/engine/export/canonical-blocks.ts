import { BLOCKS_SCHEMA_VERSION, canonicalBlocksSchema, type CanonicalBlock, type CanonicalBlocks } from './canonical-blocks-schema';
import { iterateItems } from '../ir/iterate';
import { isGroup } from '../ir/resolve';
import type { ContentLayer, DocItem, DoclingDocument } from '../ir/types';
import { boxesOf } from '../chunk/build-chunk';
import { cellGrid, documentInfoOf, validOutput, type CanonicalSource } from './canonical';

const everyLayer: ReadonlySet<ContentLayer> = new Set(['body', 'furniture', 'background', 'invisible', 'notes']);

/** The document's items in reading order with their source positions (see `canonical-blocks-schema.ts`). */
export function toCanonicalBlocks(source: CanonicalSource): CanonicalBlocks {
  const blocks: CanonicalBlock[] = [];
  for (const root of [source.doc.body, source.doc.furniture]) {
    for (const { item, depth } of iterateItems(source.doc, { root, layers: everyLayer, traversePictures: true })) {
      if (!isGroup(item)) blocks.push(blockOf(source.doc, item, depth));
    }
  }
  return validOutput(canonicalBlocksSchema, {
    schema_version: BLOCKS_SCHEMA_VERSION,
    document: documentInfoOf(source, []),
    blocks,
  });
}

export function serializeCanonicalBlocks(blocks: CanonicalBlocks): string {
  return `${JSON.stringify(blocks, null, 2)}\n`;
}

function blockOf(doc: DoclingDocument, item: DocItem, depth: number): CanonicalBlock {
  const pages = item.prov.map((prov) => prov.page_no);
  return {
    ref: item.self_ref,
    label: item.label,
    content_layer: item.content_layer ?? 'body',
    parent: item.parent?.$ref ?? null,
    depth,
    level: 'level' in item && typeof item.level === 'number' ? item.level : null,
    text: 'text' in item ? item.text : '',
    cells: 'data' in item ? cellGrid(item.data) : null,
    page_start: pages.length > 0 ? Math.min(...pages) : null,
    page_end: pages.length > 0 ? Math.max(...pages) : null,
    bboxes: boxesOf(doc, [item]),
    source_spans: item.source_span ? [item.source_span] : [],
  };
}
