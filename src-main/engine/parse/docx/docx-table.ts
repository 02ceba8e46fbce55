import type { DocxStyles } from './docx-styles';
import { child, childrenNamed, childValue, elementChildren, findFirst, isOn, textOf, type XmlElement } from '../ooxml/xml-tree';

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

/** One row of one grid column: Docling reads such a table as layout and its cell's content as body content. */
export function isSingleCellTable(layout: DocxTableLayout): boolean {
  return layout.numRows === 1 && layout.numCols === 1 && layout.cells.length === 1;
}

/**
 * Docling's test for a Word cell whose content is walked into items of its own (a rich cell), kept
 * exact so that cells divide as its Word backend divides them: more than one paragraph, any block
 * but a paragraph (a nested table, a content control), a picture or drawing, or a run of the
 * paragraph with formatting of its own, or a paragraph with text in a code style (so that it becomes
 * a code item). Other paragraph and character styles, links and numbering do not make a cell rich:
 * Docling reads only the runs' own properties here.
 */
export function isRichDocxCell(cell: XmlElement, styles: DocxStyles): boolean {
  const blocks = elementChildren(cell).filter((b) => b.name !== 'w:tcPr');
  const paragraphs = blocks.filter((b) => b.name === 'w:p');
  if (paragraphs.length > 1 || paragraphs.length < blocks.length) return true;
  if (findFirst(cell, 'a:blip') || findFirst(cell, 'w:drawing')) return true;
  if (paragraphs.some(hasRunOwnFormatting)) return true;
  const paragraph = paragraphs[0];
  const styleId = paragraph && styles.paragraphStyle(childValue(child(paragraph, 'w:pPr'), 'w:pStyle'));
  return paragraph !== undefined && textOf(paragraph).trim() !== '' && styles.isCodeStyle(styleId);
}

/**
 * A run directly in the paragraph (not in a link or a tracked change) that is bold, italic,
 * underlined, struck or raised or lowered by its own properties. Complex-script bold counts as bold,
 * and so does a bold paragraph mark, as Docling counts them.
 */
function hasRunOwnFormatting(paragraph: XmlElement): boolean {
  const runs = childrenNamed(paragraph, 'w:r');
  if (runs.length === 0) return false;
  const mark = child(child(paragraph, 'w:pPr'), 'w:rPr');
  if (isOn(child(mark, 'w:b')) || isOn(child(mark, 'w:bCs'))) return true;
  return runs.some((run) => {
    const properties = child(run, 'w:rPr');
    const underline = childValue(properties, 'w:u');
    const script = childValue(properties, 'w:vertAlign');
    return (
      ['w:b', 'w:bCs', 'w:i', 'w:strike'].some((name) => isOn(child(properties, name))) ||
      (underline !== undefined && underline !== 'none') ||
      script === 'subscript' ||
      script === 'superscript'
    );
  });
}
