import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../engine/ir/types';
import { pageItemsOf } from './page-items';

function groundtruth(name: string): DoclingDocument {
  const url = new URL(`../../test-data/corpus/groundtruth/${name}`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as DoclingDocument;
}

describe('pageItemsOf', () => {
  it('numbers the body items of a paper in reading order and boxes them on their pages, top-left origin', () => {
    const doc = groundtruth('2206.01062.json');
    const items = pageItemsOf(doc);
    const ordered = items.filter((item) => item.order !== null);
    expect(ordered.map((item) => item.order)).toEqual(ordered.map((_, index) => index));
    expect(new Set(items.map((item) => item.label)).size).toBeGreaterThan(3);
    for (const item of items) {
      for (const box of item.boxes) {
        const page = doc.pages[String(box.page)]!;
        expect(box.t).toBeLessThan(box.b);
        expect(box.l).toBeLessThanOrEqual(box.r);
        expect(box.b).toBeLessThanOrEqual(page.size.height + 1);
      }
    }
    // reading order goes through the pages front to back
    const pages = ordered.map((item) => item.boxes[0]!.page);
    expect(pages).toEqual([...pages].sort((a, b) => a - b));
    expect(new Set(pages).size).toBe(Object.keys(doc.pages).length);
  });

  it('draws furniture without a place in the reading order', () => {
    const doc = groundtruth('2305.03393v1-pg9.json');
    const items = pageItemsOf(doc);
    const furniture = items.filter((item) => item.order === null);
    expect(furniture.length).toBeGreaterThan(0);
    expect(furniture.every((item) => ['page_header', 'page_footer'].includes(item.label))).toBe(true);
    expect(items.filter((item) => item.order !== null).length).toBeGreaterThan(furniture.length);
  });
});
