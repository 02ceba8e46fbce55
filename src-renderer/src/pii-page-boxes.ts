import type { ChunkBox } from '../../src-shared/chunk';
import { escapeRegExp } from '../../src-shared/escape-regexp';

/** A run of text on a page as pdf.js gives it, placed in page units (top-left origin), written left to right. */
export interface PageTextRun {
  str: string;
  /** a line ends after it */
  hasEOL: boolean;
  left: number;
  top: number;
  width: number;
  height: number;
  /** how wide a part of `str` is drawn, in any unit (its share of `str`'s is what counts); by character count when absent */
  measure?: (text: string) => number;
}

export interface PiiValueOnPage {
  label: string;
  text: string;
}

/** A box around (part of) a personal-data value on its page. */
export interface PiiPageBox {
  box: ChunkBox;
  label: string;
  text: string;
}

/**
 * Where the personal-data values lie on one page: each occurrence of a value in the page's text
 * runs, boxed exactly where it is a whole run and by its measured share of the run's width where it
 * is part of one; a value over several runs or lines gets a box in each.
 * Whitespace may differ between the value and the page (pdf.js leaves spaces out between runs).
 */
export function piiBoxesOfPage(pageNo: number, runs: readonly PageTextRun[], values: readonly PiiValueOnPage[]): PiiPageBox[] {
  const starts: number[] = [];
  let text = '';
  for (const run of runs) {
    starts.push(text.length);
    text += run.str + (run.hasEOL ? '\n' : '');
  }
  const boxes: PiiPageBox[] = [];
  for (const value of values) {
    const words = value.text.split(/\s+/).filter((word) => word !== '');
    if (words.length === 0) continue;
    const pattern = new RegExp(words.map(escapeRegExp).join('\\s*'), 'g');
    for (const match of text.matchAll(pattern)) {
      const [from, to] = [match.index, match.index + match[0].length];
      runs.forEach((run, index) => {
        const runStart = starts[index]!;
        const [start, end] = [Math.max(from, runStart), Math.min(to, runStart + run.str.length)];
        if (start >= end || run.str.slice(start - runStart, end - runStart).trim() === '') return;
        const measure = run.measure ?? ((part: string) => part.length);
        const whole = Math.max(1e-6, measure(run.str));
        const share = (offset: number) => run.left + (run.width * measure(run.str.slice(0, offset - runStart))) / whole;
        boxes.push({
          box: { page: pageNo, l: share(start), t: run.top, r: share(end), b: run.top + run.height },
          label: value.label,
          text: value.text,
        });
      });
    }
  }
  return boxes;
}
