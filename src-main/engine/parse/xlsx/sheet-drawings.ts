import { readChart, type ChartContent } from '../ooxml/chart-part';
import type { OfficePackage, PackageRelationship } from '../ooxml/office-package';
import { attributeText, child, childrenNamed, elementChildren, findAll, findFirst, textOf, type XmlElement } from '../ooxml/xml-tree';
import type { CellRange } from './cell-reference';

/** What a sheet's drawing shows: charts, pictures and text boxes, each with the cells it covers. */
export type DrawingObject =
  | { kind: 'chart'; box: CellRange; chart: ChartContent; name: string }
  | { kind: 'picture'; box: CellRange; image: PackageRelationship | undefined; altText: string; name: string }
  | { kind: 'text'; box: CellRange; text: string };

const ANCHORS = ['xdr:twoCellAnchor', 'xdr:oneCellAnchor', 'xdr:absoluteAnchor'];

/** The objects of a drawing part (`xl/drawings/drawingN.xml`), in the order the part lists them. */
export function readDrawing(pkg: OfficePackage, drawingPath: string): DrawingObject[] {
  const root = child(pkg.xml(drawingPath), 'xdr:wsDr');
  if (!root) return [];
  const relationships = pkg.relationships(drawingPath);
  const objects: DrawingObject[] = [];
  for (const anchor of elementChildren(root).filter((e) => ANCHORS.includes(e.name))) {
    const box = anchorBox(anchor);
    for (const shape of shapesOf(anchor)) {
      const object = drawingObject(pkg, shape, box, relationships);
      if (object) objects.push(object);
    }
  }
  return objects;
}

/**
 * The cells an anchor covers, as Docling gives them: from its first cell to one past its last
 * (two-cell anchors), its one cell (one-cell anchors), nothing for an absolute position.
 */
function anchorBox(anchor: XmlElement): CellRange {
  const at = (marker: XmlElement | undefined): { row: number; col: number } => ({
    row: Number(textOf(child(marker, 'xdr:row') ?? { name: '', attrs: {}, children: ['0'] })) || 0,
    col: Number(textOf(child(marker, 'xdr:col') ?? { name: '', attrs: {}, children: ['0'] })) || 0,
  });
  if (anchor.name === 'xdr:absoluteAnchor') return { top: 0, left: 0, bottom: 0, right: 0 };
  const from = at(child(anchor, 'xdr:from'));
  if (anchor.name === 'xdr:oneCellAnchor') return { top: from.row, left: from.col, bottom: from.row + 1, right: from.col + 1 };
  const to = at(child(anchor, 'xdr:to'));
  return { top: from.row, left: from.col, bottom: to.row + 1, right: to.col + 1 };
}

/** The shapes of an anchor, a group's members in their order; what markup compatibility offers as fallback. */
function shapesOf(anchor: XmlElement): XmlElement[] {
  const shapes: XmlElement[] = [];
  const stack = elementChildren(anchor).reverse();
  while (stack.length > 0) {
    const element = stack.pop()!;
    if (element.name === 'xdr:grpSp') stack.push(...elementChildren(element).reverse());
    else if (element.name === 'mc:AlternateContent') {
      const chosen = child(element, 'mc:Choice') ?? child(element, 'mc:Fallback');
      if (chosen) stack.push(...elementChildren(chosen).reverse());
    } else if (['xdr:graphicFrame', 'xdr:pic', 'xdr:sp'].includes(element.name)) shapes.push(element);
  }
  return shapes;
}

function drawingObject(
  pkg: OfficePackage,
  shape: XmlElement,
  box: CellRange,
  relationships: ReadonlyMap<string, PackageRelationship>,
): DrawingObject | undefined {
  const properties = findFirst(shape, 'xdr:cNvPr');
  const name = properties?.attrs.name ?? '';
  if (shape.name === 'xdr:graphicFrame') {
    const chartId = findFirst(shape, 'c:chart')?.attrs['r:id'];
    const chartPath = chartId ? relationships.get(chartId)?.path : undefined;
    return chartPath ? { kind: 'chart', box, chart: readChart(pkg.xml(chartPath)), name } : undefined;
  }
  if (shape.name === 'xdr:pic') {
    const blip = findFirst(shape, 'a:blip');
    const id = blip?.attrs['r:embed'] ?? blip?.attrs['r:link'];
    return {
      kind: 'picture',
      box,
      image: id ? relationships.get(id) : undefined,
      altText: attributeText(properties, 'descr')?.trim() ?? '',
      name,
    };
  }
  const body = child(shape, 'xdr:txBody');
  const text = childrenNamed(body, 'a:p')
    .map((p) => findAll(p, 'a:t').map(textOf).join(''))
    .join('\n')
    .trim();
  return text ? { kind: 'text', box, text } : undefined;
}
