import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { iterateItems } from '../../ir/iterate';
import { resolveRef } from '../../ir/resolve';
import type { DoclingDocument, GroupItem, NodeItem, TableCell } from '../../ir/types';
import { docxParser } from './docx-parser';

/** The documents of `test-data/docx-tables/`; what Docling makes of each is reasoned from its Word backend's source. */
function parseDocument(name: string): Promise<DoclingDocument> {
  const bytes = readFileSync(new URL(`../../../../test-data/docx-tables/${name}`, import.meta.url));
  return docxParser.parse({ fileName: name, bytes });
}

function cellAt(doc: DoclingDocument, table: number, row: number, col: number): TableCell {
  const cell = doc.tables[table]!.data.table_cells.find((c) => c.start_row_offset_idx === row && c.start_col_offset_idx === col);
  if (!cell) throw new Error(`no cell at ${row},${col} of table ${table}`);
  return cell;
}

/** The items a rich cell's group holds, by label and text. */
function richContent(doc: DoclingDocument, cell: TableCell): string[] {
  const group = cell.ref ? (resolveRef(doc, cell.ref) as GroupItem) : undefined;
  if (!group) return [];
  return group.children.map((ref) => {
    const item = resolveRef(doc, ref) as NodeItem & { label: string; text?: string };
    return item.text === undefined ? item.label : `${item.label}: ${item.text}`;
  });
}

describe('Word tables as Docling reads them', () => {
  it('keeps a nested table as a table of its own in the cell group, out of the cell text', async () => {
    const doc = await parseDocument('nested-tables.docx');
    expect(doc.tables).toHaveLength(2);
    const outer = cellAt(doc, 0, 1, 1);
    expect(outer.text).toBe('Quarterly figures:\n');
    expect(richContent(doc, outer)).toEqual(['text: Quarterly figures:', 'table']);
    expect(doc.tables[1]!.data.table_cells.map((c) => c.text)).toEqual(['A1', 'B1', 'C1', 'A2', 'B2', 'C2']);
  });

  it('reads a table of one cell as layout: its content becomes body content', async () => {
    const doc = await parseDocument('single-cell-wrapper.docx');
    const body = [...iterateItems(doc)].map(({ item }) => item as NodeItem & { label: string; text?: string });
    expect(body.map((i) => (i.text === undefined ? i.label : `${i.label}: ${i.text}`)).slice(0, 5)).toEqual([
      'section_header: Layout table',
      'section_header: Wrapped section',
      'text: First wrapped paragraph.',
      'text: Second wrapped paragraph.',
      'text: Closing paragraph.',
    ]);
    const wrapped = doc.texts.find((t) => t.text === 'First wrapped paragraph.')!;
    expect(resolveRef(doc, wrapped.parent!)).toMatchObject({ text: 'Wrapped section', level: 2 });
    // One column or one row alone is still a table.
    expect(doc.tables.map((t) => [t.data.num_rows, t.data.num_cols])).toEqual([
      [2, 1],
      [1, 2],
    ]);
  });

  it('makes a cell rich exactly where Docling does: paragraphs, blocks, pictures, run formatting of its own', async () => {
    const doc = await parseDocument('rich-cells.docx');
    const cells = doc.tables[0]!.data.table_cells;
    const caseOf = (cell: TableCell): string => cellAt(doc, 0, cell.start_row_offset_idx, 0).text;
    const rich = cells.filter((c) => c.start_col_offset_idx === 1 && c.ref !== undefined).map(caseOf);
    expect(rich).toEqual([
      'two paragraphs',
      'empty second paragraph',
      'bold run',
      'italic run',
      'complex-script bold',
      'bold paragraph mark',
      'superscript',
    ]);
    expect(cellAt(doc, 0, 2, 1).text).toBe('paragraph one\nparagraph two');
    expect(richContent(doc, cellAt(doc, 0, 2, 1))).toEqual(['text: paragraph one', 'text: paragraph two']);
    expect(cellAt(doc, 0, 3, 1).text).toBe('only words\n');
  });
});
