import { describe, expect, it } from 'vitest';
import { anchorAt, PAGE_GAP, pageIndexAt, pageTops, scrollTopOf } from './page-geometry';
import { FIT_WIDTH, fitWidthScale, MAX_SCALE, MIN_SCALE, rememberedZoom, rememberZoom, steppedScale, type ZoomStorage } from './page-zoom';

function memoryStorage(): ZoomStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return { values, getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
}

describe('page zoom', () => {
  it('steps from any scale to the next step up or down, within bounds', () => {
    expect(steppedScale(1, 1)).toBe(1.1);
    expect(steppedScale(1, -1)).toBe(0.9);
    expect(steppedScale(1.37, 1)).toBe(1.5);
    expect(steppedScale(1.37, -1)).toBe(1.25);
    expect(steppedScale(MAX_SCALE, 1)).toBe(MAX_SCALE);
    expect(steppedScale(MIN_SCALE, -1)).toBe(MIN_SCALE);
  });

  it('fits the widest page to the view, within bounds', () => {
    expect(fitWidthScale(656, 612)).toBe(1);
    expect(fitWidthScale(10, 612)).toBe(MIN_SCALE);
    expect(fitWidthScale(100_000, 612)).toBe(MAX_SCALE);
  });

  it('remembers a zoom per document, the most recent documents only, and survives a broken value', () => {
    const storage = memoryStorage();
    expect(rememberedZoom('a', storage)).toBeNull();
    rememberZoom('a', { fit: false, scale: 1.5 }, storage);
    rememberZoom('b', FIT_WIDTH, storage);
    expect(rememberedZoom('a', storage)).toEqual({ fit: false, scale: 1.5 });
    expect(rememberedZoom('b', storage)).toEqual(FIT_WIDTH);
    for (let i = 0; i < 60; i++) rememberZoom(`d${i}`, FIT_WIDTH, storage);
    expect(rememberedZoom('a', storage)).toBeNull();
    expect(rememberedZoom('d59', storage)).toEqual(FIT_WIDTH);
    storage.values.set('stratum.pageZoom', '{not json');
    expect(rememberedZoom('d59', storage)).toBeNull();
  });
});

describe('page geometry', () => {
  const pages = [
    { width: 612, height: 792 },
    { width: 612, height: 792 },
    { width: 792, height: 612 },
  ];

  it('lays pages one below the other with a gap, and finds the page of an offset', () => {
    const tops = pageTops(pages, 1);
    expect([...tops]).toEqual([0, 792 + PAGE_GAP, 2 * (792 + PAGE_GAP), 2 * (792 + PAGE_GAP) + 612 + PAGE_GAP]);
    expect(pageIndexAt(tops, 0)).toBe(0);
    expect(pageIndexAt(tops, 800)).toBe(0);
    expect(pageIndexAt(tops, 792 + PAGE_GAP)).toBe(1);
    expect(pageIndexAt(tops, 1e9)).toBe(2);
  });

  it('keeps the point under the viewport centre in place across a zoom', () => {
    const anchor = anchorAt(pages, 1, 1000, 300)!;
    expect(anchor.pageIndex).toBe(1);
    const zoomed = scrollTopOf(anchor, pages, 2);
    // the same point of page 2, at twice the size, is again 300 px down the viewport
    const pointAtScale2 = pageTops(pages, 2)[1]! + (1300 - (792 + PAGE_GAP)) * 2;
    expect(zoomed + 300).toBeCloseTo(pointAtScale2);
    expect(anchorAt([], 1, 0, 0)).toBeNull();
  });
});
