import { describe, expect, it } from 'vitest';
import type { DoclingDocument, TextItem } from '../../ir/types';
import { iterateItems } from '../../ir/iterate';
import { testPdfParser } from './pdf-pages.test-support';

const parse = testPdfParser('pdf-pictures');

function pictureTexts(doc: DoclingDocument): string[] {
  return doc.pictures.flatMap((picture) =>
    [...iterateItems(doc, { root: picture, traversePictures: true })].flatMap(({ item }) =>
      item === picture ? [] : [(item as TextItem).text],
    ),
  );
}

describe('running text inside a picture', () => {
  it('reads a listing drawn beside its plot as text, and leaves the plot its labels (pdfTeX, TikZ)', async () => {
    const doc = await parse('tkz-fct-p28.pdf');
    const labels = pictureTexts(doc);
    expect(labels).toEqual(expect.arrayContaining(['𝑦 = 𝑥𝑒𝑥']));
    expect(labels.join('\n')).not.toContain('\\tkzInit[xmin=-5,xmax=2,ymin=-1,ymax=3]');
    const body = doc.texts.filter((t) => !labels.includes(t.text)).map((t) => t.text);
    expect(body.some((text) => text.includes('\\tkzInit[xmin=-5,xmax=2,ymin=-1,ymax=3]'))).toBe(true);
  });
});

function bodyTexts(doc: DoclingDocument): string[] {
  const labels = new Set(pictureTexts(doc));
  return doc.texts.filter((t) => !labels.has(t.text)).map((t) => t.text);
}

describe('listings set solid inside a picture', () => {
  it('reads a short-lined listing in a footnote size beside its plot as text (LuaTeX, pst-node)', async () => {
    const doc = await parse('pst-node-doc-p37.pdf');
    expect(pictureTexts(doc).join('\n')).not.toContain('\\qdisk(PI){4pt}');
    const body = bodyTexts(doc).join('\n');
    expect(body).toContain('\\qdisk(PI){4pt}');
    expect(body).toContain('\\begin{pspicture}(5,5)');
  });

  it('reads a listing framed with its drawing, indented lines too, as text (Acrobat Distiller, pst-perspective)', async () => {
    const doc = await parse('pst-perspective-docEN-p42.pdf');
    expect(pictureTexts(doc).join('\n')).not.toMatch(/multido|arrowsize/u);
    expect(bodyTexts(doc).join('\n')).toContain('arrowsize=.2');
  });

  it('reads listings with nested indents on the panels of their diagrams as text, and leaves the diagrams their labels (pdfTeX)', async () => {
    const doc = await parse('tikz-dependency-doc-p14.pdf');
    const labels = pictureTexts(doc);
    expect(labels).toEqual(expect.arrayContaining(['nsubj', 'xcomp']));
    expect(labels.join('\n')).not.toMatch(/deptext|depedge/u);
    expect(bodyTexts(doc).join('\n')).toContain('\\depedge{4}{5}{xcomp}');
  });

  it('reads a listing whose lines go in and out by several indents beside its diagram as text, and leaves the diagram its labels (pdfTeX)', async () => {
    const doc = await parse('tikz-ladder-doc-p5.pdf');
    const labels = pictureTexts(doc);
    expect(labels).toEqual(expect.arrayContaining(['TON', 'ENO']));
    expect(labels.join('\n')).not.toMatch(/contact|ladderrungend|draw/u);
    const body = bodyTexts(doc).join('\n');
    expect(body).toContain('to [contact NO={info={$E$}}] ++(1,0) --++(2,0)');
    expect(body).toContain('\\draw (T1.input 3) -- +(-0.2,0) node[left]{T\\#2s}');
  });
});

describe('words boxed as inline code', () => {
  it('reads a framed list of package names, each in a badge with a coloured tab, as text, not a picture, nor a table (LuaTeX, tcolorbox)', async () => {
    const doc = await testPdfParser('pdf-turned')('ProfLycee-doc-p6.pdf');
    expect(doc.pictures).toEqual([]);
    expect(doc.tables).toEqual([]);
    expect(doc.texts.filter((t) => t.label === 'list_item').map((t) => t.text)).toEqual(
      expect.arrayContaining(['LATEX xcolor avec les options [table,svgnames];', 'LATEX tikz , LATEX pgf , LATEX pgffor ;']),
    );
    expect(bodyTexts(doc).join('\n')).toMatch(/LATEX xintbinhex , LATEX xintgcd ;/u);
  });
});

describe('pictures painted by form XObjects', () => {
  it('clips what a form paints to its bounding box: an included page cut to one stamp does not cover the page (pdfTeX, postage)', async () => {
    const doc = await parse('postage-p2.pdf');
    expect(pictureTexts(doc).join('\n')).not.toMatch(/Implementation|includestamp/u);
    const headings = doc.texts.filter((t) => t.label === 'title' || t.label === 'section_header').map((t) => t.text);
    expect(headings).toEqual(expect.arrayContaining(['3 Implementation', '3.1.1 Options']));
    expect(bodyTexts(doc).join('\n')).toContain('\\includestamp[row=1,column=1,style=normal]{sample-stamps}');
  });
});

describe('boxes painted as one-pixel image masks', () => {
  it('reads a framed syntax box with shaded options as text, not as a picture (Ghostscript, pst-magneticfield)', async () => {
    const doc = await parse('pst-magneticfield-doc-p4.pdf');
    expect(pictureTexts(doc).join('\n')).not.toContain('psmagneticfield');
    expect(bodyTexts(doc).join('\n')).toContain('\\psmagneticfieldThreeD');
  });

  it('reads a ruled table of names and listings beside drawn arrows as text (Ghostscript, pst-arrow)', async () => {
    const doc = await parse('pst-arrow-doc-p6.pdf');
    expect(pictureTexts(doc).join('\n')).not.toContain('ArrowInside');
    const cells = doc.tables.flatMap((table) => table.data.table_cells.map((cell) => cell.text));
    expect([...bodyTexts(doc), ...cells].join('\n')).toContain('ArrowInsideOffset');
  });
});

describe('a drawing laid over running text', () => {
  it('keeps the lines of the paragraphs under a drawn stain as text (pdfTeX, coffeestains)', async () => {
    const doc = await parse('coffeestains-fr-p1.pdf');
    expect(pictureTexts(doc).join('\n')).not.toMatch(/lurette|taches/u);
    expect(bodyTexts(doc).join(' ')).toMatch(/depuis\s+lurette/u);
  });
});

describe('text set at a slant', () => {
  it('reads the slanted scale of protractors as their labels and lays the page out along its lines of text (LuaTeX)', async () => {
    const doc = await parse('pst-geometrictools-doc-p10.pdf');
    const labels = pictureTexts(doc);
    expect(labels).toEqual(expect.arrayContaining(['170', '160', '150']));
    expect(bodyTexts(doc).join('\n')).toContain('\\psProtractor[ProScale=0.5]');
  });

  it('reads the labels of a drawing in perspective as its labels (Acrobat Distiller, pst-perspective)', async () => {
    const doc = await parse('pst-perspective-docEN-p45.pdf');
    // a label drawn piece by piece along its slope is one label, as the text layer reads it ("5, 0")
    expect(pictureTexts(doc)).toEqual(expect.arrayContaining(['r = 5, 0 m', '10 m']));
    expect(doc.texts.some((t) => t.text.includes('10 m'))).toBe(true);
  });
});
