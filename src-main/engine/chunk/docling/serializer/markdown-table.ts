import type { NodeItem, TableCell, TableData, TableItem } from '../../../ir/types';
import { pySplitLinesKeepEnds, pyStrip } from '../python-text';
import { hasCellSources, tableGrid } from '../../../ir/table-grid';
import {
  cellOrigin,
  joinResults,
  nestedCellOrigins,
  originsOf,
  resultOf,
  type SerializationResult,
  type TextOrigin,
} from './serialization-result';
import type { TableSerializationContext, TableSerializer } from './table-serializer';
import { isNumericColumn, tabulateGithub, type ColumnAlign } from './tabulate';

/**
 * docling-core's `MarkdownTableSerializer`: the first grid row is the header (whatever the cell
 * flags say), tabulate "github" layout, numeric columns right-aligned, `|` -> `&#124;`, newlines
 * -> spaces; `compact` strips the padding.
 */
export function markdownTableSerializer(compact: boolean): TableSerializer {
  return {
    serialize(table, context, visited) {
      const parts: SerializationResult[] = [];
      const captions = context.serializeCaptions(table);
      if (captions.text) parts.push(captions);
      if (!context.isExcluded(table.self_ref)) {
        const grid = tableGrid(table.data);
        const richCells = new Map<TableCell, SerializationResult>();
        const rows = grid.map((row) => row.map((cell) => markdownCellText(cell, context, visited, richCells)));
        const text = markdownTableText(rows, compact);
        if (text)
          parts.push(resultOf(text, table, hasCellSources(table.data) ? markdownCellOrigins(table, grid, text, richCells) : undefined));
      }
      return joinResults(parts, '\n\n');
    },
    headerAndBodyLines: markdownHeaderAndBodyLines,
  };
}

/** A table's Markdown as `TableItem.export_to_markdown` gives it (used for tabular-chart meta). */
export function markdownTableOfData(data: TableData): string {
  return markdownTableText(
    tableGrid(data).map((row) => row.map((cell) => escapeCell(cell.text))),
    false,
  );
}

/** The cell's text as written; a rich cell's serialization is kept in `richCells`, for its origins. */
function markdownCellText(
  cell: TableCell,
  context: TableSerializationContext,
  visited: Set<string>,
  richCells: Map<TableCell, SerializationResult>,
): string {
  let text = cell.text ?? '';
  if (cell.ref) {
    const node = context.resolve(cell.ref.$ref);
    if (node) {
      const nested = nestedCellText(node, context, visited);
      // A merged cell is serialized at each grid position it covers; only the first finds its nodes unvisited.
      if (!richCells.has(cell)) richCells.set(cell, nested);
      text = nested.text;
    }
  }
  return escapeCell(text);
}

/** A rich cell: a nested table is flattened to its cell texts, anything else serialized normally. */
function nestedCellText(node: NodeItem, context: TableSerializationContext, visited: Set<string>): SerializationResult {
  if (node.self_ref.startsWith('#/tables/')) {
    markSubtree(node, context, visited);
    return collectTableText(node as TableItem);
  }
  return context.serializeNode(node, visited);
}

function markSubtree(node: NodeItem, context: TableSerializationContext, visited: Set<string>): void {
  visited.add(node.self_ref);
  for (const child of node.children) {
    const resolved = context.resolve(child.$ref);
    if (resolved) markSubtree(resolved, context, visited);
  }
}

function collectTableText(table: TableItem): SerializationResult {
  const cells = tableGrid(table.data)
    .flat()
    .filter((cell) => cell.text);
  const origins: TextOrigin[] = [];
  let at = 0;
  for (const cell of cells) {
    origins.push(cellOrigin(table, cell, cell.text, at, false));
    at += cell.text.length + 1;
  }
  return resultOf(cells.map((cell) => cell.text).join(' '), table, origins);
}

function escapeCell(text: string): string {
  return text.replace(/\n/g, ' ').replace(/\|/g, '&#124;');
}

function markdownTableText(rows: string[][], compact: boolean): string {
  if (rows.length === 0) return '';
  const [header, ...body] = rows as [string[], ...string[][]];
  let colAlign: ColumnAlign[] | null = null;
  if (body.length > 0) colAlign = header.map((_, j) => (isNumericColumn(body.map((row) => row[j] ?? '')) ? 'right' : 'left'));
  const text = tabulateGithub(header, body, colAlign);
  return compact ? compactTable(text) : text;
}

/** docling-core `_compact_table`: cells stripped, the separator reduced to `-` (alignment colons kept). */
function compactTable(text: string): string {
  const lines: string[] = [];
  text.split('\n').forEach((line, index) => {
    if (!line) return;
    const cells = line.split('|').slice(1, -1);
    const compactCells =
      index === 1
        ? cells.map((cell) => {
            const p = pyStrip(cell);
            if (p.startsWith(':') && p.endsWith(':')) return ':-:';
            if (p.startsWith(':')) return ':-';
            if (p.endsWith(':')) return '-:';
            return '-';
          })
        : cells.map((cell) => pyStrip(cell));
    lines.push(`| ${compactCells.join(' | ')} |`);
  });
  return lines.join('\n');
}

const SEPARATOR_LINE = /^\|(\s*:?-+:?\s*\|)+\s*$/;

/** Header = the row before the first separator line and the separator; lines keep their `\n`. */
function markdownHeaderAndBodyLines(tableText: string): { header: string[]; body: string[] } {
  const lines = pySplitLinesKeepEnds(tableText);
  const separator = lines.findIndex((line) => SEPARATOR_LINE.test(line));
  if (separator <= 0) return { header: [], body: lines };
  return { header: [lines[separator - 1]!, lines[separator]!], body: lines.slice(separator + 1) };
}

/**
 * Where each cell stands in the table's Markdown: line 0 is grid row 0, line 1 the rule, line k
 * grid row k - 1; between the j-th and the next `|` of a line stands cell j, padded (cells hold no
 * `|`: it is written `&#124;`).
 */
function markdownCellOrigins(
  table: TableItem,
  grid: readonly TableCell[][],
  text: string,
  richCells: ReadonlyMap<TableCell, SerializationResult>,
): TextOrigin[] {
  const origins: TextOrigin[] = [];
  let lineStart = 0;
  text.split('\n').forEach((line, index) => {
    const row = index === 0 ? grid[0] : index > 1 ? grid[index - 1] : undefined;
    let pipe = line.indexOf('|');
    for (let j = 0; row && j < row.length && pipe >= 0; j++) {
      const next = line.indexOf('|', pipe + 1);
      if (next < 0) break;
      const segment = line.slice(pipe + 1, next);
      const shown = pyStrip(segment);
      const at = lineStart + pipe + 1 + segment.indexOf(shown);
      const rich = richCells.get(row[j]!);
      if (rich) origins.push(...nestedCellOrigins(originsOf(rich), rich.text, shown, at, false));
      else if (shown !== '') origins.push(cellOrigin(table, row[j]!, shown, at, false));
      pipe = next;
    }
    lineStart += line.length + 1;
  });
  return origins;
}
