import { describe, expect, it } from 'vitest';
import type { SweepRow } from '../../../../src-shared/retrieval';
import { compareWithCurve, interpolate, sweepCsv } from './sweep-report';

const row = (strategy: string, meanChunkChars: number, recall: number, iou: number, tokensRead = meanChunkChars): SweepRow => ({
  label: `${strategy} ${meanChunkChars}`,
  strategy,
  chunks: Math.round(100_000 / meanChunkChars),
  meanChunkChars,
  tokensRead,
  recall,
  precision: iou,
  iou,
  precisionOmega: 0.3,
  recallAtK: recall,
  mrr: 0.5,
  ndcgAtK: 0.5,
  paretoRecall: false,
  paretoIou: false,
});

describe('sweep report', () => {
  it('interpolates on the polyline and extends it past its ends', () => {
    const points = [
      { x: 200, y: 0.5 },
      { x: 400, y: 0.7 },
      { x: 800, y: 0.9 },
    ];
    expect(interpolate(points, 300)).toBeCloseTo(0.6);
    expect(interpolate(points, 600)).toBeCloseTo(0.8);
    expect(interpolate(points, 100)).toBeCloseTo(0.4);
    expect(interpolate(points, 1000)).toBeCloseTo(1.0);
  });

  it('says how far each configuration lies above the baseline curve, at its size and at its recall', () => {
    const rows = [
      row('fixed', 200, 0.5, 0.1),
      row('fixed', 400, 0.7, 0.08),
      row('semantic', 300, 0.65, 0.1),
      row('hybrid', 400, 0.6, 0.05),
    ];
    const [semantic, hybrid] = compareWithCurve(rows, 'fixed');
    expect(semantic!.recallAtSize).toBeCloseTo(0.05);
    expect(semantic!.iouAtRecall).toBeCloseTo(0.1 - 0.085);
    expect(hybrid!.recallAtSize).toBeCloseTo(-0.1);
    expect(compareWithCurve(rows.slice(1), 'fixed')).toEqual([]);
  });

  it('writes one CSV line per configuration, labels quoted where they must be', () => {
    const csv = sweepCsv([{ ...row('fixed', 200, 0.5, 0.1), label: 'fixed size=200, "a"' }]).split('\n');
    expect(csv[1]).toMatch(/^"fixed size=200, ""a""",fixed,500,200,200,0\.5,/);
  });
});
