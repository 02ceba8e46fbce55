import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveRef } from '../../ir/resolve';
import type { DoclingDocument, GroupItem, NodeItem, TableCell } from '../../ir/types';
import { htmlParser } from './html-parser';

/** The pages of `test-data/html-tables/`; what Docling makes of each is reasoned from its HTML backend's source. */
function parsePage(name: string): Promise<DoclingDocument> {
  const bytes = readFileSync(new URL(`../../../../test-data/html-tables/${name}`, import.meta.url));
  return htmlParser.parse({ fileName: name, bytes });
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

const squash = (text: string): string => text.replace(/\s+/g, ' ');

describe('HTML tables as Docling reads them', () => {
  it('keeps a nested table as a table of its own and spaces its cells in the outer cell text', async () => {
    const doc = await parsePage('nested-tables.html');
    expect(doc.tables).toHaveLength(2);
    const outer = cellAt(doc, 0, 1, 1);
    expect(squash(outer.text)).toBe('A1 B1 C1 A2 B2 C2');
    expect(richContent(doc, outer)).toEqual(['table']);
    const inner = doc.tables[1]!;
    expect(inner.parent!.$ref).toBe(outer.ref!.$ref);
    expect(inner.data.table_cells.map((c) => c.text)).toEqual(['A1', 'B1', 'C1', 'A2', 'B2', 'C2']);
  });

  it('reads a nested table of one text as the plain text of its cell', async () => {
    const doc = await parsePage('nested-tables.html');
    const cell = cellAt(doc, 0, 2, 1);
    expect(cell).toMatchObject({ text: 'Only' });
    expect(cell.ref).toBeUndefined();
  });

  it('keeps a single-cell layout table as a table, its blocks in the cell group', async () => {
    const doc = await parsePage('single-cell-wrapper.html');
    expect(doc.tables.map((t) => [t.data.num_rows, t.data.num_cols])).toEqual([
      [1, 1],
      [1, 1],
    ]);
    const wrapper = cellAt(doc, 0, 0, 0);
    expect(squash(wrapper.text)).toBe('Wrapped section First wrapped paragraph. Second wrapped paragraph.');
    expect(richContent(doc, wrapper)).toEqual([
      'section_header: Wrapped section',
      'text: First wrapped paragraph.',
      'text: Second wrapped paragraph.',
    ]);
    expect(cellAt(doc, 1, 0, 0)).toMatchObject({ text: 'A lone cell of plain text.' });
    expect(cellAt(doc, 1, 0, 0).ref).toBeUndefined();
  });

  it('makes a cell rich exactly where Docling does', async () => {
    const doc = await parsePage('rich-cells.html');
    const cells = doc.tables[0]!.data.table_cells;
    const rich = new Map(
      cells
        .filter((c) => c.start_col_offset_idx === 1)
        .map((c) => [cells.find((k) => k.start_row_offset_idx === c.start_row_offset_idx)!.text, c]),
    );
    const richCases = [...rich].filter(([, c]) => c.ref !== undefined).map(([name]) => name);
    expect(richCases).toEqual([
      'two runs',
      'bold',
      'link',
      'line break',
      'list of two',
      'two paragraphs',
      'two divs',
      'code',
      'image alone',
    ]);
    expect(richContent(doc, rich.get('line break')!)).toEqual(['text: first line', 'text: second line']);
    expect(richContent(doc, rich.get('list of two')!)).toEqual(['list']);
    expect(rich.get('list of one')!.text).toBe('single item');
    expect(rich.get('two paragraphs')!.text).toBe('paragraph one paragraph two');
    // Docling's cell text follows only p, li, td and th with a space: two divs run together.
    expect(rich.get('two divs')!.text).toBe('block oneblock two');
    expect(richContent(doc, rich.get('image alone')!)).toEqual(['picture']);
  });

  it('leaves out a picture beside the only text of a plain cell, as Docling does', async () => {
    const doc = await parsePage('rich-cells.html');
    expect(doc.pictures).toHaveLength(1);
    expect(doc.texts.some((t) => t.text === 'another dot')).toBe(false);
  });

  it('skips a row without cells', async () => {
    const doc = await htmlParser.parse({
      fileName: 'rows.html',
      bytes: new TextEncoder().encode('<table><tr><td>a</td></tr><tr></tr><tr><td>b</td></tr></table>'),
    });
    expect(doc.tables[0]!.data.num_rows).toBe(2);
    expect(cellAt(doc, 0, 1, 0).text).toBe('b');
  });
});
