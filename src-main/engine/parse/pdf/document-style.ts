import type { Line } from './types';

/** The body text style of a document: what most characters look like. */
export interface BodyStyle {
  fontSize: number;
  bold: boolean;
}

export function bodyStyleOf(lines: Iterable<Line>): BodyStyle {
  const weights = new Map<string, number>();
  for (const line of lines) {
    const key = `${Math.round(line.fontSize * 2) / 2}|${line.bold}`;
    weights.set(key, (weights.get(key) ?? 0) + line.text.length);
  }
  let best = '10|false';
  let bestWeight = -1;
  for (const [key, weight] of weights) {
    if (weight > bestWeight) {
      best = key;
      bestWeight = weight;
    }
  }
  const [size, bold] = best.split('|');
  return { fontSize: Number(size), bold: bold === 'true' };
}
