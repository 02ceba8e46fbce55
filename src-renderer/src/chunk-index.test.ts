import { describe, expect, it } from 'vitest';
import type { Chunk } from '../../src-shared/chunk';
import { chunkMarks, chunksByItem } from './chunk-index';

function chunk(index: number, docItems: string[], tokenCount = 10, headingOnly = false): Chunk {
  return {
    id: `c${index}`,
    index,
    text: '',
    contextualizedText: '',
    tokenCount,
    headingPath: [],
    docItems,
    pageStart: null,
    pageEnd: null,
    bboxes: [],
    sourceSpans: [],
    contextSpans: [],
    parentId: null,
    layer: null,
    siblingOrder: null,
    firstItem: docItems[0] ?? null,
    lastItem: docItems[docItems.length - 1] ?? null,
    contentFlags: { has_table: false, has_image: false, has_code: false, has_formula: false, has_list: false },
    headingOnly,
    enrichments: {},
  };
}

describe('chunksByItem', () => {
  it('lists every chunk containing an item, once, overlaps included', () => {
    const byItem = chunksByItem([chunk(0, ['#/texts/0', '#/texts/1', '#/texts/1']), chunk(1, ['#/texts/1', '#/texts/2'])]);
    expect(Object.fromEntries(byItem)).toEqual({ '#/texts/0': [0], '#/texts/1': [0, 1], '#/texts/2': [1] });
  });
});

describe('chunkMarks', () => {
  it('marks chunks over the limit and heading-only chunks', () => {
    expect(chunkMarks(chunk(0, [], 300), 256)).toEqual(['over-limit']);
    expect(chunkMarks(chunk(0, [], 3, true), 256)).toEqual(['heading-only']);
    expect(chunkMarks(chunk(0, [], 256), 256)).toEqual([]);
  });

  it('never marks a parent over the limit: it is not embedded as such', () => {
    const parent = chunk(0, [], 900);
    expect(chunkMarks(parent, 256, new Set([parent.id]))).toEqual([]);
  });
});
