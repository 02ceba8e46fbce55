import { describe, expect, it } from 'vitest';
import type { ChunkCard, ChunkSummary } from '../../src-shared/api';
import { chunkTreeRows, NO_LIST_FILTER, passesListFilter, snippetAround, type ChunkFacts } from './chunk-list-rows';

const summary = (index: number, pages: [number, number] | null = null): ChunkSummary => ({
  id: `c${index}`,
  index,
  tokenCount: 10,
  docItems: [],
  pageStart: pages?.[0] ?? null,
  pageEnd: pages?.[1] ?? null,
  bboxes: [],
  headingOnly: false,
  startNeedle: '',
});

const card = (text: string, parentId: string | null = null, headingPath: string[] = []): ChunkCard => ({
  preview: text,
  headingPath,
  parentId,
  layer: parentId === null ? null : 'child',
  contentFlags: { has_table: text.includes('|'), has_image: false, has_code: false, has_formula: false, has_list: false },
  sourceLines: [],
});

describe('chunkTreeRows', () => {
  it('lists each parent followed by its children, deeper each level, the others in document order', () => {
    // parent-child emits children before their parent: the list still nests them under it
    const chunks = [0, 1, 2, 3, 4].map((index) => summary(index));
    const cards = [card('a', 'c2'), card('b', 'c2'), card('parent'), card('grandchild', 'c1'), card('alone')];
    expect(chunkTreeRows(chunks, cards)).toEqual([
      { index: 2, depth: 0 },
      { index: 0, depth: 1 },
      { index: 1, depth: 1 },
      { index: 3, depth: 2 },
      { index: 4, depth: 0 },
    ]);
  });

  it('keeps document order where no chunk has a parent, or before the cards arrive', () => {
    const chunks = [summary(0), summary(1)];
    expect(chunkTreeRows(chunks, null)).toEqual([
      { index: 0, depth: 0 },
      { index: 1, depth: 0 },
    ]);
    expect(chunkTreeRows(chunks, [card('a'), card('b')]).map((row) => row.index)).toEqual([0, 1]);
  });
});

describe('passesListFilter', () => {
  const facts = (text: string, pages: [number, number], headingPath: string[] = []): ChunkFacts => ({
    summary: summary(0, pages),
    card: card(text, null, headingPath),
    lowerText: text.toLowerCase(),
    rules: ['sentence-cut'],
  });

  it('holds every part of the filter: words, rule, content, page, heading', () => {
    const chunk = facts('Merging Upwards | table', [3, 4], ['Branches', 'Merging upwards']);
    expect(passesListFilter(NO_LIST_FILTER, chunk)).toBe(true);
    expect(passesListFilter({ ...NO_LIST_FILTER, query: 'merging up' }, chunk)).toBe(true);
    expect(passesListFilter({ ...NO_LIST_FILTER, query: 'rebase' }, chunk)).toBe(false);
    expect(passesListFilter({ ...NO_LIST_FILTER, rule: 'sentence-cut', page: 4 }, chunk)).toBe(true);
    expect(passesListFilter({ ...NO_LIST_FILTER, rule: 'over-limit' }, chunk)).toBe(false);
    expect(passesListFilter({ ...NO_LIST_FILTER, page: 5 }, chunk)).toBe(false);
    expect(passesListFilter({ ...NO_LIST_FILTER, flag: 'has_table', heading: 'branch' }, chunk)).toBe(true);
    expect(passesListFilter({ ...NO_LIST_FILTER, flag: 'has_code' }, chunk)).toBe(false);
  });

  it('passes no chunk on its text before its card is in', () => {
    const chunk = { ...facts('x', [1, 1]), card: undefined, lowerText: undefined };
    expect(passesListFilter({ ...NO_LIST_FILTER, query: 'x' }, chunk)).toBe(false);
    expect(passesListFilter({ ...NO_LIST_FILTER, page: 1 }, chunk)).toBe(true);
  });
});

describe('snippetAround', () => {
  it('cuts a window around the first match, case ignored, marking what was cut', () => {
    const text = `${'a '.repeat(100)}Topic Branches${' b'.repeat(200)}`;
    const snippet = snippetAround(text, 'topic branches', 40)!;
    expect(snippet.match).toBe('Topic Branches');
    expect(snippet.before.startsWith('…')).toBe(true);
    expect(snippet.after.endsWith('…')).toBe(true);
    expect(snippetAround(text, 'absent')).toBeNull();
    expect(snippetAround(text, '  ')).toBeNull();
  });

  it('shows the window as one line: the line breaks around the match become spaces', () => {
    const snippet = snippetAround('Good\nevening.\nMembers of Congress\n\nand my fellow Americans', 'members of congress')!;
    expect([snippet.before, snippet.match, snippet.after]).toEqual(['Good evening. ', 'Members of Congress', ' and my fellow Americans']);
  });
});
