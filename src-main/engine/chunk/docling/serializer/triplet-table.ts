import type { TableCell, TableItem } from '../../../ir/types';
import { pyStrip } from '../python-text';
import { hasCellSources, tableGrid } from '../../../ir/table-grid';
import {
  cellOrigin,
  joinResults,
  nestedCellOrigins,
  originsOf,
  resultOf,
  type SerializationResult,
  type TextOrigin,
} from './serialization-result';
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
      const richCells = new Map<TableCell, SerializationResult>();
      const triplets = tripletText(table, (cell) => cellText(cell, context, cellVisited, richCells), richCells);
      if (triplets) {
        cellVisited.commit();
        parts.push(triplets);
      }
    }
    return joinResults(parts, '\n\n');
  },
  headerAndBodyLines(tableText) {
    return { header: [], body: tableText.split('\n').filter((line) => pyStrip(line) !== '') };
  },
};

/** The cell's text; a rich cell's serialization is kept in `richCells`, for its origins. */
function cellText(
  cell: TableCell,
  context: TableSerializationContext,
  visited: Set<string>,
  richCells: Map<TableCell, SerializationResult>,
): string {
  if (!cell.ref) return cell.text;
  const node = context.resolve(cell.ref.$ref);
  if (!node) return cell.text;
  const nested = context.serializeNode(node, visited);
  // A merged cell is serialized at each grid position it covers; only the first finds its nodes unvisited.
  if (!richCells.has(cell)) richCells.set(cell, nested);
  return nested.text;
}

/** A cell's text as the triplets show it: stripped, with where each cell's text stands in it. */
interface Shown {
  text: string;
  cells: Array<{ offset: number; text: string; cell: TableCell; raw: string }>;
}

function shownCell(cell: TableCell, raw: string): Shown {
  const text = pyStrip(raw);
  return { text, cells: text ? [{ offset: 0, text, cell, raw }] : [] };
}

/** A column label of several header rows, `a.b`, stripped as a whole; each header cell found in it in order. */
function columnLabel(cells: readonly TableCell[], raws: readonly string[]): Shown {
  let name = '';
  for (const raw of raws) name = name ? `${name}.${raw}` : raw;
  const text = pyStrip(name);
  const found: Shown['cells'] = [];
  let from = 0;
  raws.forEach((raw, i) => {
    const piece = pyStrip(raw);
    const offset = piece ? text.indexOf(piece, from) : -1;
    if (offset < 0) return;
    found.push({ offset, text: piece, cell: cells[i]!, raw });
    from = offset + piece.length;
  });
  return { text, cells: found };
}

/** The triplet text and where its cells' texts stand in it. */
class TripletWriter {
  private readonly parts: string[] = [];
  private length = 0;
  readonly origins: TextOrigin[] = [];

  /** Without cell sources (DOCX, Docling JSON) the text stands for the table whole: no origins are kept. */
  private readonly traced: boolean;

  constructor(
    private readonly table: TableItem,
    private readonly richCells: ReadonlyMap<TableCell, SerializationResult>,
  ) {
    this.traced = hasCellSources(table.data);
  }

  /** The table's text and, where its cells have sources, their origins. */
  result(): SerializationResult | undefined {
    const text = this.text;
    if (!text) return undefined;
    return this.traced ? resultOf(text, this.table, this.origins) : resultOf(text, this.table);
  }

  get text(): string {
    return this.parts.join('');
  }

  add(text: string): void {
    this.parts.push(text);
    this.length += text.length;
  }

  /** A repeated label is context: the chunk holding its first showing owns it. */
  addShown(shown: Shown, context: boolean): void {
    if (this.traced) this.addOrigins(shown, context);
    this.add(shown.text);
  }

  private addOrigins(shown: Shown, context: boolean): void {
    for (const placed of shown.cells) {
      const at = this.length + placed.offset;
      const rich = this.richCells.get(placed.cell);
      if (rich) this.origins.push(...nestedCellOrigins(originsOf(rich), placed.raw, placed.text, at, context));
      else this.origins.push(cellOrigin(this.table, placed.cell, placed.text, at, context));
    }
  }

  /** Items joined by `separator`. */
  join<T>(items: readonly T[], separator: string, write: (item: T, index: number) => void): void {
    items.forEach((item, i) => {
      if (i > 0) this.add(separator);
      write(item, i);
    });
  }
}

function tripletText(
  table: TableItem,
  textOf: (cell: TableCell) => string,
  richCells: ReadonlyMap<TableCell, SerializationResult>,
): SerializationResult | undefined {
  const grid = tableGrid(table.data);
  const columnCount = table.data.num_cols;
  if (grid.length === 0 || columnCount === 0) return undefined;
  let headerRows = 0;
  while (headerRows < grid.length && grid[headerRows]!.some((cell) => cell.column_header)) headerRows++;
  const columnLabels: Shown[] = [];
  for (let j = 0; j < columnCount; j++) {
    if (headerRows === 0) {
      columnLabels.push({ text: String(j), cells: [] });
      continue;
    }
    const cells = grid.slice(0, headerRows).map((row) => row[j]!);
    columnLabels.push(columnLabel(cells, cells.map(textOf)));
  }
  const dataRows = grid.slice(headerRows).map((row) => row.map((cell) => shownCell(cell, textOf(cell))));
  const out = new TripletWriter(table, richCells);
  if (dataRows.length === 0) {
    out.join(
      columnLabels.filter((label) => label.text !== ''),
      '. ',
      (label) => out.addShown(label, false),
    );
  } else if (columnCount === 1) {
    const [first, ...rest] = dataRows.map((row) => row[0]!);
    if (rest.length === 0) out.addShown(first!, false);
    else
      out.join(rest, '. ', (value, i) => {
        out.addShown(first!, i > 0);
        out.add(' = ');
        out.addShown(value, false);
      });
  } else {
    const sentences = dataRows.flatMap((row, r) => row.slice(1).map((value, k) => ({ row, value, column: k + 1, repeated: r > 0 })));
    out.join(sentences, '. ', ({ row, value, column, repeated }) => {
      out.addShown(row[0]!, false);
      out.add(', ');
      out.addShown(columnLabels[column]!, repeated);
      out.add(' = ');
      out.addShown(value, false);
    });
  }
  if (out.text) return out.result();
  const fallback = new TripletWriter(table, richCells);
  const shown = grid.flatMap((row) => row.map((cell) => shownCell(cell, textOf(cell)))).filter((value) => value.text !== '');
  fallback.join(shown, '. ', (value) => fallback.addShown(value, false));
  return fallback.result();
}
