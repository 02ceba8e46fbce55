import type { DocumentItemView, DocumentView, TableGridView } from '../../src-shared/api';
import { parsedHeadings } from '../engine/evaluate/outline/heading-match';
import { scoreHeadings } from '../engine/evaluate/outline/heading-scores';
import { iterateItems } from '../engine/ir/iterate';
import { documentWarnings } from '../engine/parse/document-builder';
import { resolveRef } from '../engine/ir/resolve';
import type { OutlineEntry } from '../engine/parse/pdf/pdf-outline';
import type { DocItem, DoclingDocument, NodeItem, TableData } from '../engine/ir/types';

interface DocumentViewSource {
  doc: DoclingDocument;
  docId: string;
  fileName: string;
  format: string;
  mimeType: string;
  outline?: readonly OutlineEntry[];
}

/**
 * The document as the workbench lists it: every body item in reading order, with a display text; a picture's labels
 * under it, as chunks take them by default (`includePictureText`).
 */
export function documentViewOf(source: DocumentViewSource): DocumentView {
  const { doc } = source;
  const items: DocumentItemView[] = [];
  for (const { item, depth } of iterateItems(doc, { traversePictures: true })) {
    if (!('prov' in item)) continue;
    items.push({
      ref: item.self_ref,
      label: item.label,
      text: displayTextOf(item),
      depth,
      headingLevel: headingLevelOf(item),
      page: item.prov[0]?.page_no ?? null,
      contentLayer: item.content_layer ?? 'body',
      caption: captionOf(doc, item),
      ...('data' in item && item.label === 'table' ? { grid: gridOf(item.data) } : {}),
    });
  }
  const pages = Object.values(doc.pages)
    .map((page) => ({ pageNo: page.page_no, width: page.size.width, height: page.size.height }))
    .sort((a, b) => a.pageNo - b.pageNo);
  return {
    documentId: source.docId,
    name: doc.name,
    fileName: source.fileName,
    format: source.format,
    mimeType: source.mimeType,
    pages,
    items,
    hasPdf: source.format === 'pdf',
    warnings: documentWarnings(doc),
    outlineHeadings: outlineHeadingsOf(doc, source.outline ?? []),
  };
}

function outlineHeadingsOf(doc: DoclingDocument, outline: readonly OutlineEntry[]): DocumentView['outlineHeadings'] {
  if (outline.length === 0) return null;
  const scores = scoreHeadings(outline, parsedHeadings(doc));
  if (scores.outlineEntries === 0) return null;
  const { outlineEntries: entries, matched, headings, recall, precision } = scores;
  return { entries, matched, headings, recall, precision };
}

function headingLevelOf(item: NodeItem): number | null {
  if (!('label' in item)) return null;
  if (item.label === 'title') return 0;
  if (item.label === 'section_header') return 'level' in item && typeof item.level === 'number' ? item.level : 1;
  return null;
}

function captionOf(doc: DoclingDocument, item: DocItem): string | null {
  const texts = ('captions' in item ? (item.captions ?? []) : []).flatMap((ref) => {
    const caption = resolveRef(doc, ref);
    return caption && 'text' in caption && caption.text.trim() !== '' ? [caption.text.trim()] : [];
  });
  return texts.length > 0 ? texts.join(' ') : null;
}

function displayTextOf(item: DocItem): string {
  if ('text' in item) return item.text;
  if ('data' in item) return tableTextOf(item.data);
  return `[${item.label}]`;
}

/** A table as rows of ` | `-separated cells: enough to recognise it in the list, not a serializer. */
function tableTextOf(data: TableData): string {
  const rows: string[][] = Array.from({ length: data.num_rows }, () => Array<string>(data.num_cols).fill(''));
  for (const cell of data.table_cells) {
    const row = rows[cell.start_row_offset_idx];
    if (row && cell.start_col_offset_idx < row.length) row[cell.start_col_offset_idx] = cell.text;
  }
  return rows.map((cells) => cells.join(' | ')).join('\n');
}

/** A table's cells once each (a merged cell at its first row and column), for the text view's grid. */
function gridOf(data: TableData): TableGridView {
  const seen = new Set<string>();
  const cells: TableGridView['cells'] = [];
  for (const cell of data.table_cells) {
    const key = `${cell.start_row_offset_idx}:${cell.start_col_offset_idx}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const rowSpan = Math.max(1, cell.end_row_offset_idx - cell.start_row_offset_idx);
    const columnSpan = Math.max(1, cell.end_col_offset_idx - cell.start_col_offset_idx);
    cells.push([
      cell.start_row_offset_idx,
      cell.start_col_offset_idx,
      rowSpan,
      columnSpan,
      cell.column_header || cell.row_header,
      cell.text,
    ]);
  }
  cells.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return { rows: data.num_rows, columns: data.num_cols, cells };
}
