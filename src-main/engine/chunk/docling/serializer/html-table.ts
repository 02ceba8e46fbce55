import type { TableItem } from '../../../ir/types';
import { pyStrip } from '../python-text';
import { tableGrid } from '../../../ir/table-grid';
import { resultOf, type SerializationResult } from './serialization-result';
import type { HeaderAndBodyLines, TableSerializer } from './table-serializer';

/**
 * docling-core's `HTMLTableSerializer` under the chunking (Markdown) document serializer:
 * `<table>` + plain caption text + `<tbody><tr><th|td ...>...</tr></tbody></table>`; a spanning
 * cell is written once with rowspan/colspan; header/row-header/section cells are `<th>`.
 */
export const htmlTableSerializer: TableSerializer = {
  serialize(table, context, visited) {
    const parts: SerializationResult[] = [];
    const captions = context.serializeCaptions(table);
    if (captions.text) parts.push(captions);
    if (!context.isExcluded(table.self_ref)) {
      let body = '';
      let bodySpans: SerializationResult[] | TableItem = [];
      tableGrid(table.data).forEach((row, i) => {
        body += '<tr>';
        row.forEach((cell, j) => {
          if (cell.start_row_offset_idx !== i || cell.start_col_offset_idx !== j) return;
          let content: string;
          const node = cell.ref ? context.resolve(cell.ref.$ref) : undefined;
          if (node) {
            const nested = context.serializeNode(node, visited);
            content = nested.text;
            bodySpans = [nested];
          } else {
            content = escapeHtml(pyStrip(cell.text));
            bodySpans = table;
          }
          const tag = cell.column_header || cell.row_header || cell.row_section ? 'th' : 'td';
          let opening = tag;
          if (cell.row_span > 1) opening += ` rowspan="${cell.row_span}"`;
          if (cell.col_span > 1) opening += ` colspan="${cell.col_span}"`;
          if (isRightToLeft(content)) opening += ' dir="rtl"';
          body += `<${opening}>${content}</${tag}>`;
        });
        body += '</tr>';
      });
      if (body) parts.push(resultOf(`<tbody>${body}</tbody>`, bodySpans));
    }
    const inner = parts.map((p) => p.text).join('');
    return resultOf(inner ? `<table>${inner}</table>` : '', parts);
  },
  headerAndBodyLines: htmlHeaderAndBodyLines,
};

/** Python `html.escape(text, quote=True)`. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

// Right-to-left scripts (bidi classes R and AL), approximated by their Unicode blocks.
const RTL_CHAR = /[\u0590-\u05ff\u0600-\u065f\u066a-\u06ef\u06fa-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

/** docling-core `get_text_direction`: RTL if the first character is RTL or more than half of them are. */
function isRightToLeft(text: string): boolean {
  const chars = Array.from(text);
  if (chars.length === 0) return false;
  const rtl = chars.filter((c) => RTL_CHAR.test(c)).length;
  return RTL_CHAR.test(chars[0]!) || rtl > chars.length / 2;
}

interface ParsedRow {
  headerCells: string[];
  dataCells: string[];
}

/**
 * docling-core's HTML split: text before the first `<tr` is the first header line, then leading
 * rows that have a non-empty `<th>` and only empty `<td>`s; everything from the first other row
 * on is body, plus the text after the last `</tr>`.
 */
function htmlHeaderAndBodyLines(tableText: string): HeaderAndBodyLines {
  const firstRow = tableText.indexOf('<tr');
  const lastRowEnd = tableText.lastIndexOf('</tr>');
  if (firstRow === -1 || lastRowEnd === -1) return { header: [], body: [] };
  const rowsEnd = lastRowEnd + '</tr>'.length;
  const before = pyStrip(tableText.slice(0, firstRow));
  const rowsContent = tableText.slice(firstRow, rowsEnd);
  const after = pyStrip(tableText.slice(rowsEnd));
  const header: string[] = before ? [before] : [];
  let body: string[] = [];
  const rows = parseRows(rowsContent);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const rowText = nthRowText(rowsContent, i);
    if (row.headerCells.some((c) => c) && row.dataCells.every((c) => !c)) {
      if (rowText) header.push(rowText);
      continue;
    }
    body = rowTextsFrom(rowsContent, nthRowStart(rowsContent, i));
    break;
  }
  if (after) body.push(after);
  return { header, body };
}

function nthRowStart(content: string, n: number): number {
  let start = content.indexOf('<tr');
  for (let k = 0; k < n && start !== -1; k++) start = content.indexOf('<tr', start + 1);
  return start;
}

function nthRowText(content: string, n: number): string {
  const start = nthRowStart(content, n);
  if (start === -1) return '';
  const end = content.indexOf('</tr>', start);
  return end === -1 ? '' : content.slice(start, end + 5);
}

function rowTextsFrom(content: string, from: number): string[] {
  const rows: string[] = [];
  let position = from === -1 ? 0 : from;
  for (;;) {
    const start = content.indexOf('<tr', position);
    if (start === -1) break;
    const end = content.indexOf('</tr>', start);
    if (end === -1) break;
    rows.push(content.slice(start, end + 5));
    position = end + 5;
  }
  return rows;
}

/** Rows and cell texts as Python's HTMLParser-based `_SimpleHTMLTableParser` sees them. */
function parseRows(content: string): ParsedRow[] {
  const rows: ParsedRow[] = [];
  let row: ParsedRow | null = null;
  let cellTag: string | null = null;
  let cellText = '';
  const tags = /<(\/?)([a-zA-Z][^\s/>]*)[^>]*>/g;
  let position = 0;
  const addData = (data: string) => {
    if (cellTag !== null) cellText += unescapeHtml(data);
  };
  for (const match of content.matchAll(tags)) {
    addData(content.slice(position, match.index));
    position = match.index + match[0].length;
    const closing = match[1] === '/';
    const tag = match[2]!.toLowerCase();
    if (!closing && tag === 'tr') row = { headerCells: [], dataCells: [] };
    else if (!closing && (tag === 'th' || tag === 'td') && row) {
      cellTag = tag;
      cellText = '';
    } else if (closing && tag === 'tr' && row) {
      rows.push(row);
      row = null;
    } else if (closing && (tag === 'th' || tag === 'td') && row) {
      (tag === 'th' ? row.headerCells : row.dataCells).push(pyStrip(cellText));
      cellTag = null;
      cellText = '';
    }
  }
  addData(content.slice(position));
  return rows;
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name] ?? '');
}
