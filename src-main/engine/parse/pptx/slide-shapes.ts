import type { BoundingBox, GroupItem, ProvenanceItem, TableCell, TextItem } from '../../ir/types';
import { StratumError } from '../../../../src-shared/errors';
import { tableCell, type DocumentBuilder } from '../document-builder';
import { imageRefOf } from '../image-ref';
import { readChart } from '../ooxml/chart-part';
import type { OfficePackage, PackageRelationship } from '../ooxml/office-package';
import { attributeText, child, childrenNamed, elementChildren, findFirst, textOf, type XmlElement } from '../ooxml/xml-tree';
import { paragraphBullet } from './paragraph-bullets';
import { placeholderOf, type ShapeBox, type SlideContext } from './slide-context';

/** Shapes whose top edges lie this close (0.05 inch in EMU) read as one row, left to right (Docling's tolerance). */
const ROW_TOLERANCE_EMU = 45_720;

export interface SlidePlace {
  pageNo: number;
  slideWidth: number;
  slideHeight: number;
  group: GroupItem;
  relationships: ReadonlyMap<string, PackageRelationship>;
  context: SlideContext;
}

/**
 * Reads a slide's shapes into the IR the way Docling's PowerPoint backend does: shapes in reading
 * order (top to bottom, rows left to right, group members likewise), tables, charts, pictures, and
 * text frames paragraph by paragraph, bulleted paragraphs as list items.
 */
export class SlideShapeReader {
  constructor(
    private readonly pkg: OfficePackage,
    private readonly builder: DocumentBuilder,
    private readonly place: SlidePlace,
  ) {}

  readTree(tree: XmlElement): void {
    for (const shape of this.inReadingOrder(shapesOf(tree))) this.readShape(shape);
  }

  private readShape(shape: XmlElement): void {
    if (shape.name === 'p:grpSp') {
      for (const member of this.inReadingOrder(shapesOf(shape))) this.readShape(member);
      return;
    }
    if (shape.name === 'p:graphicFrame') {
      const table = findFirst(shape, 'a:tbl');
      if (table) this.addTable(shape, table);
      const chart = findFirst(shape, 'c:chart');
      if (chart) this.addChart(shape, chart);
      return;
    }
    if (shape.name === 'p:pic') {
      this.addPicture(shape);
      return;
    }
    if (shape.name === 'p:sp') this.addTextFrame(shape);
  }

  /** Shapes sorted by top edge, then each row (tops within the tolerance of the previous) by left edge. */
  private inReadingOrder(shapes: readonly XmlElement[]): XmlElement[] {
    const far = Number.MAX_SAFE_INTEGER;
    const entries = shapes
      .map((shape, index) => {
        const box = this.place.context.boxOf(shape);
        return { shape, index, top: box?.top ?? far, left: box?.left ?? far };
      })
      .sort((a, b) => a.top - b.top || a.index - b.index);
    const rows: (typeof entries)[] = [];
    let previousTop: number | undefined;
    for (const entry of entries) {
      if (previousTop !== undefined && entry.top - previousTop <= ROW_TOLERANCE_EMU) rows[rows.length - 1]!.push(entry);
      else rows.push([entry]);
      previousTop = entry.top;
    }
    return rows.flatMap((row) => row.sort((a, b) => a.left - b.left || a.index - b.index).map((e) => e.shape));
  }

  /**
   * Provenance as Docling writes it: the shape's box in EMU with its top as `b` and its bottom as
   * `t` under a bottom-left origin; the whole slide when the shape states no box.
   */
  private prov(shape: XmlElement, textLength: number): ProvenanceItem[] {
    const box: ShapeBox = this.place.context.boxOf(shape) ?? {
      left: 0,
      top: 0,
      width: this.place.slideWidth,
      height: this.place.slideHeight,
    };
    const bbox: BoundingBox = { l: box.left, t: box.top + box.height, r: box.left + box.width, b: box.top, coord_origin: 'BOTTOMLEFT' };
    return [{ page_no: this.place.pageNo, bbox, charspan: [0, textLength] }];
  }

  private addTextFrame(shape: XmlElement): void {
    const paragraphs = childrenNamed(child(shape, 'p:txBody'), 'a:p');
    const texts = paragraphs.map(paragraphText);
    const shapeText = texts.join('\n').trim();
    if (shapeText === '') return;
    const prov = this.prov(shape, shapeText.length);
    const placeholder = placeholderOf(shape);
    const isTitle = placeholder !== undefined && ['title', 'ctrTitle'].includes(placeholder.type);
    // One list per run of bulleted paragraphs; deeper levels nest in the item above them.
    let lists: Array<{ group: GroupItem; counter: number; level: number }> = [];
    let lastItem: TextItem | undefined;
    paragraphs.forEach((paragraph, i) => {
      const text = texts[i]!;
      const bullet = paragraphBullet(paragraph, shape, this.place.context);
      if (!bullet.isList) {
        lists = [];
        this.builder.addText(isTitle ? 'title' : 'paragraph', text, { parent: this.place.group, prov });
        return;
      }
      while (lists.length > 0 && lists[lists.length - 1]!.level > bullet.level) lists.pop();
      let list = lists[lists.length - 1];
      if (!list || list.level < bullet.level) {
        const parent = list && lastItem ? lastItem : this.place.group;
        list = { group: this.builder.addGroup('list', 'list', { parent }), counter: 0, level: bullet.level };
        lists.push(list);
      }
      const marker = bullet.numbered ? `${++list.counter}.` : '';
      lastItem = this.builder.addListItem(text, list.group, marker, bullet.numbered, { prov });
    });
  }

  /** A table: each cell once at its top-left, with its spans; cells without text are left out, and a table without any. */
  private addTable(frame: XmlElement, table: XmlElement): void {
    const cells: TableCell[] = [];
    const rows = childrenNamed(table, 'a:tr');
    let columns = 0;
    rows.forEach((row, rowIndex) => {
      const rowCells = childrenNamed(row, 'a:tc');
      columns = Math.max(columns, rowCells.length);
      rowCells.forEach((cell, colIndex) => {
        const text = childrenNamed(child(cell, 'a:txBody'), 'a:p').map(paragraphText).join('\n').trim();
        if (text === '') return;
        const rowSpan = Math.max(1, Number(cell.attrs.rowSpan ?? 1) || 1);
        const colSpan = Math.max(1, Number(cell.attrs.gridSpan ?? 1) || 1);
        cells.push(tableCell(text, { row: rowIndex, col: colIndex, rowSpan, colSpan, columnHeader: rowIndex === 0 }));
      });
    });
    if (cells.length === 0) return;
    this.builder.addTable(
      { table_cells: cells, num_rows: rows.length, num_cols: columns },
      { parent: this.place.group, prov: this.prov(frame, 0) },
    );
  }

  private addChart(frame: XmlElement, chartElement: XmlElement): void {
    const path = this.place.relationships.get(chartElement.attrs['r:id'] ?? '')?.path;
    if (!path) return;
    const chart = readChart(this.pkg.xml(path));
    const picture = this.builder.addPicture({ parent: this.place.group, prov: this.prov(frame, 0) });
    picture.meta = chart.meta;
    if (!chart.hasData) this.builder.addWarning(`slide ${this.place.pageNo}: a chart (${path}) caches no data to show as a table`);
    if (chart.title) this.builder.addCaption(picture, chart.title);
  }

  /** A picture with its image bytes (an embedded one; a linked one is never fetched) and its alt text as description. */
  private addPicture(shape: XmlElement): void {
    const picture = this.builder.addPicture({ parent: this.place.group, prov: this.prov(shape, 0) });
    const altText = attributeText(findFirst(shape, 'p:cNvPr'), 'descr')?.trim();
    if (altText) picture.meta = { description: { text: altText } };
    const blip = findFirst(shape, 'a:blip');
    const relationship = this.place.relationships.get(blip?.attrs['r:embed'] ?? blip?.attrs['r:link'] ?? '');
    const where = `slide ${this.place.pageNo}, picture ${picture.self_ref}`;
    if (!relationship) return;
    if (relationship.external) {
      this.builder.addWarning(`${where}: its image is linked (${relationship.target}), not embedded, and is never fetched`);
      return;
    }
    try {
      const bytes = this.pkg.archive.read(relationship.path);
      const outcome = bytes ? imageRefOf(bytes) : { problem: 'the package has no such part' };
      if ('image' in outcome) picture.image = outcome.image;
      else this.builder.addWarning(`${where} (${relationship.path}): ${outcome.problem}; kept without it`);
    } catch (error) {
      if (!(error instanceof StratumError)) throw error;
      this.builder.addWarning(`${where}: ${error.message}; kept without it`);
    }
  }
}

/** The shapes of a shape tree or group, in document order; what markup compatibility offers as its fallback. */
function shapesOf(tree: XmlElement): XmlElement[] {
  const shapes: XmlElement[] = [];
  for (const element of elementChildren(tree)) {
    if (element.name === 'mc:AlternateContent') {
      const chosen = child(element, 'mc:Fallback') ?? child(element, 'mc:Choice');
      if (chosen) shapes.push(...elementChildren(chosen).filter(isShape));
    } else if (isShape(element)) shapes.push(element);
  }
  return shapes;
}

function isShape(element: XmlElement): boolean {
  return ['p:sp', 'p:pic', 'p:graphicFrame', 'p:grpSp', 'p:cxnSp'].includes(element.name);
}

/** A paragraph's text: its runs and fields, a line break as a space (Docling's rule). */
export function paragraphText(paragraph: XmlElement): string {
  return elementChildren(paragraph)
    .map((element) => {
      if (element.name === 'a:br') return ' ';
      if (element.name === 'a:r' || element.name === 'a:fld') return textOf(child(element, 'a:t') ?? { name: '', attrs: {}, children: [] });
      return '';
    })
    .join('');
}
