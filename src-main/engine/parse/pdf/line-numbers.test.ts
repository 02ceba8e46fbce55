import { describe, expect, it } from 'vitest';
import { marginLineNumbers } from './line-numbers';
import { textRun } from './test-runs';
import type { TextRun } from './types';

const pitch = 12;
const top = 700;

/** Eight lines of text at `textLeft`, each with `numberAt(i)` set beside it at `numberLeft` in a smaller size. */
function numberedPage(textLeft: number, numberLeft: number, numberAt: (index: number) => string): { numbers: TextRun[]; text: TextRun[] } {
  const numbers: TextRun[] = [];
  const text: TextRun[] = [];
  for (let index = 0; index < 8; index++) {
    const baseline = top - index * pitch;
    text.push(textRun('the text of a line that the number beside it counts', textLeft, baseline));
    numbers.push(textRun(numberAt(index), numberLeft, baseline, 6));
  }
  return { numbers, text };
}

describe('marginLineNumbers', () => {
  it('finds a column of numbers counting up down the left margin, each beside a line of the text', () => {
    const { numbers, text } = numberedPage(80, 30, (index) => String(40 + index));
    expect(marginLineNumbers([...numbers, ...text])).toEqual(new Set(numbers));
  });

  it("finds them in the right margin in smaller type than the text (a contents page's numbers are in its own), and where only every fifth line is numbered", () => {
    const numbers: TextRun[] = [];
    const text: TextRun[] = [];
    for (let index = 0; index < 30; index++) {
      const baseline = top - index * pitch;
      text.push(textRun('the text of a line that the number beside it counts', 80, baseline));
      if (index % 5 === 4) numbers.push(textRun(String(index + 1), 400, baseline, 6));
    }
    expect(marginLineNumbers([...numbers, ...text])).toEqual(new Set(numbers));
    const contents = numbers.map((run) => ({ ...run, fontSize: 10 }));
    expect(marginLineNumbers([...contents, ...text]).size).toBe(0);
  });

  it("leaves a listing's line numbers alone where the paragraphs above them start further out", () => {
    const { numbers, text } = numberedPage(100, 80, (index) => String(267 + index));
    const paragraph = textRun('A paragraph that introduces the listing, flush with the text', 80, top + 2 * pitch);
    expect(marginLineNumbers([...numbers, ...text, paragraph]).size).toBe(0);
  });

  it("leaves a listing's line numbers alone on a page of code, or beside a part of the page's text", () => {
    const source = numberedPage(80, 30, (index) => String(362 + index));
    const code = source.text.map((run) => ({ ...run, monospace: true }));
    expect(marginLineNumbers([...source.numbers, ...code]).size).toBe(0);
    const listing = numberedPage(80, 30, (index) => String(index + 1));
    const paragraphs = Array.from({ length: 12 }, (_, index) =>
      textRun('a paragraph of the text around the listing', 80, 300 - index * pitch),
    );
    expect(marginLineNumbers([...listing.numbers, ...listing.text, ...paragraphs]).size).toBe(0);
  });

  it('leaves numbers alone that do not count up down the page (an axis) or stand on no line of the text', () => {
    const axis = numberedPage(80, 30, (index) => String(80 - 10 * index));
    expect(marginLineNumbers([...axis.numbers, ...axis.text]).size).toBe(0);
    const { numbers, text } = numberedPage(80, 30, (index) => String(index + 1));
    const offBaseline = numbers.map((run) => ({ ...run, baseline: run.baseline + pitch / 2 }));
    expect(marginLineNumbers([...offBaseline, ...text]).size).toBe(0);
  });

  it('needs five numbers on the page', () => {
    const { numbers, text } = numberedPage(80, 30, (index) => String(index + 1));
    expect(marginLineNumbers([...numbers.slice(0, 4), ...text]).size).toBe(0);
  });
});
