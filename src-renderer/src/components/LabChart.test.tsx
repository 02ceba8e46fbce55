import { describe, expect, it } from 'vitest';
import { niceTicks } from './LabChart';

describe('niceTicks', () => {
  it('ends at or past the largest value, so that every point lies inside the axis', () => {
    // IoU 49.5 % with 10 % head room: ticks 0, 0.2, 0.4 would leave it above the chart
    const iou = niceTicks(0, 0.495 * 1.1);
    expect(iou.at(-1)).toBeGreaterThanOrEqual(0.495 * 1.1);
    expect(iou).toHaveLength(4);
    // 174 tokens read: the axis goes to 200, not 150
    expect(niceTicks(0, 174 * 1.05)).toEqual([0, 50, 100, 150, 200]);
  });

  it('does not add a tick past a maximum that is a tick itself', () => {
    expect(niceTicks(0, 1)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(5, 5)).toEqual([5]);
  });
});
