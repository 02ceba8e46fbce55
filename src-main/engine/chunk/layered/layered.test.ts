import { describe, expect, it } from 'vitest';
import { tokenizerById } from '../../tokenize/registry';
import { contextFor, groundtruthDocument, optionsError, runStrategy, sampleDocument, wordTokenizer } from '../strategy.test-support';
import { layeredStrategy } from './layered';

describe('layered strategy', () => {
  it('yields a document, its sections and their clauses, linked by parentId', () => {
    const { doc } = sampleDocument();
    const chunks = runStrategy(layeredStrategy, contextFor(doc, wordTokenizer), { sectionLevels: [1], clauseTokens: 10 });
    const [document, ...rest] = chunks;
    expect(document!.layer).toBe('document');
    expect(document!.parentId).toBeNull();
    const sections = rest.filter((c) => c.layer === 'section');
    expect(sections.map((s) => s.headingPath)).toEqual([['Ducks'], ['Ducks', 'Food'], ['Ducks', 'Habitat']]);
    expect(sections.every((s) => s.parentId === document!.id)).toBe(true);
    const clauses = rest.filter((c) => c.layer === 'clause');
    expect(clauses.every((c) => sections.some((s) => s.id === c.parentId))).toBe(true);
    expect(chunks.map((c) => c.index)).toEqual(chunks.map((_, i) => i));
  });

  it('orders sections within the document and clauses within their section, prose and dense runs alike', () => {
    const { doc } = sampleDocument();
    const chunks = runStrategy(layeredStrategy, contextFor(doc, wordTokenizer), { sectionLevels: [1], clauseTokens: 10 });
    for (const parent of chunks) {
      const siblings = chunks.filter((c) => c.parentId === parent.id);
      expect(siblings.map((c) => c.siblingOrder)).toEqual(siblings.map((_, i) => i));
    }
    expect(chunks[0]!.siblingOrder).toBe(0);
    const food = chunks.find((c) => c.layer === 'section' && c.headingPath.at(-1) === 'Food')!;
    const foodClauses = chunks.filter((c) => c.parentId === food.id);
    expect(foodClauses.some((c) => c.contentFlags.has_table) && foodClauses.some((c) => !c.contentFlags.has_table)).toBe(true);
    expect(foodClauses.length).toBeGreaterThan(2);
    for (const chunk of chunks) expect([chunk.firstItem, chunk.lastItem]).toEqual([chunk.docItems[0], chunk.docItems.at(-1)]);
  });

  it('gives code and tables larger clauses than prose', () => {
    const { doc } = sampleDocument();
    const chunks = runStrategy(layeredStrategy, contextFor(doc, wordTokenizer), { sectionLevels: [1], clauseTokens: 16, denseFactor: 4 });
    const clauses = chunks.filter((c) => c.layer === 'clause');
    const table = clauses.find((c) => c.contentFlags.has_table)!;
    expect(table.tokenCount).toBeGreaterThan(16);
    expect(table.tokenCount).toBeLessThanOrEqual(64);
    for (const clause of clauses.filter((c) => !c.contentFlags.has_table && !c.contentFlags.has_code))
      expect(clause.tokenCount).toBeLessThanOrEqual(16);
  });

  it('chunks a real document into the three layers', () => {
    const duck = contextFor(groundtruthDocument('wiki_duck.html.json'), tokenizerById('tiktoken:cl100k_base'));
    const chunks = runStrategy(layeredStrategy, duck, {});
    const layers = new Map<string, number>();
    for (const chunk of chunks) layers.set(chunk.layer!, (layers.get(chunk.layer!) ?? 0) + 1);
    expect(layers.get('document')).toBe(1);
    expect(layers.get('section')).toBeGreaterThan(5);
    expect(layers.get('clause')).toBeGreaterThan(layers.get('section')!);
  });

  it('rejects out-of-range options naming the field', () => {
    expect(optionsError(layeredStrategy, { denseFactor: 20 })).toBe('denseFactor: must be a number from 1 to 8');
    expect(optionsError(layeredStrategy, { clauseTokens: 2 })).toMatch(/^clauseTokens: must be an integer of at least 8/);
  });
});
