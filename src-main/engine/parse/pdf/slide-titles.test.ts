import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../../ir/types';
import { testPdfParser, isHeading } from './pdf-pages.test-support';

const parse = testPdfParser('pdf-headings');

const headings = (doc: DoclingDocument): [string, number, number | undefined][] =>
  doc.texts.filter(isHeading).map((item) => [item.text, item.prov[0]!.page_no, 'level' in item ? item.level : undefined]);
const bodyTexts = (doc: DoclingDocument, page: number): string[] =>
  doc.texts.filter((t) => t.content_layer !== 'furniture' && !isHeading(t) && t.prov[0]?.page_no === page).map((t) => t.text);

describe('slide titles on real decks', () => {
  it("takes a title said again on the next slides for the first slide's heading and the others' text (dvipdfmx, LibreOffice Impress)", async () => {
    const tug = await parse('dvipdfmx-tug2003-slides-p4-6.pdf');
    const title = 'How to use CJK character sets in TEX?';
    expect(headings(tug).filter(([text]) => text === title)).toEqual([[title, 1, 1]]);
    expect(bodyTexts(tug, 2)).toContain(title);
    expect(bodyTexts(tug, 3)).toContain(title);
    // the numbered titles under it, one a slide, stay headings
    expect(headings(tug).map(([text]) => text)).toEqual(expect.arrayContaining(['2. ASCII pTEX', '3. TEX with subfont scheme']));
    const impress = await parse('field-station-slides.impress.pdf');
    expect(headings(impress).filter(([text]) => text === 'Water sampling results')).toEqual([['Water sampling results', 5, 2]]);
    expect(bodyTexts(impress, 6)).toContain('Water sampling results');
    expect(bodyTexts(impress, 7)).toContain('Water sampling results');
    // a title that comes back after other slides opens a slide of its own
    expect(headings(impress).filter(([text]) => text === 'Questions')).toHaveLength(2);
  });

  it('makes one heading of a slide built up over many pages, its title and a block title said at one place on each (xdvipdfmx, Persian)', async () => {
    const deck = await parse('bidipresentation-sample.pdf');
    // the contents slide's heading, then one heading for each section, on the page where it starts
    expect(headings(deck).map(([, page]) => page)).toEqual([1, 2, 11, 23, 31, 39, 45]);
    expect(bodyTexts(deck, 49)).toEqual(expect.arrayContaining(['۶ نوشتن متن در جهت برعکس', 'نوشت !']));
  });

  it("ranks a slide holding only its title above the slides' titles that follow it (LibreOffice Impress, XeTeX)", async () => {
    const impress = await parse('field-station-slides.impress.pdf');
    expect(headings(impress).filter(([, page]) => page >= 3 && page <= 5)).toEqual([
      ['The season so far', 3, 1],
      ['Where the station stands', 4, 2],
      ['Water sampling results', 5, 2],
    ]);
    const wave = await parse('beamertheme-saintpetersburg-example-p2-4.pdf');
    const [divider, slide] = headings(wave);
    // Its label ("Section 1", text above the title) is part of the divider.
    expect(divider).toEqual(['Two methods of finding wave’s ACF', 1, 1]);
    expect(slide).toEqual(['Analytic method', 2, 2]);
  });

  it("reads a contents slide's entries as its text, and each section's title slide as its heading (xdvipdfmx)", async () => {
    const trigon = await parse('beamertheme-trigon-demo-p2-7.pdf');
    expect(bodyTexts(trigon, 1)).toEqual(expect.arrayContaining(['1. Introduction', '2. Layout', '3. Elements', '4. Conclusion']));
    expect(headings(trigon)).toEqual([
      ['Overview', 1, 2],
      ['Introduction', 2, 1],
      ['Layout', 4, 1],
    ]);
  });
});
