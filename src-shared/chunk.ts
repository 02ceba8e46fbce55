/**
 * A chunk as every strategy produces it and every host shows or exports it. The canonical JSON
 * (`src-main/engine/export/canonical-schema.ts`) is a serialisation of this with snake_case keys.
 */

export interface ChunkBox {
  page: number;
  l: number;
  t: number;
  r: number;
  b: number;
}

/**
 * `[start, end)` code points of the source file, or `[start, end, page]` of a page's text (PDF and
 * OCR pages, whose text is every line of the page joined by "\n", see the README).
 */
export type SourceSpan = [start: number, end: number] | [start: number, end: number, page: number];

export interface ContentFlags {
  has_table: boolean;
  has_image: boolean;
  has_code: boolean;
  has_formula: boolean;
  has_list: boolean;
}

export interface Chunk {
  /** Deterministic: derived from document id, config and the chunk's span (see `chunkId`). */
  id: string;
  /** Position in document order, from 0. */
  index: number;
  text: string;
  /** What is embedded: heading path (and captions) before the text, see the strategy's contextualize. */
  contextualizedText: string;
  /** Tokens of `contextualizedText` under the configured tokenizer. */
  tokenCount: number;
  headingPath: string[];
  /** self_refs of the IR items the chunk came from, in order; may repeat (docling merge keeps duplicates). */
  docItems: string[];
  pageStart: number | null;
  pageEnd: number | null;
  /** Where the chunk's characters lie on their pages: the boxes of their lines (PDF), else of their items. */
  bboxes: ChunkBox[];
  /**
   * The source characters the chunk's own text came from, exactly: a chunk cut inside an item
   * names only its part, an overlap is named by both chunks that repeat it. Characters the chunk
   * text adds (list markers, table pipes, Markdown emphasis, joining spaces) have none; a table
   * is named whole. Sorted by page, then start; disjoint. Empty where the format has no source
   * text (DOCX, DoclingDocument JSON).
   */
  sourceSpans: SourceSpan[];
  /** The source of the heading path the chunk is embedded with (its context, not its own text). */
  contextSpans: SourceSpan[];
  parentId: string | null;
  /** e.g. `document`, `section`, `clause` (layered), `parent`, `child` (parent-child). */
  layer: string | null;
  /**
   * Position among the chunks that share this chunk's `parentId`, from 0, in strategies that build
   * layers (e.g. a child's order within its parent); null where the strategy has no layers.
   */
  siblingOrder: number | null;
  /** The first and last of `docItems`, so a consumer knows where the chunk begins and ends without the list. */
  firstItem: string | null;
  lastItem: string | null;
  contentFlags: ContentFlags;
  /** A chunk made only of headings (docling `always_emit_headings`). */
  headingOnly: boolean;
  enrichments: Record<string, unknown>;
}
