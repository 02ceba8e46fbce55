import type { Table } from 'mdast';
import type { TableData } from '../../ir/types';
import { tableDataFromRows } from '../document-builder';
import { plainTextOf } from './inline-runs';
import { mdastRuns, type Definitions } from './mdast-inline';

/**
 * The cell grid of a GFM table: the first row is the column header; rows shorter than the header
 * are padded with empty cells and longer ones cut, as GFM renders them. Cell text drops the
 * inline markup but keeps code spans' text.
 */
export function gfmTableData(table: Table, definitions: Definitions): TableData {
  const numCols = table.children[0]?.children.length ?? 0;
  const rows = table.children.map((row) =>
    Array.from({ length: numCols }, (_, col) => {
      const cell = row.children[col];
      return cell ? plainTextOf(mdastRuns(cell.children, definitions)) : '';
    }),
  );
  return tableDataFromRows(rows);
}
