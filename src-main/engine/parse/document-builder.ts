import type {
  ContentLayer,
  DoclingDocument,
  Formatting,
  GroupItem,
  GroupLabel,
  PictureItem,
  ProvenanceItem,
  RefItem,
  SourceRun,
  TableCell,
  TableData,
  TableItem,
  TextItem,
} from '../ir/types';
import { stemOf } from '../../../src-shared/file-names';
import { binaryHash } from '../ir/document-id';
import { rejectOversizedTable } from './limits';

const IR_SCHEMA_VERSION = '1.10.0';

type Parent = GroupItem | TextItem | TableItem | PictureItem;

export interface ItemPlacement {
  parent?: Parent;
  layer?: ContentLayer;
  prov?: ProvenanceItem[];
  /** `[start, end)` code points in the source (or page text for PDF). */
  sourceSpan?: [number, number];
}

interface PictureOptions extends ItemPlacement {
  /** What the source names the picture's image by (an HTML `src`, a Markdown image's URL); see `imageSources`. */
  imageSource?: string;
}

/** A picture and the URI or path its source names its image by. */
interface ImageSource {
  picture: PictureItem;
  src: string;
}

export interface TextOptions extends ItemPlacement {
  /** Where each stretch of the text was read (see `SourceRun`). */
  sourceRuns?: SourceRun[];
  orig?: string;
  formatting?: Formatting;
  hyperlink?: string;
}

/**
 * Builds a DoclingDocument item by item, keeping `self_ref`, `parent` and `children` consistent.
 * Every parser uses it, so every format produces the same IR shape.
 */
export class DocumentBuilder {
  readonly doc: DoclingDocument;
  /**
   * Pictures whose image the source names rather than holds: read once the whole document is
   * built (attachImageSources), since reading a file is asynchronous and the walks are not.
   */
  readonly imageSources: ImageSource[] = [];

  constructor(
    /** The file the document is read from, as errors name it. */
    readonly fileName: string,
    mimeType: string,
    bytes: Uint8Array,
  ) {
    this.doc = {
      schema_name: 'DoclingDocument',
      version: IR_SCHEMA_VERSION,
      name: stemOf(fileName),
      origin: { mimetype: mimeType, binary_hash: binaryHash(bytes), filename: fileName },
      furniture: { self_ref: '#/furniture', children: [], content_layer: 'furniture', name: '_root_', label: 'unspecified' },
      body: { self_ref: '#/body', children: [], content_layer: 'body', name: '_root_', label: 'unspecified' },
      groups: [],
      texts: [],
      pictures: [],
      tables: [],
      key_value_items: [],
      form_items: [],
      pages: {},
    };
  }

  addPage(pageNo: number, width: number, height: number): void {
    this.doc.pages[String(pageNo)] = { size: { width, height }, page_no: pageNo };
  }

  addGroup(label: GroupLabel, name: string, placement: ItemPlacement = {}): GroupItem {
    const group: GroupItem = {
      self_ref: `#/groups/${this.doc.groups.length}`,
      children: [],
      content_layer: placement.layer ?? 'body',
      name,
      label,
    };
    this.doc.groups.push(group);
    this.attach(group, placement);
    return group;
  }

  addText(label: TextItem['label'], text: string, options: TextOptions = {}): TextItem {
    const item: TextItem = {
      self_ref: `#/texts/${this.doc.texts.length}`,
      children: [],
      content_layer: options.layer ?? 'body',
      label,
      prov: options.prov ?? [],
      orig: options.orig ?? text,
      text,
    };
    if (options.formatting) item.formatting = options.formatting;
    if (options.hyperlink) item.hyperlink = options.hyperlink;
    if (options.sourceSpan) item.source_span = options.sourceSpan;
    if (options.sourceRuns) item.source_runs = options.sourceRuns;
    this.doc.texts.push(item);
    this.attach(item, options);
    return item;
  }

  addTitle(text: string, options: TextOptions = {}): TextItem {
    return this.addText('title', text, options);
  }

  addHeading(text: string, level: number, options: TextOptions = {}): TextItem {
    const item = this.addText('section_header', text, options);
    item.level = Math.min(Math.max(Math.round(level), 1), 100);
    return item;
  }

  addListItem(text: string, list: GroupItem, marker: string, enumerated: boolean, options: TextOptions = {}): TextItem {
    const item = this.addText('list_item', text, { ...options, parent: options.parent ?? list });
    item.marker = marker;
    item.enumerated = enumerated;
    return item;
  }

  addCode(text: string, language: string | undefined, options: TextOptions = {}): TextItem {
    const item = this.addText('code', text, options);
    item.code_language = language ?? 'unknown';
    item.captions = [];
    item.references = [];
    item.footnotes = [];
    return item;
  }

  /** Adds a table; one past the table limits (`limits.ts`) is a `too-large` error, whatever format it comes from. */
  addTable(data: TableData, options: ItemPlacement = {}): TableItem {
    rejectOversizedTable(this.fileName, { columns: data.num_cols, cells: data.num_rows * data.num_cols });
    const item: TableItem = {
      self_ref: `#/tables/${this.doc.tables.length}`,
      children: [],
      content_layer: options.layer ?? 'body',
      label: 'table',
      prov: options.prov ?? [],
      captions: [],
      references: [],
      footnotes: [],
      data,
    };
    if (options.sourceSpan) item.source_span = options.sourceSpan;
    this.doc.tables.push(item);
    this.attach(item, options);
    return item;
  }

  addPicture(options: PictureOptions = {}): PictureItem {
    const item: PictureItem = {
      self_ref: `#/pictures/${this.doc.pictures.length}`,
      children: [],
      content_layer: options.layer ?? 'body',
      label: 'picture',
      prov: options.prov ?? [],
      captions: [],
      references: [],
      footnotes: [],
    };
    if (options.sourceSpan) item.source_span = options.sourceSpan;
    this.doc.pictures.push(item);
    this.attach(item, options);
    if (options.imageSource) this.imageSources.push({ picture: item, src: options.imageSource });
    return item;
  }

  /** Adds a caption text as a child of its table, picture or code item and links it in `captions`. */
  addCaption(owner: TableItem | PictureItem | TextItem, text: string, options: TextOptions = {}): TextItem {
    const caption = this.addText('caption', text, { ...options, parent: owner });
    (owner.captions ??= []).push(refTo(caption));
    return caption;
  }

  /** Adds a footnote of a floating item (Docling keeps it out of chunk text). */
  addFootnote(owner: TableItem | PictureItem, text: string, options: TextOptions = {}): TextItem {
    const footnote = this.addText('footnote', text, { ...options, parent: owner });
    owner.footnotes.push(refTo(footnote));
    return footnote;
  }

  setMetadata(key: string, value: unknown): void {
    (this.doc.metadata ??= {})[key] = value;
  }

  /** A problem that did not stop the parse, listed in `metadata.warnings` for the user to read. */
  addWarning(message: string): void {
    const metadata = (this.doc.metadata ??= {});
    const warnings = Array.isArray(metadata['warnings']) ? (metadata['warnings'] as unknown[]) : (metadata['warnings'] = []);
    warnings.push(message);
  }

  private attach(node: { self_ref: string; parent?: RefItem | null; content_layer: ContentLayer }, placement: ItemPlacement): void {
    const parent = placement.parent ?? (node.content_layer === 'furniture' ? this.doc.furniture : this.doc.body);
    node.parent = refTo(parent);
    parent.children.push(refTo(node));
  }
}

/** The problems a parse read past (`DocumentBuilder.addWarning`), for a host to show beside the document. */
export function documentWarnings(doc: DoclingDocument): string[] {
  const warnings = doc.metadata?.['warnings'];
  return Array.isArray(warnings) ? warnings.filter((warning): warning is string => typeof warning === 'string') : [];
}

/** Where a cell stands on its table's grid: its top-left row and column, and the rows and columns it spans. */
interface CellPosition {
  row: number;
  col: number;
  /** 1 when not given. */
  rowSpan?: number;
  /** 1 when not given. */
  colSpan?: number;
  columnHeader?: boolean;
  rowHeader?: boolean;
}

/** A table cell covering `[row, row + rowSpan) x [col, col + colSpan)`, fields in Docling's order. */
export function tableCell(text: string, position: CellPosition): TableCell {
  const { row, col, rowSpan = 1, colSpan = 1 } = position;
  return {
    row_span: rowSpan,
    col_span: colSpan,
    start_row_offset_idx: row,
    end_row_offset_idx: row + rowSpan,
    start_col_offset_idx: col,
    end_col_offset_idx: col + colSpan,
    text,
    column_header: position.columnHeader ?? false,
    row_header: position.rowHeader ?? false,
    row_section: false,
  };
}

/** A grid of one-by-one cells, row by row; the first row is the column header and its width is the table's. */
export function tableDataFromRows(rows: readonly (readonly string[])[]): TableData {
  const table_cells = rows.flatMap((cells, row) => cells.map((text, col) => tableCell(text, { row, col, columnHeader: row === 0 })));
  return { table_cells, num_rows: rows.length, num_cols: rows[0]?.length ?? 0 };
}

function refTo(node: { self_ref: string }): RefItem {
  return { $ref: node.self_ref };
}
