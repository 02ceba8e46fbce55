import type { DocItem, DoclingDocument } from '../../ir/types';
import type { DocChunk } from './doc-chunk';
import { baseMetaDump } from './serializer/meta';

/**
 * docling-core's `DocChunk.export_json_dict()`: doc items dumped with the base `DocItem`
 * fields only, `headings` absent when empty, `origin` absent on heading-only chunks. The uint64
 * `binary_hash` stays a decimal string here; the writer prints it as a bare integer.
 */
export function docChunkDump(
  chunk: Pick<DocChunk, 'text' | 'docItems' | 'headings' | 'headingOnly'>,
  doc: DoclingDocument,
): Record<string, unknown> {
  const meta: Record<string, unknown> = {
    schema_name: 'docling_core.transforms.chunker.DocMeta',
    version: '1.0.0',
    doc_items: chunk.docItems.map(baseDocItemDump),
  };
  if (chunk.headings && chunk.headings.length > 0) meta.headings = chunk.headings;
  if (doc.origin && !chunk.headingOnly) meta.origin = originDump(doc.origin);
  return { text: chunk.text, meta };
}

function baseDocItemDump(item: DocItem): Record<string, unknown> {
  const dump: Record<string, unknown> = { self_ref: item.self_ref };
  if (item.parent) dump.parent = { $ref: item.parent.$ref };
  dump.children = item.children.map((c) => ({ $ref: c.$ref }));
  dump.content_layer = item.content_layer;
  if (item.meta) dump.meta = baseMetaDump(item.meta);
  dump.label = item.label;
  dump.prov = item.prov.map((p) => ({
    page_no: p.page_no,
    bbox: { l: p.bbox.l, t: p.bbox.t, r: p.bbox.r, b: p.bbox.b, coord_origin: p.bbox.coord_origin },
    charspan: [p.charspan[0], p.charspan[1]],
  }));
  return dump;
}

function originDump(origin: NonNullable<DoclingDocument['origin']>): Record<string, unknown> {
  const dump: Record<string, unknown> = { mimetype: origin.mimetype, binary_hash: origin.binary_hash, filename: origin.filename };
  if (origin.uri !== undefined && origin.uri !== null) dump.uri = origin.uri;
  return dump;
}
