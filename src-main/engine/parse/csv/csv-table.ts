import type { TableCell, TableData } from '../../ir/types';
import { tableCell } from '../document-builder';
import { inputLimits, rejectOversizedTable } from '../limits';
import type { CsvRecord } from './csv-records';
import { firstRowIsHeader } from './csv-header';

/** Rows whose width differs from the first row's named one by one in the warning; the others are counted. */
const RAGGED_ROWS_NAMED = 5;
/** Rows kept as plain fields to tell a header from data (see `firstRowIsHeader`). */
const HEADER_SAMPLE_ROWS = 201;

/**
 * Gathers a CSV file's records into one table's cells as they are read, row by row, one cell per
 * field, as Docling's CSV backend makes them: a short row has no cells past its last field, the table
 * is as wide as its widest row. Stops with a `too-large` error as soon as the table passes the table
 * limits, before the rest of the file is read.
 */
export class CsvTable {
  private readonly cells: TableCell[] = [];
  private readonly sampleRows: string[][] = [];
  private rows = 0;
  private columns = 0;
  private expectedWidth = 0;
  private raggedRows = 0;
  private readonly raggedNamed: string[] = [];
  private readonly limits = inputLimits();

  constructor(private readonly fileName: string) {}

  get rowCount(): number {
    return this.rows;
  }

  add(record: CsvRecord): void {
    const row = this.rows++;
    const { fields } = record;
    if (row === 0) this.expectedWidth = fields.length;
    else if (fields.length !== this.expectedWidth) this.noteRagged(record);
    this.columns = Math.max(this.columns, fields.length);
    rejectOversizedTable(
      this.fileName,
      { columns: this.columns, cells: this.rows * this.columns },
      `read to line ${record.line.toLocaleString('en-US')}`,
      this.limits,
    );
    if (this.sampleRows.length < HEADER_SAMPLE_ROWS) this.sampleRows.push(fields);
    fields.forEach((text, col) => this.cells.push(tableCell(text, { row, col })));
  }

  /** The table, its first row marked as the column header when it is one. */
  data(): { data: TableData; header: boolean } {
    const header = firstRowIsHeader(this.sampleRows);
    if (header) for (const cell of this.cells) if (cell.start_row_offset_idx === 0) cell.column_header = true;
    return { data: { table_cells: this.cells, num_rows: this.rows, num_cols: this.columns }, header };
  }

  /** `3 of 120 rows do not have the first row's 4 fields (line 3: 3 fields; ...); their missing cells are empty` */
  raggedWarning(): string | undefined {
    if (this.raggedRows === 0) return undefined;
    const more = this.raggedRows - this.raggedNamed.length;
    const named = `${this.raggedNamed.join('; ')}${more > 0 ? `; ${more.toLocaleString('en-US')} more` : ''}`;
    const rows = `${this.raggedRows.toLocaleString('en-US')} of ${this.rows.toLocaleString('en-US')} rows`;
    return `${rows} do not have the first row's ${this.expectedWidth} fields (${named}); the cells they lack are empty`;
  }

  private noteRagged(record: CsvRecord): void {
    this.raggedRows++;
    if (this.raggedNamed.length < RAGGED_ROWS_NAMED) {
      this.raggedNamed.push(`line ${record.line}: ${record.fields.length} field${record.fields.length === 1 ? '' : 's'}`);
    }
  }
}
