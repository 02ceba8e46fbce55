import type { TableCell, TableItem } from '../../../ir/types';
import { pyStrip } from '../python-text';
import { tableGrid } from '../../../ir/table-grid';
import { resultOf, type SerializationResult } from './serialization-result';
import { SetOverlay } from './set-overlay';
import type { TableSerializationContext, TableSerializer } from './table-serializer';

/**
 * docling-core's `TripletTableSerializer` (the chunking default): `row label, column label = value`
 * sentences joined with `". "`.
 */
export const tripletTableSerializer: TableSerializer = {
  serialize(table, context, visited) {
    const parts: SerializationResult[] = [];
    const captions = context.serializeCaptions(table);
    if (captions.text) parts.push(captions);
    if (!context.isExcluded(table.self_ref)) {
      // Rich cells consume their nodes only if the table prints something (a blank layout table must not swallow them).
      const cellVisited = new SetOverlay(visited);
      const text = tripletText(table, (cell) => cellText(cell, context, cellVisited));
      if (text) {
        cellVisited.commit();
        parts.push(resultOf(text, table));
      }
    }
    return resultOf(parts.map((p) => p.text).join('\n\n'), parts);
  },
  headerAndBodyLines(tableText) {
    return { header: [], body: tableText.split('\n').filter((line) => pyStrip(line) !== '') };
  },
};

function cellText(cell: TableCell, context: TableSerializationContext, visited: Set<string>): string {
  if (!cell.ref) return cell.text;
  const node = context.resolve(cell.ref.$ref);
  return node ? context.serializeNode(node, visited).text : cell.text;
}

function tripletText(table: TableItem, textOf: (cell: TableCell) => string): string {
  const grid = tableGrid(table.data);
  const columnCount = table.data.num_cols;
  if (grid.length === 0 || columnCount === 0) return '';
  let headerRows = 0;
  while (headerRows < grid.length && grid[headerRows]!.some((cell) => cell.column_header)) headerRows++;
  const columnNames: string[] = [];
  for (let j = 0; j < columnCount; j++) {
    if (headerRows === 0) {
      columnNames.push(String(j));
      continue;
    }
    let name = '';
    for (let i = 0; i < headerRows; i++) {
      const piece = textOf(grid[i]![j]!);
      name = name ? `${name}.${piece}` : piece;
    }
    columnNames.push(name);
  }
  const dataRows = grid.slice(headerRows).map((row) => row.map((cell) => textOf(cell)));
  let text: string;
  if (dataRows.length === 0) {
    text = columnNames
      .map(pyStrip)
      .filter((name) => name !== '')
      .join('. ');
  } else if (columnCount === 1) {
    const [first, ...rest] = dataRows.map((row) => pyStrip(row[0]!));
    text = rest.length === 0 ? first! : rest.map((value) => `${first} = ${value}`).join('. ');
  } else {
    const columnLabels = columnNames.map(pyStrip);
    const sentences: string[] = [];
    for (const row of dataRows) {
      const rowLabel = pyStrip(row[0]!);
      for (let j = 1; j < columnCount; j++) sentences.push(`${rowLabel}, ${columnLabels[j]} = ${pyStrip(row[j]!)}`);
    }
    text = sentences.join('. ');
  }
  if (text) return text;
  return grid
    .flatMap((row) => row.map((cell) => pyStrip(textOf(cell))))
    .filter((value) => value !== '')
    .join('. ');
}
