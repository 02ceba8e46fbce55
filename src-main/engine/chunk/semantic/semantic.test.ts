import { describe, expect, it } from 'vitest';
import { DocumentBuilder } from '../../parse/document-builder';
import { tokenizerById } from '../../tokenize/registry';
import {
  contextFor,
  groundtruthDocument,
  optionsError,
  runStrategy,
  sampleDocument,
  tableData,
  wordTokenizer,
} from '../strategy.test-support';
import { semanticStrategy } from './semantic';

describe('semantic strategy', () => {
  const { doc, source } = sampleDocument();
  const context = contextFor(doc, wordTokenizer);

  it('segments at the chosen heading levels and keeps deeper headings inside the text', () => {
    const byLevel1 = runStrategy(semanticStrategy, context, { splitLevels: [1], targetSize: 200, maxSize: 200, minSize: 0 });
    expect(byLevel1.map((c) => c.headingPath)).toEqual([['Ducks'], ['Ducks', 'Food'], ['Ducks', 'Habitat']]);
    expect(byLevel1[1]!.text).toMatch(
      /^Ducks eat plants, seeds and insects\.\n\n- Leaves\n- Berries\n\nDetails\n\n\| City \| Population \|/,
    );
    expect(byLevel1[1]!.contextualizedText).toBe(`Ducks\nFood\n${byLevel1[1]!.text}`);
    expect(byLevel1[1]!.contentFlags).toMatchObject({ has_table: true, has_code: true, has_list: true });

    const byLevel2 = runStrategy(semanticStrategy, context, { splitLevels: [1, 2], targetSize: 200, maxSize: 200, minSize: 0 });
    expect(byLevel2.map((c) => c.headingPath)).toEqual([['Ducks'], ['Ducks', 'Food'], ['Ducks', 'Food', 'Details'], ['Ducks', 'Habitat']]);
    expect(byLevel2[0]!.sourceSpans.map(([s, e]) => source.slice(s, e))).toEqual([
      'Ducks are birds. They swim well. Dr. Quack studies them.',
    ]);
  });

  it('splits an oversized paragraph at sentences and keeps every chunk within maxSize', () => {
    const chunks = runStrategy(semanticStrategy, context, { splitLevels: [1], targetSize: 9, maxSize: 10, minSize: 0 });
    expect(chunks[0]!.text).toBe('Ducks are birds. They swim well.');
    expect(chunks[1]!.text).toBe('Dr. Quack studies them.');
    for (const chunk of chunks.filter((c) => !c.contentFlags.has_code && !c.contentFlags.has_table))
      expect(chunk.tokenCount).toBeLessThanOrEqual(10);
  });

  it('fuses a small chunk with its neighbour under the same heading', () => {
    const unfused = runStrategy(semanticStrategy, context, { splitLevels: [1], targetSize: 8, maxSize: 16, minSize: 0 });
    const fused = runStrategy(semanticStrategy, context, { splitLevels: [1], targetSize: 8, maxSize: 16, minSize: 8 });
    expect(fused.length).toBeLessThan(unfused.length);
    expect(fused[0]!.text).toBe('Ducks are birds. They swim well. Dr. Quack studies them.');
  });

  it('lists: together keeps a list in one chunk, split-at-items lets chunks end between items', () => {
    const builder = new DocumentBuilder('list.md', 'text/markdown', new Uint8Array([9]));
    builder.addHeading('Steps', 1);
    const list = builder.addGroup('list', 'list');
    for (const step of ['Open the gate', 'Walk to the pond', 'Feed the ducks', 'Close the gate'])
      builder.addListItem(step, list, '-', false);
    const listContext = contextFor(builder.doc, wordTokenizer);
    const together = runStrategy(semanticStrategy, listContext, { targetSize: 10, maxSize: 30, minSize: 0, lists: 'together' });
    expect(together.map((c) => c.text)).toEqual(['- Open the gate\n- Walk to the pond\n- Feed the ducks\n- Close the gate']);
    const split = runStrategy(semanticStrategy, listContext, { targetSize: 10, maxSize: 30, minSize: 0, lists: 'split-at-items' });
    expect(split.map((c) => c.text)).toEqual(['- Open the gate\n- Walk to the pond', '- Feed the ducks\n- Close the gate']);
  });

  it('splits a table larger than maxSize by rows and repeats its header row', () => {
    const builder = new DocumentBuilder('table.md', 'text/markdown', new Uint8Array([7]));
    builder.addHeading('Cities', 1);
    builder.addTable(tableData(30));
    const chunks = runStrategy(semanticStrategy, contextFor(builder.doc, wordTokenizer), { targetSize: 60, maxSize: 80, minSize: 0 });
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) {
      expect(chunk.text.startsWith('| City | Population |\n| --- | --- |\n| City ')).toBe(true);
      expect(chunk.tokenCount).toBeLessThanOrEqual(80);
      expect(chunk.docItems).toEqual(['#/tables/0']);
    }
    const rows = chunks.flatMap((c) => c.text.split('\n').slice(2));
    expect(rows).toHaveLength(30);
  });

  it('repeats trailing sentences up to the overlap within a segment', () => {
    const chunks = runStrategy(semanticStrategy, context, { splitLevels: [1], targetSize: 11, maxSize: 12, minSize: 0, overlap: 4 });
    expect(chunks.slice(0, 2).map((c) => c.text)).toEqual(['Ducks are birds. They swim well.', 'They swim well. Dr. Quack studies them.']);
  });

  it('keepTablesWhole and keepCodeWhole off: tables go row by row, code line by line', () => {
    const options = { splitLevels: [1], targetSize: 12, maxSize: 12, minSize: 0, keepTablesWhole: false, keepCodeWhole: false };
    const texts = runStrategy(semanticStrategy, context, options).map((c) => c.text);
    expect(texts).toContain('print("quack")');
    expect(texts.some((t) => t.startsWith('| City | Population |\n| --- | --- |\n| City 2 |'))).toBe(true);
    const whole = runStrategy(semanticStrategy, context, { ...options, keepTablesWhole: true, keepCodeWhole: true }).map((c) => c.text);
    expect(whole).toContain('print("quack")\nprint("quack again")');
  });

  it('chunks a real document within the token limit, lazily and deterministically', () => {
    const duck = contextFor(groundtruthDocument('wiki_duck.html.json'), tokenizerById('tiktoken:cl100k_base'));
    const options = semanticStrategy.optionsSchema.parse({ targetSize: 200, maxSize: 300, overlap: 20 });
    const iterator = semanticStrategy.chunk(duck, options)[Symbol.iterator]();
    expect(iterator.next().value?.index).toBe(0);
    const chunks = [...semanticStrategy.chunk(duck, options)];
    expect(chunks.length).toBeGreaterThan(30);
    for (const chunk of chunks) expect(chunk.tokenCount).toBeLessThanOrEqual(300);
    expect(chunks.some((c) => c.headingPath.join(' > ') === 'Duck > Taxonomy')).toBe(true);
    expect([...semanticStrategy.chunk(duck, options)].map((c) => c.id)).toEqual(chunks.map((c) => c.id));
    expect(new Set(chunks.map((c) => c.id)).size).toBe(chunks.length);
  });

  it('rejects out-of-range options naming the field', () => {
    expect(optionsError(semanticStrategy, { targetSize: 300, maxSize: 200 })).toBe('targetSize: must not exceed maxSize (200)');
    expect(optionsError(semanticStrategy, { minSize: 500 })).toBe('minSize: must not exceed targetSize (256)');
    expect(optionsError(semanticStrategy, { targetSize: 20, maxSize: 40 })).toBe('accepted');
    expect(optionsError(semanticStrategy, { splitLevels: [0] })).toMatch(/^splitLevels\.0: /);
    expect(optionsError(semanticStrategy, { lists: 'sometimes' })).toMatch(/^lists: must be/);
    expect(optionsError(semanticStrategy, { unit: 'words', targetSize: 100, maxSize: 150 })).toBe('accepted');
  });
});
