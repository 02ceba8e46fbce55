import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { applyMatrix, multiply, type Matrix } from './matrix';
import { descentRatio, ascentRatio, readsAlongPage } from './text-runs';
import type { TextRun } from './types';

/**
 * Text set at a slant or across the page's reading direction (the numbers round a protractor, an
 * axis drawn in perspective, a label along a sloping line), which the page's lines leave out: each
 * item as a run whose box is the upright box around its turned glyphs. Only a picture takes them
 * in, as its labels (see `pageElements`); the others are counted, not read.
 */
export function turnedTextRuns(items: readonly TextItem[], pageMatrix: Matrix): TextRun[] {
  const runs: TextRun[] = [];
  for (const item of items) {
    if (item.str.trim() === '') continue;
    const [a, b, c, d, e, f] = multiply(item.transform as Matrix, pageMatrix);
    if (readsAlongPage(a, b, d)) continue;
    const fontSize = Math.hypot(c, d);
    const scale = Math.hypot(a, b);
    if (fontSize <= 0 || scale <= 0) continue;
    const along: [number, number] = [a / scale, b / scale];
    const up: [number, number] = [c / fontSize, d / fontSize];
    const corners = [0, item.width].flatMap((x) =>
      [-descentRatio * fontSize, ascentRatio * fontSize].map((y) => applyMatrix([along[0], along[1], up[0], up[1], e, f], x, y)),
    );
    const xs = corners.map(([x]) => x);
    const ys = corners.map(([, y]) => y);
    const [bottom, top] = [Math.min(...ys), Math.max(...ys)];
    runs.push({
      text: item.str.trim(),
      fontSize,
      baseline: (bottom + top) / 2,
      left: Math.min(...xs),
      right: Math.max(...xs),
      bottom,
      top,
      rtl: false,
      bold: false,
      italic: false,
      monospace: false,
      math: false,
    });
  }
  return runs;
}
