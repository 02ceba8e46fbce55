import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfParser } from '.';
import { bodyText, classifiedBlocks, textRun } from './test-runs';
import type { TextRun } from './types';

const bold = (run: TextRun): TextRun => ({ ...run, bold: true });

describe('numbered lines', () => {
  it('a bold "(1) Title" line on its own is a sub-heading; plain numbered lines stay list items', () => {
    const blocks = classifiedBlocks([
      ...bodyText(700),
      bold(textRun('(1) Scope of the survey', 72, 560)),
      ...bodyText(540),
      textRun('(1) the first condition holds', 72, 400),
      textRun('(2) the second condition holds', 72, 388),
    ]);
    expect(blocks).toContainEqual(['heading', '(1) Scope of the survey']);
    expect(blocks.filter(([label]) => label === 'list_item')).toEqual([
      ['list_item', 'the first condition holds'],
      ['list_item', 'the second condition holds'],
    ]);
  });

  it('a bold numbered line that ends a clause is a list item', () => {
    const blocks = classifiedBlocks([...bodyText(700), bold(textRun('(1) Scope of the survey:', 72, 560)), ...bodyText(540)]);
    expect(blocks).toContainEqual(['list_item', 'Scope of the survey:']);
  });
});

describe('lines that open with an initial', () => {
  it('go on with the reference whose author list broke before them; a list lettered in capitals stays a list (Chromium)', async () => {
    const fileName = 'reference-initials.chromium.pdf';
    const bytes = new Uint8Array(readFileSync(path.resolve(import.meta.dirname, '../../../../test-data/pdf-paragraphs', fileName)));
    const doc = await pdfParser.parse({ fileName, bytes });
    const texts = doc.texts.map((item) => [item.label, item.text]);
    expect(texts).toContainEqual([
      'text',
      expect.stringMatching(/^\[1\] C\.S\. Marlow, .* N\. Palmgren, G\. Beaumont, J\. Pietersen, Thin films/u),
    ]);
    expect(texts).toContainEqual(['text', expect.stringMatching(/H\. Angerer, E\. Conrad, K\. Mayfield, Physical aspects/u)]);
    expect(texts).toContainEqual(['text', expect.stringMatching(/R\.A\. Sherwood, H\. A\. Atwell, N\.H\. Karim, Future pathways/u)]);
    expect(texts.filter(([label]) => label === 'list_item')).toEqual([
      ['list_item', 'Prepare the samples,'],
      ['list_item', 'Measure them twice,'],
      ['list_item', 'Compare the two measures.'],
    ]);
  });
});
