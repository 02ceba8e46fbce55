/**
 * The document IR: DoclingDocument-shaped (schema 1.10), as exported by Python Docling and as
 * typed by `@docling/docling-core`. Our parsers produce it; DoclingDocument JSON of schema 1.0 to
 * 1.10 loads into it (see `src-main/engine/parse/docling-json.ts`, which normalises old files).
 *
 * Stratum extension: `source_span` on an item is the `[start, end)` code-point range of the
 * source file (Markdown, TXT, HTML) or of its page text (PDF, with the page in `prov`) that the
 * item was read from. Docling itself never sets it; the Docling exporter drops it. `source_runs`
 * (see `SourceRun`) says which source characters each stretch of an item's text, or of a table
 * cell's text, came from; the Docling exporter drops it too.
 */

export type CoordOrigin = 'TOPLEFT' | 'BOTTOMLEFT';
export type ContentLayer = 'body' | 'furniture' | 'background' | 'invisible' | 'notes';

export interface RefItem {
  $ref: string;
}

export interface BoundingBox {
  l: number;
  t: number;
  r: number;
  b: number;
  coord_origin: CoordOrigin;
}

export interface ProvenanceItem {
  page_no: number;
  bbox: BoundingBox;
  charspan: [number, number];
}

export interface Formatting {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strikethrough: boolean;
  script?: 'baseline' | 'sub' | 'super';
}

export type DocItemLabel =
  | 'caption'
  | 'chart'
  | 'footnote'
  | 'formula'
  | 'list_item'
  | 'page_footer'
  | 'page_header'
  | 'picture'
  | 'section_header'
  | 'table'
  | 'text'
  | 'title'
  | 'document_index'
  | 'code'
  | 'checkbox_selected'
  | 'checkbox_unselected'
  | 'form'
  | 'key_value_region'
  | 'paragraph'
  | 'reference'
  | 'handwritten_text'
  | 'empty_value'
  | 'field_region'
  | 'field_heading'
  | 'field_item'
  | 'field_key'
  | 'field_value'
  | 'field_hint'
  | 'marker'
  | 'grading_scale';

export type GroupLabel =
  | 'unspecified'
  | 'list'
  | 'ordered_list'
  | 'chapter'
  | 'section'
  | 'sheet'
  | 'slide'
  | 'form_area'
  | 'key_value_area'
  | 'comment_section'
  | 'inline'
  | 'picture_area';

/** Item-level metadata (schema >= 1.7); legacy `annotations` are migrated into it on load. */
export interface ItemMeta {
  summary?: { text: string; [k: string]: unknown };
  description?: { text: string; [k: string]: unknown };
  classification?: { predictions: Array<{ class_name: string; confidence?: number | null }>; [k: string]: unknown };
  molecule?: { smi: string; [k: string]: unknown };
  tabular_chart?: { title?: string | null; chart_data: TableData; [k: string]: unknown };
  [custom: string]: unknown;
}

interface NodeBase {
  self_ref: string;
  parent?: RefItem | null;
  children: RefItem[];
  content_layer: ContentLayer;
  meta?: ItemMeta | null;
}

export interface GroupItem extends NodeBase {
  name: string;
  label: GroupLabel;
}

/**
 * Stratum extension: `text.slice(text, text + length)` of an item (UTF-16 offsets) was read from
 * the source's code points `[source, source + sourceLength)` (of its page text for PDF). Where the
 * two have as many code points they map one to one; otherwise (a Markdown escape or entity, a line
 * break read as a space) only as a whole. Text that no run covers (a space joining two lines, a
 * hyphen removed at a line end is the reverse: source no run covers) has no source. Runs are in text
 * order and do not overlap.
 */
export interface SourceRun {
  text: number;
  length: number;
  source: number;
  sourceLength: number;
  /** PDF: the box of the line the run is on (the item's `prov` page and coordinate origin). */
  box?: [l: number, t: number, r: number, b: number];
}

interface DocItemBase extends NodeBase {
  prov: ProvenanceItem[];
  /** Stratum extension, see the file comment. */
  source_span?: [number, number];
  /** Stratum extension, see `SourceRun`; absent where the parser does not know them. */
  source_runs?: SourceRun[];
}

export interface TextItem extends DocItemBase {
  label: Exclude<DocItemLabel, 'table' | 'picture' | 'chart' | 'key_value_region' | 'form'>;
  orig: string;
  text: string;
  formatting?: Formatting | null;
  hyperlink?: string | null;
  /** section_header only */
  level?: number;
  /** list_item only */
  enumerated?: boolean;
  /** list_item only */
  marker?: string;
  /** code only */
  code_language?: string;
  /** code only (a floating item) */
  captions?: RefItem[];
  references?: RefItem[];
  footnotes?: RefItem[];
}

export interface TableCell {
  bbox?: BoundingBox | null;
  row_span: number;
  col_span: number;
  start_row_offset_idx: number;
  end_row_offset_idx: number;
  start_col_offset_idx: number;
  end_col_offset_idx: number;
  text: string;
  column_header: boolean;
  row_header: boolean;
  row_section: boolean;
  /** rich cells (schema >= 1.8): the node holding the cell's content */
  ref?: RefItem;
  fillable?: boolean;
  /** Stratum extension, see `SourceRun`: where the cell's `text` was read (PDF: in the table's page text). */
  source_runs?: SourceRun[];
}

export interface TableData {
  table_cells: TableCell[];
  num_rows: number;
  num_cols: number;
}

export interface ImageRef {
  mimetype: string;
  dpi: number;
  size: { width: number; height: number };
  uri: string;
}

interface FloatingItemBase extends DocItemBase {
  captions: RefItem[];
  references: RefItem[];
  footnotes: RefItem[];
  image?: ImageRef | null;
}

export interface TableItem extends FloatingItemBase {
  label: 'table' | 'document_index';
  data: TableData;
}

export interface PictureItem extends FloatingItemBase {
  label: 'picture' | 'chart';
}

interface KeyValueItem extends FloatingItemBase {
  label: 'key_value_region';
  graph: unknown;
}

interface FormItem extends FloatingItemBase {
  label: 'form';
  graph: unknown;
}

export type DocItem = TextItem | TableItem | PictureItem | KeyValueItem | FormItem;
export type NodeItem = DocItem | GroupItem;

interface DocumentOrigin {
  mimetype: string;
  /** uint64 in Python; kept as a string or bigint-safe number text to never lose digits */
  binary_hash: string;
  filename: string;
  uri?: string | null;
}

interface PageItem {
  size: { width: number; height: number };
  page_no: number;
  image?: ImageRef | null;
}

export interface DoclingDocument {
  schema_name: 'DoclingDocument';
  version: string;
  name: string;
  origin?: DocumentOrigin | null;
  furniture: GroupItem;
  body: GroupItem;
  groups: GroupItem[];
  texts: TextItem[];
  pictures: PictureItem[];
  tables: TableItem[];
  key_value_items: KeyValueItem[];
  form_items: FormItem[];
  pages: Record<string, PageItem>;
  /** Stratum extension: document metadata (front matter, core properties). */
  metadata?: Record<string, unknown>;
}
