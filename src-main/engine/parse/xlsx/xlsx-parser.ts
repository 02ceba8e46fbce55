import { StratumError } from '../../../../src-shared/errors';
import { checkpoint } from '../../cancellation';
import type { BoundingBox, ContentLayer, DoclingDocument, GroupItem, TableCell } from '../../ir/types';
import { DocumentBuilder, tableCell } from '../document-builder';
import { imageRefOf } from '../image-ref';
import { streamElements } from '../ooxml/element-stream';
import { OfficePackage, relationshipOfType, type PackageRelationship } from '../ooxml/office-package';
import { child, childrenNamed, type XmlElement } from '../ooxml/xml-tree';
import { rejectEmptyFile } from '../parse-steps';
import type { DocumentParser, ParseInput, ParseOptions } from '../parser';
import { parseRange, type CellRange } from './cell-reference';
import { CellStyles } from './cell-styles';
import { readDrawing, type DrawingObject } from './sheet-drawings';
import { readPersons, readSheetComments } from './sheet-comments';
import { findSheetTables, headerRowCount, MergedCells, splitSectionLabel, type SheetTable } from './sheet-tables';
import { readWorksheet } from './worksheet-reader';
import { parseRecords, recordOf, recordsOf, richText } from './xml-records';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel workbooks (`.xlsx`, `.xlsm`) to the IR, following Docling's rule-based Excel backend. */
export const xlsxParser: DocumentParser = {
  format: 'xlsx',
  extensions: ['.xlsx', '.xlsm', '.xltx', '.xltm'],
  mimeType: XLSX_MIME,
  parse: parseXlsx,
};

interface SheetEntry {
  name: string;
  hidden: boolean;
  path: string | undefined;
  kind: 'worksheet' | 'chartsheet' | 'other';
}

async function parseXlsx(input: ParseInput, options: ParseOptions = {}): Promise<DoclingDocument> {
  const { fileName, bytes } = input;
  const { signal, onProgress, xlsxValues = 'docling' } = options;
  await checkpoint(signal);
  rejectEmptyFile(input);
  const pkg = new OfficePackage(bytes, fileName, 'Excel file', 'save it as .xlsx without a password');
  const workbookPath = pkg.mainPart('xl/workbook.xml', 'Excel workbook');
  const workbookRelationships = pkg.relationships(workbookPath);
  const workbook = child(pkg.xml(workbookPath), 'workbook');
  if (!workbook)
    throw new StratumError('corrupt-file', `${fileName}: this ZIP package is not an Excel workbook (${workbookPath} holds none)`);
  const date1904 = ['1', 'true'].includes(child(workbook, 'workbookPr')?.attrs.date1904 ?? '');
  const styles = new CellStyles(pkg.xml(relationshipOfType(workbookRelationships, 'styles')?.path), date1904);
  const sharedStrings = await readSharedStrings(pkg, relationshipOfType(workbookRelationships, 'sharedStrings')?.path, signal);
  const persons = readPersons(pkg, workbookRelationships);
  const sheets = sheetsOf(workbook, workbookRelationships);

  const builder = new DocumentBuilder(fileName, XLSX_MIME, bytes);
  pkg.readCoreProperties(builder);
  for (const [index, sheet] of sheets.entries()) {
    await checkpoint(signal);
    onProgress?.({ stage: 'sheet', done: index, total: sheets.length });
    const reader = new SheetReader(pkg, builder, sheet, index + 1);
    if (sheet.kind === 'worksheet' && sheet.path) {
      const parts = await readWorksheet(pkg, sheet.path, { sharedStrings, styles, values: xlsxValues, signal });
      reader.addTables(findSheetTables(parts.grid, new MergedCells(parts.merges, fileName), fileName), tableObjects(pkg, sheet.path));
      reader.addDrawings(parts.drawingIds);
      reader.finish(persons);
    } else if (sheet.kind === 'chartsheet' && sheet.path) {
      const drawing = child(child(pkg.xml(sheet.path), 'chartsheet'), 'drawing')?.attrs['r:id'];
      reader.addDrawings(drawing ? [drawing] : []);
      reader.finish(persons);
    } else {
      reader.finish(persons);
      builder.addWarning(`sheet "${sheet.name}": a dialog or macro sheet, whose content Stratum does not read`);
    }
  }
  onProgress?.({ stage: 'sheet', done: sheets.length, total: sheets.length });
  const hidden = sheets.filter((s) => s.hidden).map((s) => s.name);
  if (hidden.length > 0) builder.setMetadata('hidden_sheets', hidden);
  return builder.doc;
}

function sheetsOf(workbook: XmlElement, relationships: ReadonlyMap<string, PackageRelationship>): SheetEntry[] {
  return childrenNamed(child(workbook, 'sheets'), 'sheet').map((sheet) => {
    const relationship = relationships.get(sheet.attrs['r:id'] ?? '');
    const type = relationship?.type ?? '';
    return {
      name: sheet.attrs.name ?? '',
      hidden: ['hidden', 'veryHidden'].includes(sheet.attrs.state ?? ''),
      path: relationship && !relationship.external ? relationship.path : undefined,
      kind: /\/worksheet$/.test(type) ? 'worksheet' : /\/chartsheet$/.test(type) ? 'chartsheet' : 'other',
    };
  });
}

/** The shared strings table, read a batch of strings at a time: a workbook may hold millions. */
async function readSharedStrings(pkg: OfficePackage, path: string | undefined, signal: AbortSignal | undefined): Promise<string[]> {
  if (!path || !pkg.has(path)) return [];
  const strings: string[] = [];
  const options = { container: 'sst', element: 'si', maxTailCharacters: 1 << 20, where: path, fileName: pkg.fileName, signal };
  await streamElements(pkg.archive.stream(path), options, (xml) => {
    for (const item of recordsOf(recordOf(parseRecords(`<sst>${xml}</sst>`).sst)?.si)) strings.push(richText(item));
  });
  return strings;
}

/** The header rows each table object (`xl/tables/tableN.xml`) of a sheet declares, by its range. */
function tableObjects(pkg: OfficePackage, sheetPath: string): Array<{ range: CellRange; headerRows: number }> {
  const relationships = pkg.relationships(sheetPath);
  return [...relationships.values()]
    .filter((r) => /\/table$/.test(r.type) && !r.external)
    .flatMap((r) => {
      const table = child(pkg.xml(r.path), 'table');
      const range = parseRange(table?.attrs.ref ?? '');
      return range ? [{ range, headerRows: Number(table?.attrs.headerRowCount ?? 1) }] : [];
    });
}

/** A sheet's items, placed in the order of their top row once all are known (Docling sorts a sheet's items so). */
class SheetReader {
  private readonly group: GroupItem;
  private readonly layer: ContentLayer;
  private readonly pending: Array<{ top: number; add: () => void }> = [];
  private width = 0;
  private height = 0;

  constructor(
    private readonly pkg: OfficePackage,
    private readonly builder: DocumentBuilder,
    private readonly sheet: SheetEntry,
    private readonly pageNo: number,
  ) {
    // Docling keeps hidden sheets in the invisible layer: read, but not part of the body.
    this.layer = sheet.hidden ? 'invisible' : 'body';
    this.group = builder.addGroup('sheet', sheet.name, { layer: this.layer });
  }

  addTables(tables: readonly SheetTable[], objects: ReadonlyArray<{ range: CellRange; headerRows: number }>): void {
    for (const found of tables) {
      const { label, table } = splitSectionLabel(found);
      if (label) {
        const box = { top: table.top - 1, left: table.left + label.col, bottom: table.top, right: table.left + label.col + label.colSpan };
        this.place(box, () => this.builder.addText('text', label.text, { parent: this.group, layer: this.layer, prov: this.prov(box) }));
      }
      const declared = objects.find((o) => o.range.top === table.top && o.range.left === table.left)?.headerRows;
      const headers = headerRowCount(table, declared);
      const cells: TableCell[] = table.cells.map((cell) =>
        tableCell(cell.text, {
          row: cell.row,
          col: cell.col,
          rowSpan: cell.rowSpan,
          colSpan: cell.colSpan,
          columnHeader: cell.row < headers,
        }),
      );
      const box = { top: table.top, left: table.left, bottom: table.top + table.rows, right: table.left + table.cols };
      this.place(box, () =>
        this.builder.addTable(
          { table_cells: cells, num_rows: table.rows, num_cols: table.cols },
          { parent: this.group, layer: this.layer, prov: this.prov(box) },
        ),
      );
    }
  }

  addDrawings(relationshipIds: readonly string[]): void {
    if (!this.sheet.path) return;
    const relationships = this.pkg.relationships(this.sheet.path);
    const objects = relationshipIds
      .map((id) => relationships.get(id))
      .filter((r): r is PackageRelationship => r !== undefined && /\/drawing$/.test(r.type) && !r.external)
      .flatMap((r) => readDrawing(this.pkg, r.path));
    // Docling adds a sheet's pictures before its charts; the sort by top row keeps that order among equals.
    const ordered = [...objects.filter((o) => o.kind !== 'chart'), ...objects.filter((o) => o.kind === 'chart')];
    for (const object of ordered) this.place(object.box, () => this.addDrawingObject(object));
  }

  /** Adds the sheet's items in order, sizes its page and adds its comments. */
  finish(persons: ReadonlyMap<string, string>): void {
    this.pending.sort((a, b) => a.top - b.top).forEach((item) => item.add());
    this.builder.addPage(this.pageNo, this.width, this.height);
    if (!this.sheet.path || this.sheet.kind !== 'worksheet') return;
    for (const comment of readSheetComments(this.pkg, this.pkg.relationships(this.sheet.path), persons)) {
      const group = this.builder.addGroup('comment_section', `comment-${this.sheet.name}-${comment.ref}`, { layer: 'notes' });
      for (const text of comment.texts) this.builder.addText('text', text, { parent: group, layer: 'notes' });
    }
  }

  private addDrawingObject(object: DrawingObject): void {
    const placement = { parent: this.group, layer: this.layer, prov: this.prov(object.box) };
    if (object.kind === 'text') {
      this.builder.addText('text', object.text, placement);
      return;
    }
    const picture = this.builder.addPicture(placement);
    if (object.kind === 'chart') {
      picture.meta = object.chart.meta;
      if (!object.chart.hasData)
        this.builder.addWarning(`sheet "${this.sheet.name}": chart "${object.name}" caches no data to show as a table`);
      if (object.chart.title) this.builder.addCaption(picture, object.chart.title, { layer: this.layer });
      return;
    }
    if (object.altText) picture.meta = { description: { text: object.altText } };
    const where = `sheet "${this.sheet.name}", picture "${object.name}"`;
    if (!object.image) return;
    if (object.image.external) {
      this.builder.addWarning(`${where}: its image is linked (${object.image.target}), not embedded, and is never fetched`);
      return;
    }
    try {
      const bytes = this.pkg.archive.read(object.image.path);
      const outcome = bytes ? imageRefOf(bytes) : { problem: 'the package has no such part' };
      if ('image' in outcome) picture.image = outcome.image;
      else this.builder.addWarning(`${where}: ${outcome.problem}; kept without it`);
    } catch (error) {
      if (!(error instanceof StratumError)) throw error;
      this.builder.addWarning(`${where}: ${error.message}; kept without it`);
    }
  }

  /** Queues an item at its top row; the page grows to hold it. */
  private place(box: CellRange, add: () => void): void {
    this.width = Math.max(this.width, box.right);
    this.height = Math.max(this.height, box.bottom);
    this.pending.push({ top: box.top, add });
  }

  private prov(box: CellRange): Array<{ page_no: number; bbox: BoundingBox; charspan: [number, number] }> {
    const bbox: BoundingBox = { l: box.left, t: box.top, r: box.right, b: box.bottom, coord_origin: 'TOPLEFT' };
    return [{ page_no: this.pageNo, bbox, charspan: [0, 0] }];
  }
}
