import type { Table } from 'mdast';
import type { TableData } from '../../ir/types';
import { tableDataFromRows } from '../document-builder';
import { mappedPlainText, type MarkdownSource } from './inline-runs';
import { mdastRuns, type Definitions } from './mdast-inline';

/**
 * The cell grid of a GFM table: the first row is the column header; rows shorter than the header
 * are padded with empty cells and longer ones cut, as GFM renders them. Cell text drops the
 * inline markup but keeps code spans' text; each written cell has its `source_runs`.
 */
export function gfmTableData(table: Table, definitions: Definitions, source: MarkdownSource): TableData {
  const numCols = table.children[0]?.children.length ?? 0;
  const mapped = table.children.map((row) =>
    Array.from({ length: numCols }, (_, col) => {
      const cell = row.children[col];
      return cell ? mappedPlainText(mdastRuns(cell.children, definitions, { source }), source.toCodePoint) : undefined;
    }),
  );
  const data = tableDataFromRows(mapped.map((row) => row.map((cell) => cell?.text ?? '')));
  // tableDataFromRows lays the cells out row by row, as `mapped` is.
  const runs = mapped.flat();
  data.table_cells.forEach((cell, i) => {
    const cellRuns = runs[i]?.runs;
    if (cellRuns) cell.source_runs = cellRuns;
  });
  return data;
}
