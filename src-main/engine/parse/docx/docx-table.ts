import { child, childrenNamed, childValue, elementChildren, type XmlElement } from './xml-tree';

interface DocxCellPlacement {
  cell: XmlElement;
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  header: boolean;
}

interface DocxTableLayout {
  numRows: number;
  numCols: number;
  cells: DocxCellPlacement[];
}

/** Children named `name` (rows of a table, cells of a row), looking through content-control and custom-XML wrappers. */
function childrenThroughWrappers(parent: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const pending = elementChildren(parent).reverse();
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (node.name === name) found.push(node);
    else if (node.name === 'w:sdt' || node.name === 'w:sdtContent' || node.name === 'w:customXml')
      pending.push(...elementChildren(node).reverse());
  }
  return found;
}

/**
 * Lays a `w:tbl` on its grid: `gridBefore` and `gridSpan` give columns, a `vMerge` continuation
 * extends the cell above. The first row, and any rows repeated as header rows, are column headers
 * (Docling marks the first row of a Word table as its header).
 */
export function layoutDocxTable(table: XmlElement): DocxTableLayout {
  const rows = childrenThroughWrappers(table, 'w:tr');
  const cells: DocxCellPlacement[] = [];
  const openMerges = new Map<number, DocxCellPlacement>();
  let numCols = childrenNamed(child(table, 'w:tblGrid'), 'w:gridCol').length;
  let headerRowsEnded = false;
  rows.forEach((row, rowIndex) => {
    const rowProperties = child(row, 'w:trPr');
    const repeatedHeader = child(rowProperties, 'w:tblHeader') !== undefined;
    const header = rowIndex === 0 || (repeatedHeader && !headerRowsEnded);
    if (!header) headerRowsEnded = true;
    let col = Number(childValue(rowProperties, 'w:gridBefore') ?? 0);
    for (const cell of childrenThroughWrappers(row, 'w:tc')) {
      const properties = child(cell, 'w:tcPr');
      const colSpan = Math.max(1, Math.min(Number(childValue(properties, 'w:gridSpan') ?? 1) || 1, 1000));
      const merge = child(properties, 'w:vMerge');
      const continues = merge !== undefined && merge.attrs['w:val'] !== 'restart';
      const above = openMerges.get(col);
      if (continues && above && above.colSpan === colSpan) {
        above.rowSpan = rowIndex - above.row + 1;
      } else {
        const placement: DocxCellPlacement = { cell, row: rowIndex, col, rowSpan: 1, colSpan, header };
        cells.push(placement);
        if (merge) openMerges.set(col, placement);
        else openMerges.delete(col);
      }
      col += colSpan;
    }
    numCols = Math.max(numCols, col);
  });
  return { numRows: rows.length, numCols, cells };
}
