import { describe, expect, it } from 'vitest';
import type { Chunk } from '../../../../src-shared/chunk';
import { tokenizerById } from '../../tokenize/registry';
import { splitLines } from '../split/paragraphs';
import { splitSentences } from '../split/sentences';
import { contextFor, groundtruthDocument, optionsError, runStrategy, sampleDocument, wordTokenizer } from '../strategy.test-support';
import { parentChildStrategy } from './parent-child';

/** Where sentences and lines of a parent end: the only places a child may end. */
function sentenceEnds(text: string): Set<number> {
  return new Set(splitLines(text).flatMap((line) => splitSentences(text, line).map((sentence) => sentence.end)));
}

function childrenOf(chunks: readonly Chunk[], parent: Chunk): Chunk[] {
  return chunks.filter((c) => c.parentId === parent.id);
}

describe('parent-child strategy', () => {
  it('yields each section as a parent followed by its children, linked by parentId', () => {
    const { doc } = sampleDocument();
    const chunks = runStrategy(parentChildStrategy, contextFor(doc, wordTokenizer), {
      parentLevels: [1],
      childMinTokens: 0,
      childMaxTokens: 20,
    });
    const parents = chunks.filter((c) => c.layer === 'parent');
    expect(parents.map((p) => p.headingPath)).toEqual([['Ducks'], ['Ducks', 'Food'], ['Ducks', 'Habitat']]);
    for (const parent of parents) {
      const children = childrenOf(chunks, parent);
      expect(children.length).toBeGreaterThan(0);
      expect(children.every((c) => c.layer === 'child' && c.index > parent.index)).toBe(true);
      expect(children.flatMap((c) => c.docItems).every((ref) => parent.docItems.includes(ref))).toBe(true);
    }
    const food = childrenOf(chunks, parents[1]!).map((c) => c.text);
    // The table and the code block are never cut, even though each is larger than a child may be.
    expect(food.some((t) => t.startsWith('| City | Population |') && t.endsWith('| City 3 | 3000 |'))).toBe(true);
    expect(food).toContain('print("quack")\nprint("quack again")');
  });

  it('keeps children within the token range and aligned to sentences on a real document', () => {
    const duck = contextFor(groundtruthDocument('wiki_duck.html.json'), tokenizerById('tiktoken:cl100k_base'));
    const chunks = runStrategy(parentChildStrategy, duck, { childMinTokens: 60, childMaxTokens: 200 });
    const children = chunks.filter((c) => c.layer === 'child');
    expect(children.length).toBeGreaterThan(30);
    for (const child of children) {
      expect(child.tokenCount).toBeLessThanOrEqual(200);
      const parent = chunks.find((c) => c.id === child.parentId)!;
      expect(parent.layer).toBe('parent');
      const end = parent.text.indexOf(child.text) + child.text.length;
      expect(sentenceEnds(parent.text).has(end)).toBe(true);
    }
    const small = children.filter((c) => c.tokenCount < 60);
    expect(small.length).toBeLessThan(children.length / 2);
  });

  it('groups by page when asked, each parent carrying its page range', () => {
    const pdf = contextFor(groundtruthDocument('multi_page.json'), wordTokenizer);
    const chunks = runStrategy(parentChildStrategy, pdf, { parentBy: 'page', childMaxTokens: 120, childMinTokens: 20 });
    const parents = chunks.filter((c) => c.layer === 'parent');
    expect(parents.map((p) => p.pageStart)).toEqual([1, 2, 3, 4, 5]);
    for (const parent of parents) {
      expect(parent.pageEnd).toBe(parent.pageStart);
      const children = childrenOf(chunks, parent);
      expect(children.length).toBeGreaterThan(0);
      expect(children.every((c) => c.pageStart === parent.pageStart && c.bboxes.length > 0)).toBe(true);
    }
    // An HTML page has no pages: one parent holds everything.
    const html = contextFor(groundtruthDocument('wiki_duck.html.json'), wordTokenizer);
    expect(runStrategy(parentChildStrategy, html, { parentBy: 'page' }).filter((c) => c.layer === 'parent')).toHaveLength(1);
  });

  it('numbers children from 0 within each parent and names where every chunk begins and ends', () => {
    const pdf = contextFor(groundtruthDocument('multi_page.json'), wordTokenizer);
    const chunks = runStrategy(parentChildStrategy, pdf, { childMaxTokens: 80, childMinTokens: 10 });
    const parents = chunks.filter((c) => c.layer === 'parent');
    expect(parents.map((p) => p.siblingOrder)).toEqual(parents.map((_, i) => i));
    for (const chunk of chunks) {
      expect(chunk.firstItem).toBe(chunk.docItems[0]);
      expect(chunk.lastItem).toBe(chunk.docItems.at(-1));
    }
    for (const parent of parents) {
      const children = childrenOf(chunks, parent);
      expect(children.map((c) => c.siblingOrder)).toEqual(children.map((_, i) => i));
      expect(children[0]!.firstItem).toBe(parent.firstItem);
      expect(children.at(-1)!.lastItem).toBe(parent.lastItem);
      // A parent carries its section path and the pages its children span.
      expect(children.every((c) => c.headingPath.join('/') === parent.headingPath.join('/'))).toBe(true);
      expect(parent.pageStart).toBe(Math.min(...children.map((c) => c.pageStart!)));
      expect(parent.pageEnd).toBe(Math.max(...children.map((c) => c.pageEnd!)));
    }
    expect(parents.find((p) => p.headingPath.at(-1) === 'The Rise of Personal Computers (1980s)')).toMatchObject({
      pageStart: 1,
      pageEnd: 2,
    });
    expect(Math.max(...chunks.map((c) => c.siblingOrder!))).toBeGreaterThan(2);
  });

  it('rejects out-of-range options naming the field', () => {
    expect(optionsError(parentChildStrategy, { childMinTokens: 300, childMaxTokens: 200 })).toBe(
      'childMinTokens: must not exceed childMaxTokens (200)',
    );
    expect(optionsError(parentChildStrategy, { parentBy: 'chapter' })).toMatch(/^parentBy: must be/);
    expect(optionsError(parentChildStrategy, { childMaxTokens: 0 })).toMatch(/^childMaxTokens: must be a positive integer/);
  });
});
