import { parseFragment } from 'parse5';
import { ocrDocumentSchema, type OcrBlock, type OcrDocument, type OcrPage } from '../../../../src-shared/ocr-json';
import { StratumError } from '../../../../src-shared/errors';
import type { CoordOrigin, DoclingDocument, GroupItem, PictureItem, ProvenanceItem, TableCell, TableData, TableItem } from '../../../../src-shared/docling/types';
import { checkpoint } from '../cancellation';
import { DocumentBuilder } from '../document-builder';
import { cellText, layoutTable } from '../html/html-table';
import { findDescendants } from '../html/html-tree';
import type { DocumentParser, ParseInput, ParseOptions } from '../parser';
import { assignCaptions } from './ocr-captions';

const OCR_MIME = 'application/json';
/** A bullet or a number/letter enumerator at the start of an OCR'd list item. */
const LIST_MARKER = /^\s*([•●▪◦‣∙·\-–*]|\(?\d{1,3}[.)]|\(?[a-zA-Z][.)])\s+/;

/** OCR-JSON (`.ocr.json`, see resources/ocr-json.md) to the IR. */
export const ocrJsonParser: DocumentParser = {
  format: 'ocr-json',
  extensions: ['.ocr.json'],
  mimeType: OCR_MIME,
  parse: parseOcrJson,
};

async function parseOcrJson(input: ParseInput, options: ParseOptions = {}): Promise<DoclingDocument> {
  const { fileName } = input;
  await checkpoint(options.signal, fileName);
  const ocr = readOcrDocument(input);
  const builder = new DocumentBuilder(fileName, OCR_MIME, input.bytes);
  for (const [key, value] of Object.entries(ocr.metadata ?? {})) builder.setMetadata(key, value);
  let list: GroupItem | undefined;
  for (const [index, page] of ocr.pages.entries()) {
    await checkpoint(options.signal, fileName);
    options.onProgress?.({ stage: 'page', done: index, total: ocr.pages.length });
    builder.addPage(page.page_no, page.width, page.height);
    list = addPage(builder, page, ocr.coord_origin, list);
  }
  options.onProgress?.({ stage: 'page', done: ocr.pages.length, total: ocr.pages.length });
  return builder.doc;
}

function readOcrDocument(input: ParseInput): OcrDocument {
  const { fileName, bytes } = input;
  if (bytes.length === 0) throw new StratumError('empty-file', `${fileName}: the file is empty`);
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new StratumError('corrupt-file', `${fileName}: not valid UTF-8 JSON`);
  }
  const parsed = ocrDocumentSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new StratumError('corrupt-file', `${fileName}: not OCR-JSON (${issue?.message ?? 'unexpected shape'}${where})`);
  }
  return parsed.data;
}

/** Adds one page's blocks; returns the list group still open at the page end (lists may continue on the next page). */
function addPage(builder: DocumentBuilder, page: OcrPage, origin: CoordOrigin, openList: GroupItem | undefined): GroupItem | undefined {
  const captions = assignCaptions(page.blocks, page.height);
  const floating = new Map<number, TableItem | PictureItem>();
  let list = openList;
  page.blocks.forEach((block, index) => {
    if (captions.has(index)) return;
    const prov = [provenance(page, block, origin)];
    const layer = block.category === 'Page-header' || block.category === 'Page-footer' ? 'furniture' : 'body';
    if (block.category !== 'List-item' && layer === 'body') list = undefined;
    const text = block.text.trim();
    switch (block.category) {
      case 'Title':
        builder.addTitle(text, { prov });
        break;
      case 'Section-header':
        builder.addHeading(text, block.level ?? 1, { prov });
        break;
      case 'List-item': {
        list ??= builder.addGroup('list', 'list');
        const marker = LIST_MARKER.exec(text);
        const enumerated = marker !== null && /[\dA-Za-z]/.test(marker[1]!);
        builder.addListItem(marker ? text.slice(marker[0].length) : text, list, marker?.[1] ?? '', enumerated, { prov, orig: text });
        break;
      }
      case 'Table':
        floating.set(index, builder.addTable(tableData(block), { prov }));
        break;
      case 'Picture':
        floating.set(index, builder.addPicture({ prov }));
        break;
      case 'Formula':
        builder.addText('formula', text, { prov });
        break;
      case 'Footnote':
        builder.addText('footnote', text, { prov });
        break;
      case 'Code':
        builder.addCode(text, block.language, { prov });
        break;
      case 'Page-header':
        builder.addText('page_header', text, { prov, layer });
        break;
      case 'Page-footer':
        builder.addText('page_footer', text, { prov, layer });
        break;
      case 'Caption':
      case 'Text':
        builder.addText(block.category === 'Caption' ? 'caption' : 'text', text, { prov });
        break;
    }
  });
  for (const [captionIndex, ownerIndex] of captions) {
    const caption = page.blocks[captionIndex]!;
    builder.addCaption(floating.get(ownerIndex)!, caption.text.trim(), { prov: [provenance(page, caption, origin)] });
  }
  return list;
}

function provenance(page: OcrPage, block: OcrBlock, origin: CoordOrigin): ProvenanceItem {
  const [l, t, r, b] = block.bbox;
  return { page_no: page.page_no, bbox: { l, t, r, b, coord_origin: origin }, charspan: [0, block.text.trim().length] };
}

/** Cells given as a list, or read from the block's HTML table (spans resolved as a browser would). */
function tableData(block: OcrBlock): TableData {
  if (block.cells) {
    const cells: TableCell[] = block.cells.map((c) => ({
      row_span: c.row_span,
      col_span: c.col_span,
      start_row_offset_idx: c.row,
      end_row_offset_idx: c.row + c.row_span,
      start_col_offset_idx: c.col,
      end_col_offset_idx: c.col + c.col_span,
      text: c.text,
      column_header: c.header,
      row_header: false,
      row_section: false,
    }));
    return {
      table_cells: cells,
      num_rows: cells.reduce((rows, c) => Math.max(rows, c.end_row_offset_idx), 0),
      num_cols: cells.reduce((cols, c) => Math.max(cols, c.end_col_offset_idx), 0),
    };
  }
  const table = block.html ? findDescendants(parseFragment(block.html), new Set(['table']))[0] : undefined;
  if (!table) return { table_cells: [], num_rows: 0, num_cols: 0 };
  const layout = layoutTable(table);
  return {
    num_rows: layout.numRows,
    num_cols: layout.numCols,
    table_cells: layout.cells.map((c) => ({
      row_span: c.rowSpan,
      col_span: c.colSpan,
      start_row_offset_idx: c.row,
      end_row_offset_idx: c.row + c.rowSpan,
      start_col_offset_idx: c.col,
      end_col_offset_idx: c.col + c.colSpan,
      text: cellText(c.element),
      column_header: c.columnHeader,
      row_header: c.rowHeader,
      row_section: false,
    })),
  };
}
