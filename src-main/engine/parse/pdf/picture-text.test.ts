import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DoclingDocument, TextItem } from '../../ir/types';
import { iterateItems } from '../../ir/iterate';
import { pdfParser } from '.';

const folder = path.resolve(import.meta.dirname, '../../../../test-data/pdf-pictures');
const parse = (fileName: string): Promise<DoclingDocument> =>
  pdfParser.parse({ fileName, bytes: new Uint8Array(readFileSync(path.join(folder, fileName))) });

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
