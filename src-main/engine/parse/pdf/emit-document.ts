import type { GroupItem, PictureItem, ProvenanceItem, SourceRun, TableCell, TableData, TableItem, TextItem } from '../../ir/types';
import { codePointLength } from '../../text/code-points';
import { tableCell, type DocumentBuilder } from '../document-builder';
import { addOcrPage } from '../ocr-json/ocr-page-items';
import type { ClassifiedBlock, ClassifiedLines } from './classify-block';
import { toBoundingBox, unionBox } from './geometry';
import { headingLevels, type HeadingStyle } from './headings';
import type { RecognizedPage } from './ocr/recognized-page';
import { lineEndHyphens, type LineEndHyphens } from './line-end-hyphens';
import { linesText } from './line-runs';
import type { ListMarker } from './list-markers';
import { linesOfBlock, spanOfLines } from './page-text';
import type { TableRegion } from './table-grid';
import type { Box, Line } from './types';

export interface ClassifiedPage {
  pageNo: number;
  width: number;
  height: number;
  blocks: ClassifiedBlock[];
  /** A scanned page's OCR text: its items come from these blocks instead. */
  recognized?: RecognizedPage;
}

type Owner = TableItem | PictureItem | TextItem;

/** Captions further than this many points from a table or picture stay free-standing. */
const captionReach = 60;
/** List items indented further than this (points) than the list's items nest one level deeper. */
const nestingStep = 4;
/** The title must be this much larger than body text. */
const titleSizeRatio = 1.4;

/**
 * Writes the classified pages into the document: headings with levels (and the title), list
 * groups nested by indentation, tables as cell grids, pictures with their labels as children,
 * captions attached to their table, picture or code block, furniture in the furniture layer.
 */
export function emitDocument(builder: DocumentBuilder, pages: readonly ClassifiedPage[], bodySize: number): void {
  const headings = pages.flatMap((p) => p.blocks.filter(isLabel('heading')));
  const sections = headings.filter((heading) => !heading.indexGroup);
  const levelOfStyle = headingLevels(sections.map((heading) => ({ style: headingStyleOf(heading), text: heading.text })));
  const sectionLevel = (heading: ClassifiedLines): number => levelOfStyle(headingStyleOf(heading), heading.text);
  // An index's letter groups are its lowest level, under whatever heading the index has and below every section's level.
  const groupLevel = 1 + sections.reduce((deepest, heading) => Math.max(deepest, sectionLevel(heading)), 0);
  const levelOf = (heading: ClassifiedLines): number => (heading.indexGroup ? groupLevel : sectionLevel(heading));
  const title = titleOf(pages, headings, bodySize);
  const hyphens = lineEndHyphens(pages.flatMap((page) => page.blocks.flatMap(linesOfTexts)));
  for (const page of pages) {
    builder.addPage(page.pageNo, page.width, page.height);
    if (page.recognized) addOcrPage(builder, page.recognized.page, 'BOTTOMLEFT', undefined, page.recognized.sources);
    else emitPage(builder, page, levelOf, title, hyphens);
  }
}

/** The lines of each text a block holds: a paragraph's, each table cell's; a picture's labels are single lines. */
function linesOfTexts(block: ClassifiedBlock): Line[][] {
  if (block.kind === 'lines') return [block.lines];
  return block.kind === 'table' ? block.table.cells.map((cell) => cell.lines) : [];
}

function emitPage(
  builder: DocumentBuilder,
  page: ClassifiedPage,
  levelOf: (heading: ClassifiedLines) => number,
  title: ClassifiedLines | undefined,
  hyphens: LineEndHyphens,
): void {
  const owners = captionOwners(page.blocks);
  const emitted = new Map<ClassifiedBlock, Owner>();
  const pendingCaptions = new Map<ClassifiedBlock, ClassifiedLines[]>();
  const lists: { group: GroupItem; indent: number; lastItem?: TextItem }[] = [];
  for (const block of page.blocks) {
    const { text, ...placement } = placementOf(block, page.pageNo, hyphens);
    if (block.kind === 'lines' && block.label === 'caption') {
      const owner = owners.get(block);
      const ownerItem = owner && emitted.get(owner);
      if (owner && ownerItem) builder.addCaption(ownerItem, text, placement);
      else if (owner) pendingCaptions.set(owner, [...(pendingCaptions.get(owner) ?? []), block]);
      else builder.addText('caption', text, placement);
      continue;
    }
    if (block.kind !== 'lines' || block.label !== 'list_item') {
      if (!(block.kind === 'lines' && (block.label === 'page_header' || block.label === 'page_footer'))) lists.length = 0;
    }
    const item = emitBlock(builder, block, text, placement, lists, levelOf, title, hyphens);
    if (!item) continue;
    emitted.set(block, item);
    for (const caption of pendingCaptions.get(block) ?? []) {
      const { text: captionText, ...captionPlacement } = placementOf(caption, page.pageNo, hyphens);
      builder.addCaption(item, captionText, captionPlacement);
    }
  }
}

type Placement = { prov: ProvenanceItem[]; sourceSpan?: [number, number]; sourceRuns?: SourceRun[] };

function emitBlock(
  builder: DocumentBuilder,
  block: ClassifiedBlock,
  text: string,
  placement: Placement,
  lists: { group: GroupItem; indent: number; lastItem?: TextItem }[],
  levelOf: (heading: ClassifiedLines) => number,
  title: ClassifiedLines | undefined,
  hyphens: LineEndHyphens,
): Owner | undefined {
  if (block.kind === 'table') return builder.addTable(tableDataOf(block.table, hyphens), placement);
  if (block.kind === 'picture') {
    const picture = builder.addPicture(placement);
    for (const label of block.labels) {
      builder.addText('text', label.text, { ...placementOfLines([label], placement.prov[0]!.page_no), parent: picture });
    }
    return picture;
  }
  switch (block.label) {
    case 'heading':
      if (block === title) return builder.addTitle(text, placement);
      return builder.addHeading(text, levelOf(block), placement);
    case 'list_item':
      return addListItem(builder, block, text, placement, lists);
    case 'code':
      return builder.addCode(text, undefined, placement);
    case 'page_header':
    case 'page_footer':
      return builder.addText(block.label, text, { ...placement, layer: 'furniture' });
    default:
      return builder.addText(block.label === 'caption' ? 'caption' : block.label, text, placement);
  }
}

function addListItem(
  builder: DocumentBuilder,
  block: ClassifiedLines,
  text: string,
  placement: Placement,
  lists: { group: GroupItem; indent: number; lastItem?: TextItem }[],
): TextItem {
  const indent = block.lines[0]!.left;
  while (lists.length > 1 && indent < lists[lists.length - 1]!.indent - nestingStep) lists.pop();
  const top = lists[lists.length - 1];
  if (!top) {
    lists.push({ group: builder.addGroup('list', 'list'), indent });
  } else if (indent > top.indent + nestingStep && top.lastItem) {
    lists.push({ group: builder.addGroup('list', 'list', { parent: top.lastItem }), indent });
  }
  const current = lists[lists.length - 1]!;
  const marker = block.marker!;
  const item = builder.addListItem(text, current.group, marker.marker, marker.enumerated, placement);
  current.lastItem = item;
  return item;
}

function tableDataOf(table: TableRegion, hyphens: LineEndHyphens): TableData {
  const cells: TableCell[] = [];
  const occupied = new Set<string>();
  for (const cell of table.cells) {
    for (let r = cell.row; r < cell.row + cell.rowSpan; r++)
      for (let c = cell.col; c < cell.col + cell.colSpan; c++) occupied.add(`${r}:${c}`);
    const { text, runs } = linesText(cell.lines, cell.text, undefined, hyphens.keepsHyphen(cell.lines));
    cells.push({
      bbox: toBoundingBox(cell),
      ...tableCell(text, { row: cell.row, col: cell.col, rowSpan: cell.rowSpan, colSpan: cell.colSpan, columnHeader: cell.header }),
      ...(runs ? { source_runs: runs } : {}),
    });
  }
  const headerRows = new Set(table.cells.filter((c) => c.header).map((c) => c.row));
  for (let row = 0; row < table.numRows; row++) {
    for (let col = 0; col < table.numCols; col++) {
      if (occupied.has(`${row}:${col}`)) continue;
      cells.push(tableCell('', { row, col, columnHeader: headerRows.has(row) }));
    }
  }
  cells.sort((a, b) => a.start_row_offset_idx - b.start_row_offset_idx || a.start_col_offset_idx - b.start_col_offset_idx);
  return { table_cells: cells, num_rows: table.numRows, num_cols: table.numCols };
}

/** Where a block stands, with the text of its item (a block of lines joined keeping the hyphens that are its words'). */
function placementOf(block: ClassifiedBlock, pageNo: number, hyphens: LineEndHyphens): Placement & { text: string } {
  if (block.kind === 'lines') return placementOfLines(block.lines, pageNo, block.text, block.marker, hyphens);
  const box: Box = block.kind === 'table' ? block.table : block.box;
  const span = spanOfLines(linesOfBlock(block));
  return { text: '', prov: [{ page_no: pageNo, bbox: toBoundingBox(box), charspan: [0, 0] }], ...(span ? { sourceSpan: span } : {}) };
}

function placementOfLines(
  lines: ClassifiedLines['lines'],
  pageNo: number,
  text?: string,
  marker?: ListMarker,
  hyphens?: LineEndHyphens,
): Placement & { text: string } {
  const span = spanOfLines(lines);
  const read = linesText(lines, text ?? lines.map((l) => l.text).join(' '), marker, hyphens?.keepsHyphen(lines));
  return {
    text: read.text,
    prov: [{ page_no: pageNo, bbox: toBoundingBox(unionBox(lines)), charspan: [0, codePointLength(read.text)] }],
    ...(span ? { sourceSpan: span } : {}),
    ...(read.runs ? { sourceRuns: read.runs } : {}),
  };
}

/** Pairs each caption with the nearest table, picture or code block of its kind on the page. */
function captionOwners(blocks: readonly ClassifiedBlock[]): Map<ClassifiedBlock, ClassifiedBlock> {
  const owners = new Map<ClassifiedBlock, ClassifiedBlock>();
  const taken = new Set<ClassifiedBlock>();
  for (const caption of blocks.filter(isLabel('caption'))) {
    const box = unionBox(caption.lines);
    let best: ClassifiedBlock | undefined;
    let bestDistance = captionReach;
    for (const candidate of blocks) {
      if (taken.has(candidate) || !fitsCaption(candidate, caption.captionTarget)) continue;
      const other = boxOf(candidate);
      const distance = Math.max(box.bottom - other.top, other.bottom - box.top, 0);
      const aligned = Math.min(box.right, other.right) - Math.max(box.left, other.left) > 0;
      if (aligned && distance < bestDistance) {
        best = candidate;
        bestDistance = distance;
      }
    }
    if (best) {
      owners.set(caption, best);
      taken.add(best);
    }
  }
  return owners;
}

function fitsCaption(block: ClassifiedBlock, target: ClassifiedLines['captionTarget']): boolean {
  if (block.kind === 'table') return target === 'table' || target === 'any';
  if (block.kind === 'picture') return target === 'picture' || target === 'any';
  return block.label === 'code' && (target === 'code' || target === 'any');
}

function boxOf(block: ClassifiedBlock): Box {
  if (block.kind === 'table') return block.table;
  if (block.kind === 'picture') return block.box;
  return unionBox(block.lines);
}

function isLabel(label: ClassifiedLines['label']) {
  return (block: ClassifiedBlock): block is ClassifiedLines => block.kind === 'lines' && block.label === label;
}

function headingStyleOf(block: ClassifiedLines): HeadingStyle {
  const first = block.lines[0]!;
  return {
    fontSize: first.fontSize,
    bold: first.bold,
    ...(first.smallCaps ? { smallCaps: true } : {}),
    ...(block.slideSection ? { slideSection: true } : {}),
  };
}

/**
 * The first page's largest heading (a bold running title above it is no title), when its style is
 * larger than any other heading and well above body size.
 */
function titleOf(pages: readonly ClassifiedPage[], headings: readonly ClassifiedLines[], bodySize: number): ClassifiedLines | undefined {
  const first = pages[0];
  const candidate = headings
    .filter((h) => first?.blocks.includes(h))
    .reduce<ClassifiedLines | undefined>(
      (best, h) => (!best || headingStyleOf(h).fontSize > headingStyleOf(best).fontSize ? h : best),
      undefined,
    );
  if (!candidate) return undefined;
  const size = headingStyleOf(candidate).fontSize;
  if (size < bodySize * titleSizeRatio) return undefined;
  return headings.every((h) => h === candidate || headingStyleOf(h).fontSize < size - 0.5) ? candidate : undefined;
}
