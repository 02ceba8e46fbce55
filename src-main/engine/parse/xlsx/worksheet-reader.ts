import { StratumError } from '../../../../src-shared/errors';
import { describeLimit, inputLimits, tooLarge } from '../limits';
import { streamElements } from '../ooxml/element-stream';
import type { OfficePackage } from '../ooxml/office-package';
import { xmlError } from '../ooxml/office-package';
import { parseCellReference, parseRange, type CellRange } from './cell-reference';
import { SheetGrid } from './sheet-grid';
import type { CellStyles } from './cell-styles';
import { doclingCellText } from './docling-cell-text';
import type { XlsxValues } from '../parser';
import { attributeOf, parseRecords, recordOf, recordsOf, richText, textValue, type XmlRecord } from './xml-records';

/** What a worksheet part holds beside its cells. */
export interface WorksheetParts {
  grid: SheetGrid;
  merges: CellRange[];
  /** relationship ids of its drawings, legacy (VML) drawing and table parts */
  drawingIds: string[];
  tablePartIds: string[];
}

export interface WorksheetContext {
  sharedStrings: readonly string[];
  styles: CellStyles;
  /** Docling's reading of each value, or the sheet's formatted display (ParseOptions.xlsxValues) */
  values: XlsxValues;
  signal?: AbortSignal;
  /** called after each batch of rows with the rows read so far */
  onRows?: (rows: number) => void;
}

/**
 * Reads a worksheet part in bounded memory: its rows are inflated and parsed a batch at a time
 * (see `streamElements`), each cell kept only as its text (`context.values`). Past `maxTableCells`
 * cells with a value the sheet is refused, since every table read from it would be past the limit.
 */
export async function readWorksheet(pkg: OfficePackage, path: string, context: WorksheetContext): Promise<WorksheetParts> {
  const { fileName } = pkg;
  const limits = inputLimits();
  const grid = new SheetGrid();
  let nextRow = 0;
  const readBatch = (xml: string): void => {
    let records: XmlRecord;
    try {
      records = parseRecords(`<sheetData>${xml}</sheetData>`);
    } catch (error) {
      throw xmlError(error, path, fileName);
    }
    for (const row of recordsOf(recordOf(records.sheetData)?.row)) {
      const rowNumber = Number(attributeOf(row, 'r'));
      const rowIndex = Number.isInteger(rowNumber) && rowNumber > 0 ? rowNumber - 1 : nextRow;
      nextRow = rowIndex + 1;
      let nextColumn = 0;
      for (const cell of recordsOf(row.c)) {
        const reference = attributeOf(cell, 'r');
        const column = reference === undefined ? nextColumn : (parseCellReference(reference)?.col ?? nextColumn);
        nextColumn = column + 1;
        const text = cellText(cell, context);
        if (text !== undefined) grid.set(rowIndex, column, text);
      }
    }
    if (grid.size > limits.maxTableCells) {
      throw tooLarge(
        fileName,
        `the sheet ${path} has more than ${describeLimit('maxTableCells', limits)} with a value`,
        'maxTableCells',
        limits,
      );
    }
    context.onRows?.(nextRow);
  };
  const tail = await streamElements(
    pkg.archive.stream(path),
    {
      container: 'sheetData',
      element: 'row',
      maxTailCharacters: limits.maxXmlBytes,
      where: path,
      fileName,
      signal: context.signal,
    },
    readBatch,
  );
  grid.finish();
  return { grid, ...readTail(tail, path, fileName) };
}

/** The text of a cell, or undefined when it holds no value (only a style). */
function cellText(cell: XmlRecord, context: WorksheetContext): string | undefined {
  if (context.values === 'formatted') return formattedCellText(cell, context);
  const type = attributeOf(cell, 't') ?? 'n';
  const raw = {
    type,
    value: cell.v === undefined ? undefined : textValue(cell.v),
    inlineText: type === 'inlineStr' && cell.is !== undefined ? richText(recordOf(cell.is)) : undefined,
    style: Number(attributeOf(cell, 's') ?? 0),
  };
  return doclingCellText(raw, context.sharedStrings, context.styles);
}

/** The text a cell shows in the sheet's number format, or undefined when it holds no value. */
function formattedCellText(cell: XmlRecord, context: WorksheetContext): string | undefined {
  const type = attributeOf(cell, 't') ?? 'n';
  if (type === 'inlineStr') return richText(recordOf(cell.is));
  if (cell.v === undefined) return undefined;
  const value = textValue(cell.v);
  const style = Number(attributeOf(cell, 's') ?? 0);
  switch (type) {
    case 's':
      return context.sharedStrings[Number(value)] ?? '';
    case 'b':
      return value === '1' || value === 'true' ? 'TRUE' : 'FALSE';
    case 'e':
    case 'str':
      return value;
    case 'd':
      return context.styles.formatIsoDate(value, style);
    default: {
      const number = Number(value);
      return value.trim() === '' || !Number.isFinite(number) ? value : context.styles.formatNumber(number, style);
    }
  }
}

/** What follows the cells: merged ranges, drawings, table parts. */
function readTail(tail: string, path: string, fileName: string): Omit<WorksheetParts, 'grid'> {
  if (tail.trim() === '') return { merges: [], drawingIds: [], tablePartIds: [] };
  let records: XmlRecord;
  try {
    records = parseRecords(`<tail>${tail.replace(/<\/(?:[\w.-]+:)?worksheet>\s*$/, '')}</tail>`);
  } catch (error) {
    if (error instanceof StratumError) throw error;
    throw xmlError(error, path, fileName);
  }
  const root = recordOf(records.tail);
  const merges = recordsOf(recordOf(root?.mergeCells)?.mergeCell).flatMap((merge) => {
    const range = parseRange(attributeOf(merge, 'ref') ?? '');
    return range ? [range] : [];
  });
  const relationshipId = (record: XmlRecord | undefined): string[] => {
    const id = attributeOf(record, 'id');
    return id ? [id] : [];
  };
  return {
    merges,
    drawingIds: [...relationshipId(recordOf(root?.drawing)), ...relationshipId(recordOf(root?.legacyDrawing))],
    tablePartIds: recordsOf(recordOf(root?.tableParts)?.tablePart).flatMap(relationshipId),
  };
}
