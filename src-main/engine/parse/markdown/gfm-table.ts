import type { Table } from 'mdast';
import type { TableCell, TableData } from '../../../../src-shared/docling/types';
import { plainTextOf } from './inline-runs';
import { mdastRuns, type Definitions } from './mdast-inline';

/**
 * The cell grid of a GFM table: the first row is the column header; rows shorter than the header
 * are padded with empty cells and longer ones cut, as GFM renders them. Cell text drops the
 * inline markup but keeps code spans' text.
 */
export function gfmTableData(table: Table, definitions: Definitions): TableData {
  const numCols = table.children[0]?.children.length ?? 0;
  const cells: TableCell[] = [];
  table.children.forEach((row, rowIndex) => {
    for (let col = 0; col < numCols; col++) {
      const cell = row.children[col];
      const text = cell ? plainTextOf(mdastRuns(cell.children, definitions)) : '';
      cells.push(gridCell(text, rowIndex, col, rowIndex === 0));
    }
  });
  return { table_cells: cells, num_rows: table.children.length, num_cols: numCols };
}

/** A one-by-one cell at `(row, col)`. */
function gridCell(text: string, row: number, col: number, columnHeader: boolean): TableCell {
  return {
    row_span: 1,
    col_span: 1,
    start_row_offset_idx: row,
    end_row_offset_idx: row + 1,
    start_col_offset_idx: col,
    end_col_offset_idx: col + 1,
    text,
    column_header: columnHeader,
    row_header: false,
    row_section: false,
  };
}
