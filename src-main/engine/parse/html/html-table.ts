import { inputLimits, rejectOversizedTable } from '../limits';
import { attribute, contentChildren, descendants, elementChildren, isElement, isText, type HtmlElement, type HtmlNode } from './html-tree';
import { cleanUnicode, extractRuns, type InlineContext } from './inline-text';

interface HtmlCellPlacement {
  element: HtmlElement;
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  columnHeader: boolean;
  rowHeader: boolean;
}

interface HtmlTableLayout {
  numRows: number;
  numCols: number;
  cells: HtmlCellPlacement[];
}

const ROW_GROUPS: ReadonlySet<string> = new Set(['thead', 'tbody', 'tfoot']);
const ROW: ReadonlySet<string> = new Set(['tr']);
const CELLS: ReadonlySet<string> = new Set(['td', 'th']);

/** Rows of this table only (through thead/tbody/tfoot), never those of a nested table. */
function tableRows(table: HtmlElement): HtmlElement[] {
  const rows: HtmlElement[] = [];
  for (const child of contentChildren(table)) {
    if (!isElement(child)) continue;
    if (child.tagName === 'tr') rows.push(child);
    else if (ROW_GROUPS.has(child.tagName)) rows.push(...elementChildren(child, ROW));
  }
  return rows;
}

/**
 * Places every cell on the grid as a browser does: a cell takes the first column its row has
 * free after the cells spanning down from above. A row of `th` only is a column-header row. The
 * grid stops at the table limits (`limits.ts`) with a `too-large` error, before it is built past them.
 */
export function layoutTable(table: HtmlElement, fileName: string): HtmlTableLayout {
  const limits = inputLimits();
  const at = `at line ${table.sourceCodeLocation?.startLine ?? '?'}`;
  // Docling skips a row without cells: it adds no row to the grid.
  const rows = tableRows(table).filter((row) => elementChildren(row, CELLS).length > 0);
  const occupied: boolean[][] = [];
  const cells: HtmlCellPlacement[] = [];
  let numCols = 0;
  let area = 0;
  rows.forEach((row, rowIndex) => {
    const rowCells = elementChildren(row, CELLS);
    const headerRow = rowCells.length > 0 && rowCells.every((c) => c.tagName === 'th');
    let col = 0;
    for (const element of rowCells) {
      const taken = (occupied[rowIndex] ??= []);
      while (taken[col]) col++;
      const colSpan = spanOf(element, 'colspan');
      const rowSpan = Math.min(spanOf(element, 'rowspan'), rows.length - rowIndex);
      area += colSpan * rowSpan;
      // checked before the grid is marked, so that spans cannot make it huge
      rejectOversizedTable(fileName, { columns: Math.max(numCols, col + colSpan), cells: area }, at, limits);
      for (let r = rowIndex; r < rowIndex + rowSpan; r++) {
        const line = (occupied[r] ??= []);
        for (let c = col; c < col + colSpan; c++) line[c] = true;
      }
      cells.push({
        element,
        row: rowIndex,
        col,
        rowSpan,
        colSpan,
        columnHeader: headerRow,
        rowHeader: !headerRow && element.tagName === 'th',
      });
      col += colSpan;
      numCols = Math.max(numCols, col);
    }
  });
  return { numRows: rows.length, numCols, cells };
}

function spanOf(cell: HtmlElement, name: string): number {
  const match = /^\s*(\d+)/.exec(attribute(cell, name) ?? '');
  const value = match ? Number(match[1]) : 1;
  // Browsers clamp spans the same way; it also bounds the grid a hostile file can request.
  return Math.min(Math.max(value, 1), 1000);
}

/** Elements whose text Docling follows with a space in a cell's text: a nested table's cells never run together. */
const SPACED_IN_CELL_TEXT: ReadonlySet<string> = new Set(['p', 'li', 'td', 'th']);

/**
 * A cell's text as Docling reads it: all text concatenated, `<p>`, `<li>` and nested cells followed by
 * a space, `<br>` a newline.
 */
export function cellText(cell: HtmlElement): string {
  const parts: string[] = [];
  const stack: Array<HtmlNode | string> = [cell];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (typeof node === 'string') {
      parts.push(node);
      continue;
    }
    if (isText(node)) {
      parts.push(node.value);
      continue;
    }
    if (!isElement(node)) continue;
    if (node.tagName === 'br') {
      parts.push('\n');
      continue;
    }
    if (SPACED_IN_CELL_TEXT.has(node.tagName)) stack.push(' ');
    const children = contentChildren(node, 'present');
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return cleanUnicode(parts.join('').trim());
}

/** Block children that Docling counts when it asks whether a cell holds several blocks of text. */
const TEXT_BLOCKS: ReadonlySet<string> = new Set(['p', 'div', 'li']);

/**
 * Docling's test for a cell whose content is walked into items of its own (a rich cell), kept exact
 * so that cells divide as its HTML backend divides them. A piece is a text node with text or a
 * `<br>`. Rich: more than one `p`, `div` or `li` child; with no element inside, more than one text
 * node; otherwise more than one piece, or none (an image alone, an empty element: the walk decides
 * whether an item comes of it), or a single piece that is formatted, linked or code or sits beside
 * an input. A list of one item, one paragraph or one span stays a plain cell.
 */
export function isRichCell(cell: HtmlElement, context: InlineContext): boolean {
  if (elementChildren(cell, TEXT_BLOCKS).length > 1) return true;
  const elements = [...descendants(cell)].filter((n): n is HtmlElement => isElement(n) && n.tagName !== 'br');
  if (elements.length === 0) return contentChildren(cell).length > 1;
  const pieces = extractRuns(cell, context, { lineBreaks: true });
  if (pieces.length !== 1) return true;
  const only = pieces[0]!;
  return Boolean(only.formatting || only.hyperlink || only.code) || elements.some((e) => e.tagName === 'input');
}
