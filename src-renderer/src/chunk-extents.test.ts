import { describe, expect, it } from 'vitest';
import type { ChunkExtents } from '../../src-shared/api';
import { extentIndexOf, gutterLanes, overlapsIn, stretchesOf } from './chunk-extents';

const extentsOf = (extents: Partial<ChunkExtents> = {}): ChunkExtents => ({ ranges: [], tableRows: [], contextItems: [], ...extents });

describe('extentIndexOf', () => {
  it('indexes partial holds, table rows and context headings by item', () => {
    const chunks = [{ docItems: ['#/texts/1', '#/texts/2'] }, { docItems: ['#/texts/2', '#/tables/0'] }];
    expect(extentIndexOf(chunks, null).partial.size).toBe(0);
    const index = extentIndexOf(chunks, [
      extentsOf({ ranges: [[1, 0, 40]], contextItems: ['#/texts/0'] }),
      extentsOf({ ranges: [[0, 41, 90]], tableRows: [[1, 1, 3]], contextItems: ['#/texts/0'] }),
    ]);
    expect([...index.partial.get('#/texts/2')!]).toEqual([
      [0, [[0, 40]]],
      [1, [[41, 90]]],
    ]);
    expect(index.tableRows.get('#/tables/0')!.get(1)).toEqual([1, 3]);
    expect(index.contextOf.get('#/texts/0')).toEqual([0, 1]);
  });
});

describe('stretchesOf', () => {
  it('cuts a paragraph where chunks start and end inside it, with the chunks holding each stretch', () => {
    // chunk 0 holds [0, 50), chunk 1 (an overlap) [40, 100), chunk 2 holds the item whole
    const holds = new Map<number, [number, number][]>([
      [0, [[0, 50]]],
      [1, [[40, 100]]],
    ]);
    const { stretches, marks } = stretchesOf(100, [0, 1, 2], holds);
    expect(stretches).toEqual([
      { start: 0, end: 40, chunks: [0, 2] },
      { start: 40, end: 50, chunks: [0, 1, 2] },
      { start: 50, end: 100, chunks: [1, 2] },
    ]);
    expect(marks).toEqual([
      { offset: 40, position: 1, kind: 'start' },
      { offset: 50, position: 0, kind: 'end' },
    ]);
  });

  it('puts an end before a start at one offset', () => {
    const holds = new Map<number, [number, number][]>([
      [3, [[0, 20]]],
      [4, [[20, 30]]],
    ]);
    expect(stretchesOf(30, [3, 4], holds).marks.map((mark) => mark.kind)).toEqual(['end', 'start']);
  });
});

describe('overlapsIn and gutterLanes', () => {
  it('does not count a parent holding its child as an overlap', () => {
    expect(overlapsIn([0, 1], new Set([0]))).toBe(false);
    expect(overlapsIn([1, 2], new Set([0]))).toBe(true);
  });

  it('keeps a lane per chunk down its rows, the longer span (a parent) leftmost', () => {
    const { lanes, count } = gutterLanes([[0, 9], [0, 3], [3, 6], [7, 9], undefined]);
    expect(lanes.slice(0, 4)).toEqual([0, 1, 2, 1]);
    expect(count).toBe(3);
  });
});
