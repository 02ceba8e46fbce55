import type { DoclingDocument, GroupItem, ItemMeta, PictureItem, TableCell, TableData, TableItem } from '../ir/types';
import { NestingTooDeepError, parseBoundedJson } from '../../../src-shared/bounded-parse';
import { isStratumError, StratumError } from '../../../src-shared/errors';
import { isRecord } from '../../../src-shared/is-record';
import { looksLikeOcrJson } from './ocr-json/ocr-json-schema';
import { doclingDocumentSchema } from './docling-schema';
import { checkItemNesting } from './document-nesting';
import { rejectOversizedTable } from './limits';
import { layoutEngineOf } from './layout-json/layout-engines';
import { parseLayoutJson } from './layout-json/layout-json-parser';
import { ocrJsonParser } from './ocr-json/ocr-json-parser';
import type { DocumentParser, ParseInput, ParseOptions } from './parser';

/**
 * DoclingDocument JSON (schema 1.0 to 1.10) <-> the IR. Loading normalises what older schemas
 * leave out, as docling-core's pydantic models do on validation: missing `content_layer` is
 * `body`, legacy picture/table `annotations` become `meta`, tables keep `table_cells` only (the
 * grid is derived, see `tableGrid`). `origin.binary_hash` is a uint64 and is kept digit for digit.
 */

const BINARY_HASH_NUMBER = /(?<!\\)"binary_hash"(\s*):(\s*)(\d+)/g;
const BINARY_HASH_STRING = /"binary_hash": "(\d+)"/g;

export function loadDoclingJson(source: string, fileName: string): DoclingDocument {
  let raw: unknown;
  try {
    // Quote the uint64 before parsing: a double would round it.
    raw = parseBoundedJson(source.replace(BINARY_HASH_NUMBER, '"binary_hash"$1:$2"$3"'));
  } catch (error) {
    if (error instanceof NestingTooDeepError) throw new StratumError('corrupt-file', `${fileName}: ${error.message}`);
    throw new StratumError('corrupt-file', `${fileName}: not valid JSON (${(error as Error).message})`);
  }
  if (!isDoclingDocumentShape(raw)) {
    throw new StratumError(
      'corrupt-file',
      `${fileName}: not a DoclingDocument (expected "schema_name": "DoclingDocument" with a body and item lists)`,
    );
  }
  const checked = doclingDocumentSchema.safeParse(raw);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw invalidDocument(fileName, `${issue.path.map(String).join('.') || 'document'}: ${issue.message}`);
  }
  checkItemPlaces(raw, fileName);
  checkTableSizes(raw, fileName);
  const doc = normaliseDocument(raw);
  // Before anything walks the tree: a child listed twice, or an ancestor as a child, makes every walk endless.
  checkItemNesting(doc, fileName);
  return doc;
}

function invalidDocument(fileName: string, reason: string): StratumError {
  return new StratumError('corrupt-file', `${fileName}: not a valid DoclingDocument (${reason})`);
}

const ITEM_LISTS = ['groups', 'texts', 'pictures', 'tables', 'key_value_items', 'form_items'] as const;

/** Every item's `self_ref` names its own place: references are resolved by place, and items told apart by theirs. */
function checkItemPlaces(raw: JsonObject, fileName: string): void {
  for (const [root, place] of [
    ['body', '#/body'],
    ['furniture', '#/furniture'],
  ] as const) {
    const node = raw[root];
    if (isRecord(node) && node.self_ref !== place) {
      throw invalidDocument(fileName, `${root}.self_ref is ${JSON.stringify(node.self_ref).slice(0, 80)}, not ${place}`);
    }
  }
  for (const list of ITEM_LISTS) {
    const items = (raw[list] ?? []) as JsonObject[];
    items.forEach((item, index) => {
      if (item.self_ref !== `#/${list}/${index}`) {
        const found = JSON.stringify(item.self_ref).slice(0, 80);
        throw invalidDocument(fileName, `${list}.${index}.self_ref is ${found}, not #/${list}/${index}`);
      }
    });
  }
}

/** A table's grid is `num_rows x num_cols` cells: a file that declares billions would exhaust memory when it is chunked. */
function checkTableSizes(raw: JsonObject, fileName: string): void {
  const tables = (raw.tables ?? []) as TableItem[];
  tables.forEach(({ data }, index) => {
    rejectOversizedTable(fileName, { columns: data.num_cols, cells: data.num_rows * data.num_cols }, `#/tables/${index}`);
  });
}

/** DoclingDocument JSON as Python Docling writes it (indent 2, `binary_hash` a bare integer, no Stratum extensions). */
export function exportDoclingJson(doc: DoclingDocument): string {
  const json = JSON.stringify(
    doc,
    (key, value: unknown) => (key === 'source_span' || key === 'source_runs' || key === 'metadata' ? undefined : value),
    2,
  );
  return json.replace(BINARY_HASH_STRING, '"binary_hash": $1');
}

export const doclingJsonParser: DocumentParser = {
  format: 'docling',
  extensions: ['.json'],
  mimeType: 'application/json',
  async parse(input: ParseInput, options?: ParseOptions) {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(input.bytes);
    } catch {
      throw new StratumError('corrupt-file', `${input.fileName}: not UTF-8 text`);
    }
    if (text.trim() === '') throw new StratumError('empty-file', `${input.fileName}: the file is empty`);
    try {
      return loadDoclingJson(text, input.fileName);
    } catch (error) {
      // A `.json` that is OCR-JSON (pages of blocks) or a layout engine's JSON is recognised by its content.
      if (!isStratumError(error) || error.code !== 'corrupt-file') throw error;
      const value = parsedOrUndefined(text);
      if (looksLikeOcrJson(value)) return ocrJsonParser.parse(input, options);
      if (layoutEngineOf(input.fileName, value)) return parseLayoutJson(input, value, options);
      throw error;
    }
  },
};

function parsedOrUndefined(text: string): unknown {
  try {
    return parseBoundedJson(text);
  } catch {
    return undefined;
  }
}

type JsonObject = Record<string, unknown>;

function isDoclingDocumentShape(value: unknown): value is JsonObject {
  if (!isRecord(value)) return false;
  if (value.schema_name !== undefined && value.schema_name !== 'DoclingDocument') return false;
  if (!isRecord(value.body) || !Array.isArray(value.body.children)) return false;
  for (const list of ['texts', 'tables', 'pictures', 'groups'] as const) {
    if (value[list] !== undefined && !Array.isArray(value[list])) return false;
  }
  return Array.isArray(value.texts);
}

function normaliseDocument(raw: JsonObject): DoclingDocument {
  const doc = raw as unknown as DoclingDocument;
  doc.schema_name = 'DoclingDocument';
  doc.version ??= '1.0.0';
  doc.name ??= 'Document';
  doc.furniture = normaliseNode(
    (doc.furniture ?? {
      self_ref: '#/furniture',
      name: '_root_',
      label: 'unspecified',
      content_layer: 'furniture',
    }) as unknown as JsonObject,
    false,
  ) as unknown as GroupItem;
  doc.body = normaliseNode(doc.body as unknown as JsonObject, false) as unknown as GroupItem;
  for (const list of ITEM_LISTS) {
    const items = (doc[list] ?? []) as unknown as JsonObject[];
    (doc as unknown as JsonObject)[list] = items.map((item) => normaliseNode(item, list !== 'groups'));
  }
  for (const table of doc.tables) normaliseTable(table);
  for (const picture of doc.pictures) migrateAnnotations(picture);
  for (const table of doc.tables) migrateAnnotations(table);
  doc.pages ??= {};
  return doc;
}

function normaliseNode(node: JsonObject, isDocItem: boolean): JsonObject {
  node.children ??= [];
  node.content_layer ??= 'body';
  if (isDocItem) node.prov ??= [];
  if (/^#\/(tables|pictures|key_value_items|form_items)\//.test(String(node.self_ref ?? ''))) {
    node.captions ??= [];
    node.references ??= [];
    node.footnotes ??= [];
  }
  return node;
}

function normaliseTable(table: TableItem): void {
  const data = table.data as TableData & { grid?: TableCell[][] };
  if ((!data.table_cells || data.table_cells.length === 0) && Array.isArray(data.grid)) {
    const unique = new Set<TableCell>();
    const seen = new Set<string>();
    for (const row of data.grid) {
      for (const cell of row) {
        const key = `${cell.start_row_offset_idx}:${cell.start_col_offset_idx}`;
        if (!seen.has(key)) {
          seen.add(key);
          unique.add(cell);
        }
      }
    }
    data.table_cells = [...unique];
  }
  data.table_cells ??= [];
  delete data.grid;
}

interface LegacyAnnotation {
  kind?: string;
  text?: string;
  provenance?: string;
  predicted_classes?: Array<{ class_name: string; confidence?: number | null }>;
  smi?: string;
  title?: string;
  chart_data?: TableData;
  [key: string]: unknown;
}

/** Legacy `annotations` -> `meta`, the first annotation of each kind (as docling-core's validator does). */
function migrateAnnotations(item: PictureItem | TableItem): void {
  const holder = item as (PictureItem | TableItem) & { annotations?: LegacyAnnotation[] };
  const annotations = holder.annotations;
  delete holder.annotations;
  if (!Array.isArray(annotations) || annotations.length === 0) return;
  const meta: ItemMeta = item.meta ?? {};
  for (const annotation of annotations) {
    const createdBy = annotation.provenance ? { created_by: annotation.provenance } : {};
    switch (annotation.kind) {
      case 'description':
        meta.description ??= { text: annotation.text ?? '', ...createdBy };
        break;
      case 'classification':
        meta.classification ??= {
          predictions: (annotation.predicted_classes ?? []).map((p) => ({
            class_name: p.class_name,
            confidence: p.confidence ?? null,
            ...createdBy,
          })),
        };
        break;
      case 'molecule':
        meta.molecule ??= { smi: annotation.smi ?? '', ...createdBy };
        break;
      case 'tabular_chart':
        if (annotation.chart_data) meta.tabular_chart ??= { title: annotation.title ?? null, chart_data: annotation.chart_data };
        break;
      default: {
        const key = `docling_legacy__${annotation.kind ?? 'misc'}`;
        meta[key] ??= annotation;
      }
    }
  }
  item.meta = meta;
}
