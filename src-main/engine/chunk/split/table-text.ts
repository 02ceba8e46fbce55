import type { TableCell, TableItem } from '../../ir/types';
import { hasCellSources, tableGrid } from '../../ir/table-grid';

/** A table as Markdown lines: the header lines (header rows and the `---` rule) come first. */
export interface TableLines {
  lines: string[];
  /** How many of `lines` form the header (0 when the table has no column-header row). */
  headerLineCount: number;
  /**
   * Where each written cell stands in `lines.join('\n')`, in text order (a merged cell once per grid
   * position); undefined when the cells do not say where they were read (the table stands whole).
   */
  cells?: CellPlacement[];
}

/**
 * `cell` is written at `[start, end)` of the table text: its text from `cellStart` on, one to one
 * unless `cellOffsets` says where in the cell's text each written offset falls (a line break
 * written as a space, an escaped `|`).
 */
export interface CellPlacement {
  cell: TableCell;
  start: number;
  end: number;
  cellStart: number;
  cellOffsets?: number[];
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
  const lines: string[] = [];
  const traced = hasCellSources(table.data);
  const cells: CellPlacement[] = [];
  let offset = 0;
  const pushLine = (line: string) => {
    lines.push(line);
    offset += line.length + 1;
  };
  grid.forEach((row, i) => {
    if (i === headerRows && headerRows > 0) pushLine(`| ${grid[0]!.map(() => '---').join(' | ')} |`);
    const parts: string[] = [];
    let at = offset + 2;
    for (const cell of row) {
      const written = cellText(cell.text);
      const cellStart = cell.text.length - cell.text.trimStart().length;
      if (written !== '' && traced) {
        const placement: CellPlacement = { cell, start: at, end: at + written.length, cellStart };
        if (!cell.text.startsWith(written, cellStart)) placement.cellOffsets = cellOffsetsOf(cell.text, cellStart, written);
        cells.push(placement);
      }
      parts.push(written);
      at += written.length + 3;
    }
    pushLine(`| ${parts.join(' | ')} |`);
  });
  return { lines, headerLineCount: headerRows === 0 ? 0 : headerRows + 1, ...(traced ? { cells } : {}) };
}

function cellText(text: string): string {
  return text
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
}

/** For each offset of `written` (and its end), the offset of `text` it was written from: a run of blanks as one space, `|` as `\\|`. */
function cellOffsetsOf(text: string, start: number, written: string): number[] {
  const offsets: number[] = [];
  let at = start;
  for (let w = 0; w < written.length; w++) {
    offsets.push(at);
    if (written[w] === ' ' && /\s/.test(text[at] ?? '')) {
      while (at < text.length && /\s/.test(text[at]!)) at++;
    } else if (!(written[w] === '\\' && text[at] === '|')) at++;
  }
  offsets.push(at);
  return offsets;
}
