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
  bboxes: ChunkBox[];
  /** `[start, end)` code-point ranges into the source file (into the page text for PDF). */
  sourceSpans: Array<[number, number]>;
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
