import { describe, expect, it } from 'vitest';
import { testPdfParser } from './pdf-pages.test-support';
import { ruledFrames, withHeaderOverTop } from './ruled-tables';
import { textRun } from './test-runs';
import type { RuleSegment } from './types';

const across = (position: number): RuleSegment => ({ orientation: 'horizontal', position, from: 60, to: 540 });
const side = (position: number, from: number, to: number): RuleSegment => ({ orientation: 'vertical', position, from, to });
const spans = (rules: RuleSegment[]): Array<[number, number]> => ruledFrames(rules, 600, 840).map((frame) => [frame.top, frame.bottom]);

describe('ruled frames', () => {
  it('keeps the rules of a table drawn without sides together (booktabs)', () => {
    expect(spans([across(500), across(480), across(400)])).toEqual([[500, 400]]);
  });

  it('parts a box from a rule of its width above it (a running head over a framed listing)', () => {
    expect(spans([across(800), across(400), across(340), side(60, 340, 400), side(540, 340, 400)])).toEqual([[400, 340]]);
  });

  it('parts a box from a rule of its width under it (the rule over the footnotes)', () => {
    expect(spans([across(600), across(500), side(60, 500, 600), side(540, 500, 600), across(100)])).toEqual([[600, 500]]);
  });

  it('keeps two boxes of one width together, as their text between them judges the frame', () => {
    const boxes = [
      across(700),
      across(640),
      side(60, 640, 700),
      side(540, 640, 700),
      across(500),
      across(420),
      side(60, 420, 500),
      side(540, 420, 500),
    ];
    expect(spans(boxes)).toEqual([[700, 420]]);
  });

  it('keeps a grid whose sides run its whole height as one table', () => {
    expect(spans([across(500), across(480), across(460), across(440), side(60, 440, 500), side(540, 440, 500)])).toEqual([[500, 440]]);
  });
});

describe('a header row over the first rule of a table', () => {
  const frame = { left: 60, right: 540, top: 500, bottom: 400, horizontal: [across(500), across(400)], vertical: [] };

  const names = [textRun('Stack', 60, 503), textRun('Operator', 150, 503), textRun('Description', 300, 503)];
  const sentence = textRun('The operators are these.', 60, 530);

  it('grows the frame over the column names set just above the rule', () => {
    expect(withHeaderOverTop(frame, [sentence, ...names]).top).toBeGreaterThan(510);
  });

  it('leaves the first line of the page outside, a running head over its rule', () => {
    expect(withHeaderOverTop(frame, names)).toBe(frame);
  });

  it('leaves a caption over the rule, one piece, and a row further up outside', () => {
    expect(withHeaderOverTop(frame, [textRun('Table 4.1: Commands of the package', 150, 503)])).toBe(frame);
    const lastLine = [textRun('and the results are shown in the table below.', 60, 503), textRun('(3)', 520, 503)];
    expect(withHeaderOverTop(frame, [sentence, ...lastLine])).toBe(frame);
    expect(withHeaderOverTop(frame, [textRun('Stack', 60, 520), textRun('Operator', 150, 520)])).toBe(frame);
  });
});

const parse = testPdfParser('pdf-pictures');

describe('a plot between a running head and a framed listing (dvips, Ghostscript, pst-fit)', () => {
  it('reads the heading over the plot as a line of its own and makes no table of the page', async () => {
    const doc = await parse('pst-fit-doc-p3.pdf');
    expect(doc.tables).toHaveLength(0);
    expect(doc.texts.map((t) => t.text)).toContain('1 Fit of Linear Function');
  });
});

describe('a grid table under a rule of its width (Chromium, a page printed from HTML)', () => {
  it('reads the table, not a frame from the rule under the navigation bar down to the foot of the table', async () => {
    const doc = await parse('debian-reference-ch05-p1.de.chromium.pdf');
    const headers = doc.tables.map((table) => table.data.table_cells.slice(0, 3).map((cell) => cell.text));
    expect(headers).toEqual([expect.arrayContaining(['Pakete', 'Popcon'])]);
  });

  it('keeps a package name linked and wrapped over two lines in one cell: its underlines part no rows', async () => {
    const doc = await parse('debian-reference-ch05-p1.de.chromium.pdf');
    const [table] = doc.tables;
    expect(table!.data.num_rows).toBe(4);
    // The text writes "network-manager" inside a line; "NetworkManager", another name, is no spelling of it without the hyphen.
    expect(table!.data.table_cells.filter((cell) => cell.start_col_offset_idx === 0).map((cell) => cell.text)).toEqual([
      'Pakete',
      'network-manager',
      'network-manager-gnome',
      'ifupdown',
    ]);
    expect(table!.data.table_cells.filter((cell) => cell.start_col_offset_idx === 1).map((cell) => cell.text)).toEqual([
      'Popcon',
      'V:363, I:428',
      'V:122, I:354',
      'V:586, I:983',
    ]);
  });
});

describe('a plan in Word, sentences in five columns ruled apart (Acrobat PDFMaker, Quartz)', () => {
  it('reads the table, its header cell over two lines one cell', async () => {
    const doc = await parse('chelsea_pdta-p26.pdf');
    expect(doc.tables).toHaveLength(1);
    const headers = doc.tables[0]!.data.table_cells.filter((cell) => cell.column_header).map((cell) => cell.text);
    expect(headers).toContain('RESSOURCES NECESSAIRES');
  });
});

describe('a box around a typeset example, no rule inside it (pdfTeX, lshort)', () => {
  it('reads the sentence, the heading and the reference in the box as text, not as a table', async () => {
    const doc = await parse('lshort-tr-p79.pdf');
    expect(doc.tables).toHaveLength(0);
    expect(doc.texts.map((t) => t.text)).toContain('Kaynakça');
  });
});

describe('shaded blocks with a shadow, holding diagrams (pdfTeX, beamer)', () => {
  it('reads no table where the edges of the shadows stand inside the blocks', async () => {
    const doc = await parse('beamerexample-conference-talk-p29.pdf');
    expect(doc.tables).toHaveLength(0);
    expect(doc.texts.map((t) => t.text)).toEqual(expect.arrayContaining(['Partial order', 'Matching graph']));
  });
});

describe('a table ruled under its column names and at its foot, with no rule over them (Ghostscript, pst-math)', () => {
  it('reads the column names as the header row of the table', async () => {
    const doc = await parse('pst-math-doc-p4.pdf');
    const headers = doc.tables.flatMap((table) => table.data.table_cells.filter((cell) => cell.column_header).map((cell) => cell.text));
    expect(headers).toEqual(expect.arrayContaining(['Stack', 'Description']));
  });
});
