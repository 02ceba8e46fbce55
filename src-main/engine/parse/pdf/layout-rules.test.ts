import { describe, expect, it } from 'vitest';
import { captionTargetOf } from './captions';
import { furnitureLines } from './furniture';
import { isHeadingLike, isNumberedHeading, numberingDepth } from './headings';
import { joinLines } from './hyphenation';
import { listMarkerOf } from './list-markers';
import type { Box, Line } from './types';
import { xyCut } from './xy-cut';

const styledLine = (text: string, style: Partial<Pick<Line, 'bold' | 'italic' | 'fontSize'>>): Line => ({
  left: 90,
  bottom: 700,
  right: 90 + text.length * 5,
  top: 710,
  runs: [],
  text,
  fontSize: 10,
  baseline: 700,
  bold: false,
  italic: false,
  monospace: false,
  math: false,
  rtl: false,
  span: [0, text.length],
  ...style,
});

const box = (left: number, bottom: number, right: number, top: number, id: string): Box & { id: string } => ({
  left,
  bottom,
  right,
  top,
  id,
});

describe('xyCut', () => {
  const options = { minGutter: 8, minColumnWidth: 60 };

  it('reads two columns under a full-width title column by column, even with aligned lines', () => {
    const boxes = [
      box(72, 700, 540, 716, 'title'),
      ...[0, 1, 2].flatMap((i) => [box(72, 660 - 14 * i, 300, 670 - 14 * i, `L${i}`), box(312, 660 - 14 * i, 540, 670 - 14 * i, `R${i}`)]),
    ];
    expect(
      xyCut(boxes, options)
        .flat()
        .map((b) => b.id),
    ).toEqual(['title', 'L0', 'L1', 'L2', 'R0', 'R1', 'R2']);
  });

  it('does not take a bullet column for a text column', () => {
    const boxes = [0, 1, 2].flatMap((i) => [
      box(90, 600 - 14 * i, 95, 610 - 14 * i, `bullet${i}`),
      box(108, 600 - 14 * i, 500, 610 - 14 * i, `text${i}`),
    ]);
    expect(
      xyCut(boxes, options)
        .flat()
        .map((b) => b.id),
    ).toEqual(['bullet0', 'text0', 'bullet1', 'text1', 'bullet2', 'text2']);
  });

  it('places a floating picture that overruns the gutter in the column of its centre', () => {
    const boxes = [box(72, 600, 300, 700, 'left'), box(312, 600, 540, 700, 'right'), box(200, 500, 590, 590, 'picture')];
    const order = xyCut(boxes, { ...options, isFloating: (b) => b.left === 200 })
      .flat()
      .map((b) => b.id);
    expect(order).toEqual(['left', 'right', 'picture']);
  });
});

describe('text rules', () => {
  it('rejoins words hyphenated at a line end and keeps the hyphen of a compound before a capital', () => {
    expect(joinLines(['architecture, trained. Ef-', 'fects of reducing'])).toBe('architecture, trained. Effects of reducing');
    expect(joinLines(['the Anglo-', 'Saxon period,', 'COVID-', '19 cases'])).toBe('the Anglo-Saxon period, COVID-19 cases');
    expect(joinLines(['soft\u00AD', 'ware', '', 'is'])).toBe('software is');
  });

  it('recognises list markers but not section numbers', () => {
    expect(listMarkerOf('• Item')).toEqual({ marker: '•', enumerated: false, rest: 'Item' });
    expect(listMarkerOf('12. Step')).toEqual({ marker: '12.', enumerated: true, rest: 'Step' });
    expect(listMarkerOf('(b) Option')).toMatchObject({ marker: '(b)', enumerated: true });
    expect(listMarkerOf('\uF0B7 Wingdings bullet')).toMatchObject({ enumerated: false, rest: 'Wingdings bullet' });
    expect(listMarkerOf('5.1 Hyper Parameter Optimization')).toBeUndefined();
    expect(listMarkerOf('-3 degrees')).toBeUndefined();
    // gnuplot's manual (pdfTeX): a page reference wrapped onto the next line opens no item
    expect(listMarkerOf('(p. 167). plot also lets you use')).toBeUndefined();
    expect(listMarkerOf('b) Option')).toMatchObject({ marker: 'b)', enumerated: true });
  });

  it('knows captions and section-number depth', () => {
    expect(captionTargetOf('Figure 7-26. Self-locking nuts.')).toBe('picture');
    expect(captionTargetOf('Table 1. HPO performed')).toBe('table');
    expect(captionTargetOf('Listing 1: Simple JavaScript Program')).toBe('code');
    expect(captionTargetOf('Table 2 shows the results')).toBeUndefined();
    // a caption's label alone on its line, over its title (APA style); a word that opens with a caption word is none
    expect(captionTargetOf('Figure 1')).toBe('picture');
    expect(captionTargetOf('TABLE B1')).toBe('table');
    expect(captionTargetOf('Figure A.2')).toBe('picture');
    expect(captionTargetOf('Charter')).toBeUndefined();
    expect(captionTargetOf('Table of')).toBeUndefined();
    expect(captionTargetOf('Tables 2')).toBeUndefined();
    expect(numberingDepth('5.1 Hyper Parameter Optimization')).toBe(2);
    expect(numberingDepth('Introduction')).toBe(0);
    expect(numberingDepth('A.1 Name')).toBe(2);
    expect(numberingDepth('۱.۲.۱ نویسنده')).toBe(3);
    expect(numberingDepth('A Tour of Git')).toBe(0);
  });

  it('takes a lone italic or bold line for a heading, but not the wrapped tail of a signature or a lower-case fragment', () => {
    const body = { fontSize: 10, bold: false };
    const heading = (text: string, style: Partial<Pick<Line, 'bold' | 'italic' | 'fontSize'>>) =>
      isHeadingLike([styledLine(text, style)], text, body);
    expect(heading('Safety of Flight', { italic: true })).toBe(true);
    expect(heading('a) Scope of the agreement', { bold: true })).toBe(true);
    expect(heading('Results (preliminary)', { bold: true })).toBe(true);
    expect(heading('asn1 parser2tree', { fontSize: 12 })).toBe(true);
    // libtasn1's manual (texinfo): the parameters of a prototype wrap onto a slanted line
    expect(heading('definitions, char * error_desc)', { italic: true })).toBe(false);
    expect(heading('int flags)', { bold: true })).toBe(false);
    expect(heading('element_name', { italic: true })).toBe(false);
    // a syntax's parameters in italics between angle brackets (create-theorem, xdvipdfmx)
    expect(heading('⟨language name⟩ = ⟨string⟩', { italic: true })).toBe(false);
    // gnuplot's manual (pdfTeX) sets its cross-references in bold; debmake-doc (dblatex) a listing's lead-in
    expect(heading('See iterate (p. 48).', { bold: true })).toBe(false);
    expect(heading('See set vxrange (p. 213)', { bold: true })).toBe(false);
    expect(heading('Siehe Abschnitt 4 (S. 12)', { bold: true })).toBe(false);
    expect(heading('Pages 3 to 5 (Summary)', { bold: true })).toBe(true);
    expect(heading('debian/rules (Vorlagendatei):', { bold: true })).toBe(false);
    expect(heading('6.12 Formatting title, booktitle, etc.', { fontSize: 12, bold: true })).toBe(true);
    expect(heading('Because of this...', { fontSize: 12, bold: true })).toBe(true);
  });

  it('takes a numbered line set larger than the body for a heading, not a list item', () => {
    const body = { fontSize: 10, bold: false };
    const numbered = (text: string, style: Partial<Pick<Line, 'bold' | 'italic' | 'fontSize'>>) =>
      isNumberedHeading([styledLine(text, style)], text, body, true);
    // shared-mime-info's specification (DocBook): chapters are "1. Introduction" at 17 pt over 10 pt text
    expect(numbered('1. Introduction', { fontSize: 17, bold: true })).toBe(true);
    expect(numbered('1. Install the package first.', { fontSize: 10 })).toBe(false);
    expect(numbered('2. Bold step', { fontSize: 10, bold: true })).toBe(false);
    // wrapped: a number's heading takes its second line; a bullet's item in a larger face stays an item
    const wrapped = [styledLine('5. Detecting the User’s Requested', { fontSize: 25 }), styledLine('Languages', { fontSize: 25 })];
    const text = '5. Detecting the User’s Requested Languages';
    expect(isNumberedHeading(wrapped, text, body, true)).toBe(true);
    expect(isNumberedHeading(wrapped, text, body, false)).toBe(false);
  });

  it('keeps a title out of the furniture although the running header repeats its words', () => {
    const at = (line: Line, top: number): Line => ({ ...line, top, bottom: top - 12, baseline: top - 10 });
    const header = () => at(styledLine('Shared MIME-info Database', { fontSize: 10 }), 770);
    const title = at(styledLine('Shared MIME-info Database', { fontSize: 24 }), 760);
    const pages = [{ height: 792, lines: [title] }, ...[2, 3, 4].map(() => ({ height: 792, lines: [header()] }))];
    const furniture = furnitureLines(pages);
    expect(furniture.has(title)).toBe(false);
    expect(pages.slice(1).every((page) => furniture.has(page.lines[0]!))).toBe(true);
  });
});
