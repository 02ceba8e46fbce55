import { describe, expect, it } from 'vitest';
import { pageElements } from './page-elements';
import { textRun } from './test-runs';
import type { Box, Line, RuleSegment } from './types';
import { withUnderlinesAsWeight } from './underlined-lines';

/** The lines of a synthetic page holding one 10 pt line, "Background" (50 pt wide from x = 72), on baseline 600. */
async function lineUnder(rules: RuleSegment[], links: Box[] = []): Promise<Line> {
  const elements = await withUnderlinesAsWeight(
    pageElements([textRun('Background', 72, 600)], { rules, images: [], drawings: [] }, 612, 792),
    rules,
    () => Promise.resolve(links),
  );
  const line = elements.find((element) => element.kind === 'line');
  if (line?.kind !== 'line') throw new Error('no line');
  return line.line;
}

const rule = (position: number, from: number, to: number): RuleSegment => ({ orientation: 'horizontal', position, from, to });

describe('withUnderlinesAsWeight', () => {
  it('reads a line underlined from its first glyph to its last as bold, its runs too', async () => {
    const line = await lineUnder([rule(598.5, 72, 122)]);
    expect(line.bold).toBe(true);
    expect(line.runs.every((run) => run.bold)).toBe(true);
  });

  it('reads an underline drawn word by word, the gaps between them small, as one', async () => {
    expect((await lineUnder([rule(598.5, 72, 98), rule(598.5, 97, 122)])).bold).toBe(true);
  });

  it('leaves a line whose rule runs on under the column (a border), lies lower (a separator) or crosses it (a strike-through)', async () => {
    expect((await lineUnder([rule(598.5, 72, 540)])).bold).toBe(false);
    expect((await lineUnder([rule(594, 72, 122)])).bold).toBe(false);
    expect((await lineUnder([rule(603, 72, 122)])).bold).toBe(false);
  });

  it('leaves a boxed line, whose frame has its lower edge as close under it as an underline', async () => {
    expect((await lineUnder([rule(598.5, 70, 124), rule(609, 70, 124)])).bold).toBe(false);
    const side = (position: number): RuleSegment => ({ orientation: 'vertical', position, from: 598.5, to: 609 });
    expect((await lineUnder([rule(598.5, 70, 124), side(70), side(124)])).bold).toBe(false);
  });

  it('leaves an underlined line that a link covers: a page printed from HTML lists its links one to a line', async () => {
    expect((await lineUnder([rule(598.5, 72, 122)], [{ left: 71, right: 123, bottom: 597, top: 609 }])).bold).toBe(false);
  });

  it('leaves a line underlined in part, as a link in a sentence is', async () => {
    expect((await lineUnder([rule(598.5, 100, 122)])).bold).toBe(false);
  });
});
