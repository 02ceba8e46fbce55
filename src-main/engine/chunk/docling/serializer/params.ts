/** The chunking serializer's knobs (docling-core `ChunkingDocSerializer` params + table serializer choice). */
export interface SerializerParams {
  /** `triplet` (docling default), `markdown` (tabulate github) or `html`. */
  tables: 'triplet' | 'markdown' | 'html';
  /** Markdown tables without column padding (`compact_tables`). */
  compactTables: boolean;
  /** Text standing for a picture; `""` (chunking default) prints nothing. */
  imagePlaceholder: string;
  /** Escape `_` as `\_` outside image links. */
  escapeUnderscores: boolean;
  /** Escape `&`, `<`, `>`. */
  escapeHtml: boolean;
}

/** docling-core's chunking defaults: triplet tables, no placeholder, no escaping. */
export const CHUNKING_SERIALIZER_DEFAULTS: SerializerParams = {
  tables: 'triplet',
  compactTables: false,
  imagePlaceholder: '',
  escapeUnderscores: false,
  escapeHtml: false,
};
