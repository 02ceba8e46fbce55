import { isGroup, resolveRef } from '../../../ir/resolve';
import { iterateItems } from '../../../ir/iterate';
import type { DocItem, DocItemLabel, DoclingDocument, GroupItem, NodeItem, PictureItem, TableItem, TextItem } from '../../../ir/types';
import { htmlTableSerializer } from './html-table';
import { markdownTableSerializer } from './markdown-table';
import { serializeMeta } from './meta';
import type { SerializerParams } from './params';
import { EMPTY_RESULT, joinedOrigins, joinResults, originsOf, resultOf, type SerializationResult } from './serialization-result';
import { formatTextParts, type FormattedParts, type PostProcessOptions } from './text-format';
import { formattedOrigins, serializeTextItem, type TextSerializationContext } from './text-item';
import type { TableSerializationContext, TableSerializer } from './table-serializer';
import { tripletTableSerializer } from './triplet-table';

/** docling-core's DOCUMENT_TOKENS_EXPORT_LABELS: items with other labels are excluded from chunks. */
const ALLOWED_LABELS: ReadonlySet<DocItemLabel> = new Set<DocItemLabel>([
  'title',
  'document_index',
  'section_header',
  'paragraph',
  'table',
  'picture',
  'formula',
  'checkbox_selected',
  'checkbox_unselected',
  'text',
  'list_item',
  'code',
  'reference',
  'page_header',
  'page_footer',
  'key_value_region',
  'empty_value',
  'field_key',
  'field_value',
  'field_heading',
  'field_hint',
  'marker',
  'handwritten_text',
  'footnote',
  'caption',
  'form',
]);

interface SerializeOptions {
  /** Refs already serialized; what this call consumes is added. */
  visited?: Set<string>;
  /** Nesting depth of the list being serialized (indent = 4 spaces per level). */
  listLevel?: number;
  /** Inside an inline group: runs are joined with spaces, code uses backticks. */
  inline?: boolean;
}

/**
 * docling-core's `ChunkingDocSerializer` (a Markdown document serializer): decides what text every
 * node becomes and which doc items that text covers. One instance per document; the
 * caption, footnote and exclusion sets are computed once (docling recomputes them per call).
 */
export class ChunkingSerializer implements TableSerializationContext, TextSerializationContext {
  readonly tableSerializer: TableSerializer;
  private readonly captionRefs = new Set<string>();
  private readonly footnoteRefs = new Set<string>();
  private readonly excludedRefs = new Set<string>();
  /** Groups whose serialization has begun and not ended (an ancestor, or a rich cell's reference up the tree). */
  private readonly groupsInProgress = new Set<string>();

  constructor(
    readonly doc: DoclingDocument,
    readonly params: SerializerParams,
  ) {
    this.tableSerializer =
      params.tables === 'markdown'
        ? markdownTableSerializer(params.compactTables)
        : params.tables === 'html'
          ? htmlTableSerializer
          : tripletTableSerializer;
    const allLayers = new Set(['body', 'furniture', 'background', 'invisible', 'notes'] as const);
    for (const { item } of iterateItems(doc, { withGroups: true, traversePictures: true, layers: allLayers })) {
      if ('captions' in item && Array.isArray(item.captions)) for (const ref of item.captions) this.captionRefs.add(ref.$ref);
      if (isFloating(item)) for (const ref of item.footnotes ?? []) this.footnoteRefs.add(ref.$ref);
      // Exclusions come from docling's default (body-layer) walk, which yields a node without a layer too.
      const inBodyWalk = (item.content_layer ?? 'body') === 'body';
      if (inBodyWalk && !isGroup(item) && (!ALLOWED_LABELS.has((item as DocItem).label) || item.content_layer !== 'body'))
        this.excludedRefs.add(item.self_ref);
    }
  }

  isExcluded(selfRef: string): boolean {
    return this.excludedRefs.has(selfRef);
  }

  resolve(ref: string): NodeItem | undefined {
    return resolveRef(this.doc, ref);
  }

  serializeNode(node: NodeItem, visited: Set<string>): SerializationResult {
    return this.serialize(node, { visited });
  }

  serialize(item: NodeItem, options: SerializeOptions = {}): SerializationResult {
    const visited = options.visited ?? new Set<string>();
    visited.add(item.self_ref);
    // A literal, not a spread: this runs for every node and V8 copies spread objects slowly.
    const scoped = { visited, listLevel: options.listLevel, inline: options.inline };
    let part: SerializationResult;
    if (isGroup(item)) {
      this.groupsInProgress.add(item.self_ref);
      try {
        part = this.serializeGroup(item, scoped);
      } finally {
        this.groupsInProgress.delete(item.self_ref);
      }
    } else if (item.self_ref.startsWith('#/texts/')) {
      if (this.captionRefs.has(item.self_ref) || this.footnoteRefs.has(item.self_ref)) return EMPTY_RESULT;
      part = serializeTextItem(item as TextItem, this, scoped);
    } else if (item.self_ref.startsWith('#/tables/')) {
      part = this.tableSerializer.serialize(item as TableItem, this, visited);
    } else if (item.self_ref.startsWith('#/pictures/')) {
      part = this.serializePicture(item as PictureItem);
    } else if (item.self_ref.startsWith('#/key_value_items/')) {
      part = this.isExcluded(item.self_ref) ? EMPTY_RESULT : resultOf('<!-- missing-key-value-item -->', item as DocItem);
    } else if (item.self_ref.startsWith('#/form_items/')) {
      part = this.isExcluded(item.self_ref) ? EMPTY_RESULT : resultOf('<!-- missing-form-item -->', item as DocItem);
    } else {
      part = resultOf('<!-- missing-text -->', item as DocItem);
    }
    const metaText = item.meta ? serializeMeta(item.meta) : '';
    if (!metaText) return part;
    // Meta (a summary, a description) is not text of the source.
    const metaPart: SerializationResult = { text: metaText, spans: isGroup(item) ? [] : [item as DocItem], origins: [] };
    const kept = [part, metaPart].filter((p) => p.text);
    return resultOf(kept.map((p) => p.text).join('\n\n'), [part, metaPart], joinedOrigins(kept, '\n\n'));
  }

  /**
   * Serializes the not-yet-visited descendants of `item` in document order; keeps the non-empty results.
   * A visited group whose serialization has ended is not descended into: serializing a group walks its whole subtree
   * (this walk, or a table's marking) and visits all of it, so nothing below it would be serialized again. Without the
   * skip every group re-walks what its descendants walked, and time grows with the square of the nesting depth.
   */
  getParts(item: NodeItem, options: SerializeOptions & { visited: Set<string> }): SerializationResult[] {
    const parts: SerializationResult[] = [];
    const { visited } = options;
    const descendInto = (node: NodeItem) => !(isGroup(node) && visited.has(node.self_ref) && !this.groupsInProgress.has(node.self_ref));
    for (const { item: node } of iterateItems(this.doc, { root: item, withGroups: true, descendInto })) {
      if (options.visited.has(node.self_ref)) continue;
      options.visited.add(node.self_ref);
      const part = this.serialize(node, options);
      if (part.text) parts.push(part);
    }
    return parts;
  }

  /** Captions of a floating item joined with a space (post-processed). */
  serializeCaptions(item: TableItem | PictureItem | TextItem): SerializationResult {
    const results: SerializationResult[] = [];
    for (const ref of item.captions ?? []) {
      const caption = this.resolve(ref.$ref);
      if (caption && caption.self_ref.startsWith('#/texts/') && !this.isExcluded(caption.self_ref)) {
        const text = (caption as TextItem).text;
        results.push(resultOf(text, caption as TextItem, [{ at: 0, length: text.length, ref: caption.self_ref, start: 0 }]));
      }
    }
    const formatted = this.postProcessParts(results.map((r) => r.text).join(' '));
    return resultOf(formatted.text, results, formattedOrigins(joinedOrigins(results, ' '), formatted));
  }

  postProcess(text: string, options: PostProcessOptions = {}): string {
    return formatTextParts(text, this.params, options).text;
  }

  postProcessParts(text: string, options: PostProcessOptions = {}): FormattedParts {
    return formatTextParts(text, this.params, options);
  }

  private serializeGroup(group: GroupItem, options: SerializeOptions & { visited: Set<string> }): SerializationResult {
    if (group.label === 'list' || group.label === 'ordered_list') return this.serializeList(group, options);
    if (group.label === 'inline') {
      const parts = this.getParts(group, { ...options, inline: true });
      return joinResults(parts, ' ');
    }
    return joinResults(this.getParts(group, options), '\n\n');
  }

  private serializeList(group: GroupItem, options: SerializeOptions & { visited: Set<string> }): SerializationResult {
    const level = options.listLevel ?? 0;
    const parts = this.getParts(group, { ...options, listLevel: level + 1 });
    const merged: SerializationResult[] = [];
    for (const part of parts) {
      const last = merged[merged.length - 1];
      const first = part.spans[0];
      const parent = first?.parent ? this.resolve(first.parent.$ref) : undefined;
      if (last && part.text && parent && isGroup(parent) && (parent as GroupItem).label === 'inline') {
        last.origins = joinedOrigins([last, part], '');
        last.text += part.text;
        last.spans.push(...part.spans);
      } else {
        merged.push({ text: part.text, spans: [...part.spans], origins: originsOf(part) });
      }
    }
    const indent = ' '.repeat(level * 4);
    const prefixes = merged.map((c) => (c.text.startsWith(' ') ? '' : indent));
    const text = merged.map((c, i) => prefixes[i] + c.text).join('\n');
    return resultOf(text, merged, joinedOrigins(merged, '\n', prefixes));
  }

  private serializePicture(picture: PictureItem): SerializationResult {
    const parts: SerializationResult[] = [];
    const captions = this.serializeCaptions(picture);
    if (captions.text) parts.push(captions);
    if (!this.isExcluded(picture.self_ref) && this.params.imagePlaceholder) parts.push(resultOf(this.params.imagePlaceholder, picture));
    return joinResults(parts, '\n\n');
  }
}

function isFloating(item: NodeItem): item is TableItem | PictureItem {
  return (
    /^#\/(tables|pictures|key_value_items|form_items)\//.test(item.self_ref) ||
    (item.self_ref.startsWith('#/texts/') && (item as TextItem).label === 'code')
  );
}
