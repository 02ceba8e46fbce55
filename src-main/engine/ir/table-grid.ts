import type { TableCell, TableData } from './types';

/** Whether a table's cells say where their texts were read; a table without (DOCX, Docling JSON) stands whole for its text. */
export function hasCellSources(data: TableData): boolean {
  return data.table_cells.some((cell) => cell.source_runs !== undefined);
}

/** Docling's `TableData.grid`: `num_rows x num_cols`, a spanning cell at every position it covers, empty cells elsewhere. */
export function tableGrid(data: TableData): TableCell[][] {
  const grid: TableCell[][] = [];
  for (let i = 0; i < data.num_rows; i++) {
    const row: TableCell[] = [];
    for (let j = 0; j < data.num_cols; j++) {
      row.push({
        row_span: 1,
        col_span: 1,
        start_row_offset_idx: i,
        end_row_offset_idx: i + 1,
        start_col_offset_idx: j,
        end_col_offset_idx: j + 1,
        text: '',
        column_header: false,
        row_header: false,
        row_section: false,
      });
    }
    grid.push(row);
  }
  for (const cell of data.table_cells) {
    const rowEnd = Math.min(cell.end_row_offset_idx, data.num_rows);
    const colEnd = Math.min(cell.end_col_offset_idx, data.num_cols);
    for (let i = Math.min(cell.start_row_offset_idx, data.num_rows); i < rowEnd; i++) {
      for (let j = Math.min(cell.start_col_offset_idx, data.num_cols); j < colEnd; j++) {
        grid[i]![j] = cell;
      }
    }
  }
  return grid;
}
