import { parseFragment } from 'parse5';
import type { OcrBlock, OcrPage } from './ocr-json-schema';
import type { CoordOrigin, GroupItem, PictureItem, ProvenanceItem, SourceRun, TableData, TableItem, TextItem } from '../../ir/types';
import { codePointLength } from '../../text/code-points';
import { tableCell, type DocumentBuilder, type ItemPlacement } from '../document-builder';
import { cellText, layoutTable } from '../html/html-table';
import { findDescendants } from '../html/html-tree';
import { assignCaptions } from './ocr-captions';

/** A bullet or a number/letter enumerator at the start of an OCR'd list item. */
const LIST_MARKER = /^\s*([•●▪◦‣∙·\-–*]|\(?\d{1,3}[.)]|\(?[a-zA-Z][.)])\s+/;

/** Where a block was read in the text of its page: `[start, end)` code points, and the runs of its text (lines with their boxes). */
export interface BlockSource {
  span: [number, number];
  runs: SourceRun[];
}

/** The blocks' sources, by block index (none for a block without text). */
export type BlockSources = ReadonlyArray<BlockSource | undefined>;

/**
 * Adds one OCR page's blocks as items (the one mapping from OCR blocks to the IR: the OCR-JSON
 * parser and the PDF parser's scanned pages both use it). `sources` gives each block's
 * `source_span` and `source_runs` where the caller has a page text. Returns the list group still open at the page
 * end (lists may continue on the next page).
 */
export function addOcrPage(
  builder: DocumentBuilder,
  page: OcrPage,
  origin: CoordOrigin,
  openList: GroupItem | undefined,
  sources: BlockSources = [],
): GroupItem | undefined {
  const captions = assignCaptions(page.blocks, page.height);
  const floating = new Map<number, TableItem | PictureItem>();
  const placementOf = (block: OcrBlock, index: number) => {
    const source = sources[index];
    return { prov: [provenance(page, block, origin)], ...(source ? { sourceSpan: source.span, sourceRuns: source.runs } : {}) };
  };
  let list = openList;
  page.blocks.forEach((block, index) => {
    if (captions.has(index)) return;
    const placement = placementOf(block, index);
    const layer = block.category === 'Page-header' || block.category === 'Page-footer' ? 'furniture' : 'body';
    if (block.category !== 'List-item' && layer === 'body') list = undefined;
    const text = block.text.trim();
    switch (block.category) {
      case 'Title':
        builder.addTitle(text, placement);
        break;
      case 'Section-header':
        builder.addHeading(text, block.level ?? 1, placement);
        break;
      case 'List-item': {
        list ??= builder.addGroup('list', 'list');
        const marker = LIST_MARKER.exec(text);
        const enumerated = marker !== null && /[\dA-Za-z]/.test(marker[1]!);
        const itemText = marker ? text.slice(marker[0].length) : text;
        const runs = placement.sourceRuns && marker ? runsAfter(placement.sourceRuns, text.length - itemText.length) : placement.sourceRuns;
        builder.addListItem(itemText, list, marker?.[1] ?? '', enumerated, { ...placement, sourceRuns: runs, orig: text });
        break;
      }
      case 'Table':
        floating.set(index, attachNotes(builder, builder.addTable(tableData(block, builder.fileName), placement), block, placement));
        break;
      case 'Picture':
        floating.set(index, attachNotes(builder, builder.addPicture({ ...placement, imageSource: block.image }), block, placement));
        break;
      case 'Formula':
        builder.addText('formula', text, placement);
        break;
      case 'Footnote':
        builder.addText('footnote', text, placement);
        break;
      case 'Code': {
        const code = builder.addCode(text, block.language, placement);
        attachNotes(builder, code, block, placement);
        break;
      }
      case 'Page-header':
        builder.addText('page_header', text, { ...placement, layer });
        break;
      case 'Page-footer':
        builder.addText('page_footer', text, { ...placement, layer });
        break;
      case 'Caption':
      case 'Text':
        builder.addText(block.category === 'Caption' ? 'caption' : 'text', text, placement);
        break;
    }
  });
  for (const [captionIndex, ownerIndex] of captions) {
    builder.addCaption(
      floating.get(ownerIndex)!,
      page.blocks[captionIndex]!.text.trim(),
      placementOf(page.blocks[captionIndex]!, captionIndex),
    );
  }
  return list;
}

/**
 * The captions and footnotes the engine attached to a table, picture or code block itself (Caption
 * blocks are placed by geometry instead), on the block's page and box: the block's text span is not theirs.
 */
function attachNotes<T extends TableItem | PictureItem | TextItem>(
  builder: DocumentBuilder,
  owner: T,
  block: OcrBlock,
  placement: ItemPlacement,
): T {
  const { prov } = placement;
  for (const caption of nonEmpty(block.captions)) builder.addCaption(owner, caption, { prov });
  if (owner.label !== 'code')
    for (const footnote of nonEmpty(block.footnotes)) builder.addFootnote(owner as TableItem | PictureItem, footnote, { prov });
  return owner;
}

function nonEmpty(texts: readonly string[] | undefined): string[] {
  return (texts ?? []).map((text) => text.trim()).filter((text) => text !== '');
}

/** The runs of `text.slice(from)`: what lies before `from` (a list marker) left out, the rest moved to the start. */
function runsAfter(runs: readonly SourceRun[], from: number): SourceRun[] {
  const after: SourceRun[] = [];
  for (const run of runs) {
    const end = run.text + run.length;
    if (end <= from) continue;
    const cut = Math.max(0, from - run.text);
    // A run cut inside keeps its source whole unless it maps one to one.
    const oneToOne = run.length === run.sourceLength && cut > 0;
    after.push({
      ...run,
      text: run.text + cut - from,
      length: run.length - cut,
      source: oneToOne ? run.source + cut : run.source,
      sourceLength: oneToOne ? run.sourceLength - cut : run.sourceLength,
    });
  }
  return after;
}

function provenance(page: OcrPage, block: OcrBlock, origin: CoordOrigin): ProvenanceItem {
  const [l, t, r, b] = block.bbox;
  return { page_no: page.page_no, bbox: { l, t, r, b, coord_origin: origin }, charspan: [0, codePointLength(block.text.trim())] };
}

/** Cells given as a list, or read from the block's HTML table (spans resolved as a browser would). */
function tableData(block: OcrBlock, fileName: string): TableData {
  if (block.cells) {
    const cells = block.cells.map((c) =>
      tableCell(c.text, { row: c.row, col: c.col, rowSpan: c.row_span, colSpan: c.col_span, columnHeader: c.header }),
    );
    return {
      table_cells: cells,
      num_rows: cells.reduce((rows, c) => Math.max(rows, c.end_row_offset_idx), 0),
      num_cols: cells.reduce((cols, c) => Math.max(cols, c.end_col_offset_idx), 0),
    };
  }
  const table = block.html ? findDescendants(parseFragment(block.html), new Set(['table']))[0] : undefined;
  if (!table) return { table_cells: [], num_rows: 0, num_cols: 0 };
  const layout = layoutTable(table, fileName);
  return {
    num_rows: layout.numRows,
    num_cols: layout.numCols,
    table_cells: layout.cells.map((c) => tableCell(cellText(c.element), c)),
  };
}
