import { describe, expect, it } from 'vitest';
import { composeBlocks, describeRange } from './composed-text';
import { readBlocks } from './document-blocks';
import { groundtruthDocument, sampleDocument } from '../strategy.test-support';
import { markdownParser } from '../../parse/markdown/markdown-parser';

describe('readBlocks and composeBlocks', () => {
  it('lays out the body in reading order with heading paths, list markers and a Markdown table', () => {
    const { doc } = sampleDocument();
    const blocks = readBlocks(doc);
    expect(blocks.map((b) => b.kind)).toEqual([
      'heading',
      'text',
      'heading',
      'text',
      'list-item',
      'list-item',
      'heading',
      'table',
      'code',
      'heading',
      'text',
    ]);
    expect(blocks[5]!.headingPath).toEqual(['Ducks', 'Food']);
    expect(blocks[7]!.headingPath).toEqual(['Ducks', 'Food', 'Details']);
    expect(blocks[10]!.headingPath).toEqual(['Ducks', 'Habitat']);
    expect(blocks[7]!.text.split('\n').slice(0, 3)).toEqual(['| City | Population |', '| --- | --- |', '| City 1 | 1000 |']);
    const composed = composeBlocks(blocks);
    expect(composed.text).toContain('insects.\n\n- Leaves\n- Berries\n\nDetails');
  });

  it('maps a range back to its items and to the parts of their texts it holds', () => {
    const { doc } = sampleDocument();
    const composed = composeBlocks(readBlocks(doc));
    const start = composed.text.indexOf('They swim');
    const end = composed.text.indexOf('insects.') + 'insects.'.length;
    const origin = describeRange(composed, { start, end });
    expect(origin.docItems).toEqual(['#/texts/1', '#/texts/2', '#/texts/3']);
    const texts = origin.itemRanges.map(({ ref, start: from, end: to }) => {
      const item = doc.texts[Number(ref.split('/')[2])]!;
      return item.text.slice(from, to);
    });
    expect(texts).toEqual(['They swim well. Dr. Quack studies them.', 'Food', 'Ducks eat plants, seeds and insects.']);
  });

  it('holds a list item without its marker, and a table whose cells have no sources whole', () => {
    const { doc } = sampleDocument();
    const composed = composeBlocks(readBlocks(doc));
    const start = composed.text.indexOf('- Berries');
    const end = composed.text.indexOf('| City 1');
    const origin = describeRange(composed, { start, end });
    expect(origin.itemRanges[0]).toMatchObject({ start: 0, end: 'Berries'.length });
    expect(origin.itemRanges.at(-1)).toEqual({ ref: '#/tables/0' });
  });

  it('holds of a Markdown table the parts of the cells a range covers, a line break written as a space mapped back', async () => {
    const source = '| Name | Note |\n| --- | --- |\n| Mallard | green<br>head |\n| Teal | small |\n';
    const doc = await markdownParser.parse({ fileName: 'table.md', bytes: new TextEncoder().encode(source) });
    const composed = composeBlocks(readBlocks(doc));
    const cellTexts = (from: number, to: number) =>
      describeRange(composed, { start: from, end: to }).itemRanges.map((range) => range.cell!.text.slice(range.start, range.end));
    const row = composed.text.indexOf('| Mallard');
    const rowEnd = composed.text.indexOf('\n', row);
    expect(cellTexts(row, rowEnd)).toEqual(['Mallard', 'green\nhead']);
    // Cut inside a cell: only its part; `green\nhead` is written `green head`.
    const cut = composed.text.indexOf('en head');
    expect(cellTexts(cut, cut + 'en he'.length)).toEqual(['en\nhe']);
  });

  it('reads a real Docling document: word_sample.docx', () => {
    const blocks = readBlocks(groundtruthDocument('word_sample.docx.json'));
    const lists = blocks.filter((b) => b.kind === 'list-item');
    expect(lists.map((b) => b.text)).toContain('- Paddle about');
    expect(blocks.find((b) => b.kind === 'table')?.text).toMatch(/^\| .* \|\n\| --- \|/);
    const eat = blocks.find((b) => b.text.startsWith('After we had a good day'));
    expect(eat?.headingPath).toEqual(['Swimming in the lake', 'Let’s swim!', 'Let’s eat']);
  });

  it('joins the inline runs of a list item into one list-item block that keeps the list item', () => {
    const blocks = readBlocks(groundtruthDocument('html_nested_block_in_list_item.html.json'));
    const item = blocks.find((b) => b.text === '1. Item with bold text First paragraph block Second paragraph block');
    expect(item?.kind).toBe('list-item');
    expect(item?.items.map((i) => i.ref)).toEqual(['#/texts/8', '#/texts/9', '#/texts/10', '#/texts/11']);
    expect(blocks.filter((b) => b.text.startsWith('  - Note text'))).toHaveLength(2);
  });
});
