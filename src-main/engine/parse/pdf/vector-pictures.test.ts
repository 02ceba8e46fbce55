import { OPS } from './pdfjs';
import { describe, expect, it } from 'vitest';
import type { Matrix } from './matrix';
import { pageElements, type PageElement } from './page-elements';
import { pageGraphicsOf } from './page-graphics';
import { textRun } from './test-runs';
import type { Box, PageGraphics, RuleSegment } from './types';
import { drawingRegions } from './vector-pictures';

const [width, height] = [612, 792];
const identity: Matrix = [1, 0, 0, 1, 0, 0];
const rect = (left: number, bottom: number, right: number, top: number): Box => ({ left, bottom, right, top });
const graphics = (drawings: Box[], rules: RuleSegment[] = []): PageGraphics => ({ rules, images: [], drawings });
const pictures = (elements: PageElement[]) => elements.flatMap((e) => (e.kind === 'picture' ? [e] : []));
const lineTexts = (elements: PageElement[]) => elements.flatMap((e) => (e.kind === 'line' ? [e.line.text] : []));

/** A bar chart: twelve bars apart from each other on the x axis, a y axis; both axes are thin rules. */
function barChart(): { drawings: Box[]; rules: RuleSegment[] } {
  const drawings = Array.from({ length: 12 }, (_, i) => rect(110 + 30 * i, 400, 130 + 30 * i, 420 + 10 * (i % 5)));
  const rules: RuleSegment[] = [
    { orientation: 'horizontal', position: 400, from: 100, to: 470 },
    { orientation: 'vertical', position: 100, from: 400, to: 480 },
  ];
  return { drawings, rules };
}

describe('vector pictures', () => {
  it('a chart drawn with paths is a picture with its box, and the text on it is its labels', () => {
    const { drawings, rules } = barChart();
    const runs = [
      textRun('Sales grew in every quarter of the year, as the chart below shows.', 72, 520),
      textRun('2021', 110, 405),
      textRun('2022', 260, 405),
      textRun('2023', 410, 405),
    ];
    const elements = pageElements(runs, graphics(drawings, rules), width, height);
    const [picture, ...others] = pictures(elements);
    expect(others).toHaveLength(0);
    expect(picture!.box).toEqual(rect(99.5, 399.5, 470, 480));
    expect(picture!.labels.map((l) => l.text)).toEqual(['2021', '2022', '2023']);
    expect(lineTexts(elements)).toEqual(['Sales grew in every quarter of the year, as the chart below shows.']);
  });

  it('highlight boxes behind text, a framed text box and a few shapes are not pictures', () => {
    const lines = Array.from({ length: 10 }, (_, i) => textRun('highlighted words of a passage in the body', 72, 600 - 12 * i));
    const highlights = lines.map((l) => rect(l.left - 1, l.bottom - 1, l.right + 1, l.top + 1));
    expect(drawingRegions(graphics(highlights), [], lines, width, height)).toEqual([]);

    // Small pieces around the border of a box (rounded corners, a dashed frame) around code.
    const frame = [0, 1, 2, 3, 4].flatMap((i) => [rect(130, 380 + 10 * i, 134, 390 + 10 * i), rect(477, 380 + 10 * i, 481, 390 + 10 * i)]);
    expect(drawingRegions(graphics(frame), [], [], width, height)).toEqual([]);

    const fewShapes = [rect(100, 100, 150, 150), rect(152, 100, 200, 150), rect(202, 100, 250, 150)];
    expect(drawingRegions(graphics(fewShapes), [], [], width, height)).toEqual([]);
  });

  it('a shaded page and a shaded code block behind text are backdrops; a chart drawn on the shaded page is a picture', () => {
    const { drawings, rules } = barChart();
    const body = Array.from({ length: 12 }, (_, i) => textRun('Running text of the page set on a coloured background.', 72, 740 - 12 * i));
    const code = [textRun('$ make install', 90, 560), textRun('$ make test', 90, 548)];
    const page = rect(56, 40, 556, 760);
    const codeShade = rect(80, 540, 540, 572);
    const runs = [...body, ...code, textRun('2021', 110, 405)];
    const elements = pageElements(runs, graphics([page, page, codeShade, ...drawings], rules), width, height);
    const [chart, ...others] = pictures(elements);
    expect(others).toHaveLength(0);
    expect(chart!.box).toEqual(rect(99.5, 399.5, 470, 480));
    expect(chart!.labels.map((l) => l.text)).toEqual(['2021']);
    expect(lineTexts(elements)).toEqual([...body, ...code].map((run) => run.text));
  });

  it('a table drawn as boxes around its cells, with highlighted words inside, is not a picture', () => {
    const rows = [700, 675, 650, 625, 600];
    const cells = rows.flatMap((y) => [rect(72, y - 8, 172, y + 17), rect(172, y - 8, 472, y + 17)]);
    const runs = rows.flatMap((y, r) => [textRun(`%${r}d`, 80, y), textRun(`match the value of row ${r} here`, 180, y)]);
    const highlights = runs.map((run) => rect(run.left - 1, run.bottom, run.left + 10, run.top));
    expect(drawingRegions(graphics([...cells, ...highlights]), [], runs, width, height)).toEqual([]);
  });

  it('a listing shaded line by line, blank lines included, is not a picture', () => {
    const lines = [
      ...['prefix = /usr/local', '', 'all: src/hello', '', 'src/hello: src/hello.c', '\t$(CC) -o $@ $^', ''],
      ...['install: src/hello', '\tinstall -D src/hello $(DESTDIR)/bin/hello', '', 'clean:', '\trm -f src/hello', '', '.PHONY: all clean'],
    ];
    const stripes = lines.map((_, i) => rect(85, 565 - 11 * i, 539, 576 - 11 * i));
    const runs = lines.flatMap((text, i) => (text ? [{ ...textRun(text, 90, 567 - 11 * i, 9), monospace: true }] : []));
    expect(drawingRegions(graphics(stripes), [], runs, width, height)).toEqual([]);
  });

  it('a frame around a figure holds its labels but also its shapes: it stays part of the picture', () => {
    const { drawings, rules } = barChart();
    const frame = rect(90, 380, 480, 500);
    const runs = [textRun('2021', 110, 405), textRun('Sales by year', 200, 488)];
    const [region, ...others] = drawingRegions(graphics([frame, ...drawings], rules), [], runs, width, height);
    expect(others).toHaveLength(0);
    expect(region!.box).toEqual(frame);
  });

  it("a box holding a sentence and a chart: the sentence and the box's title at its left edge are text, the chart's title over it a label", () => {
    const { drawings, rules } = barChart();
    const frame = rect(60, 390, 480, 524);
    const runs = [
      textRun('Note', 64, 512),
      textRun('Sales grew in every quarter:', 64, 498),
      textRun('Sales', 270, 484),
      textRun('2021', 110, 405),
    ];
    const elements = pageElements(runs, graphics([frame, ...drawings], rules), width, height);
    const [chart, ...others] = pictures(elements);
    expect(others).toHaveLength(0);
    expect(chart!.labels.map((l) => l.text)).toEqual(['Sales', '2021']);
    expect(lineTexts(elements)).toEqual(['Note', 'Sales grew in every quarter:']);
  });

  it('shaded cells of a ruled table stay a table', () => {
    const rows = [700, 685, 670, 655];
    const rules: RuleSegment[] = [
      ...[712, 697, 682, 667, 652].map((position): RuleSegment => ({ orientation: 'horizontal', position, from: 72, to: 372 })),
      ...[72, 172, 272, 372].map((position): RuleSegment => ({ orientation: 'vertical', position, from: 652, to: 712 })),
    ];
    const shading = rows.flatMap((y) => [0, 1, 2].map((c) => rect(73 + 100 * c, y - 2, 171 + 100 * c, y + 11)));
    const runs = rows.flatMap((y, r) => ['Item', 'Price', 'Stock'].map((word, c) => textRun(`${word}${r}`, 80 + 100 * c, y)));
    const elements = pageElements(runs, graphics(shading, rules), width, height);
    expect(pictures(elements)).toHaveLength(0);
    expect(elements.filter((e) => e.kind === 'table')).toHaveLength(1);
  });

  it('takes time linear in the number of paths', () => {
    // 200,000 small marks over the page (a scatter plot): a quadratic pass would take minutes.
    const marks = Array.from({ length: 200_000 }, (_, i) =>
      rect(((i * 7) % 500) + 50, ((i * 13) % 700) + 40, ((i * 7) % 500) + 53, ((i * 13) % 700) + 43),
    );
    const started = performance.now();
    const regions = drawingRegions(graphics(marks), [], [], width, height);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(regions.length).toBeGreaterThan(0);
  });
});

describe('pageGraphicsOf', () => {
  it('keeps images and drawings inside their clipping path and tells rules from drawings', () => {
    const clipBox = [0, 0, 100, 50];
    const operators = {
      fnArray: [
        OPS.save,
        OPS.clip,
        OPS.constructPath,
        OPS.transform,
        OPS.paintImageXObject,
        OPS.restore,
        OPS.constructPath,
        OPS.constructPath,
        OPS.constructPath,
      ],
      argsArray: [
        null,
        null,
        [OPS.endPath, [], new Float32Array(clipBox)],
        [200, 0, 0, 200, 0, 0],
        ['img'],
        null,
        [OPS.fill, [], new Float32Array([200, 200, 260, 230])],
        [OPS.fill, [], new Float32Array([200, 300, 400, 301])],
        [OPS.stroke, [], new Float32Array([200, 320, 203, 330])],
      ],
    };
    const { images, drawings, rules } = pageGraphicsOf(operators, identity);
    expect(images).toEqual([rect(0, 0, 100, 50)]);
    expect(drawings).toEqual([rect(200, 200, 260, 230), rect(200, 320, 203, 330)]);
    expect(rules).toEqual([{ orientation: 'horizontal', position: 300.5, from: 200, to: 400 }]);
  });
});
