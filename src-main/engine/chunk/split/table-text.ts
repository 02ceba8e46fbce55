import type { TableItem } from '../../ir/types';
import { tableGrid } from '../../ir/table-grid';

/** A table as Markdown lines: the header lines (header rows and the `---` rule) come first. */
export interface TableLines {
  lines: string[];
  /** How many of `lines` form the header (0 when the table has no column-header row). */
  headerLineCount: number;
}

/**
 * A table written as a pipe table, one line per grid row. Rows that hold column headers at the
 * top become the header, followed by the rule; a table without them has no header lines.
 */
export function tableLines(table: TableItem): TableLines {
  const grid = tableGrid(table.data);
  if (grid.length === 0 || table.data.num_cols === 0) return { lines: [], headerLineCount: 0 };
  let headerRows = 0;
  while (headerRows < grid.length && grid[headerRows]!.some((cell) => cell.column_header)) headerRows++;
  const lines = grid.map((row) => `| ${row.map((cell) => cellText(cell.text)).join(' | ')} |`);
  if (headerRows === 0) return { lines, headerLineCount: 0 };
  const rule = `| ${grid[0]!.map(() => '---').join(' | ')} |`;
  lines.splice(headerRows, 0, rule);
  return { lines, headerLineCount: headerRows + 1 };
}

function cellText(text: string): string {
  return text
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
}
