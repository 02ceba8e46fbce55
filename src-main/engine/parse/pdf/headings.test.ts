import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../../ir/types';
import { pdfParser } from '.';
import { styledPdf, type PlacedText } from './pdf-writer.test-support';

const sentences = [
  'The archive keeps every package that a release needs, with its sources and the tools that build them.',
  'Each upload is checked against the rules of the archive before it reaches the mirrors of the project.',
  'A maintainer answers the reports filed against a package and fixes the ones that affect the release.',
  'Packages move from the unstable suite to testing after a delay when no serious report blocks them.',
];

/** Body text at 10 pt on a 12 pt pitch from `y` down, wrapped near 90 characters a line. */
function paragraph(y: number, sentenceCount = 2, x = 72): PlacedText[] {
  const words = sentences.slice(0, sentenceCount).join(' ').split(' ');
  const lines: string[] = [''];
  for (const word of words) {
    if (lines[lines.length - 1]!.length + word.length > 88) lines.push('');
    lines[lines.length - 1] = `${lines[lines.length - 1]} ${word}`.trim();
  }
  return lines.map((text, index) => ({ text, x, y: y - 12 * index, size: 10 }));
}

async function headingsOf(pages: readonly (readonly PlacedText[])[]): Promise<string[]> {
  const doc: DoclingDocument = await pdfParser.parse({ fileName: 'generated.pdf', bytes: styledPdf(pages) });
  return doc.texts.filter((t) => t.label === 'section_header' || t.label === 'title').map((t) => t.text);
}

describe('PDF headings', () => {
  it('keeps a heading wrapped over two lines at its own leading as one heading', async () => {
    const page: PlacedText[] = [
      { text: '2.5 Why does the archive keep the sources of every package', x: 72, y: 700, size: 16, face: 'bold' },
      { text: 'that it distributes?', x: 92, y: 680, size: 16, face: 'bold' },
      ...paragraph(650),
      { text: '2.6 Where are the packages built', x: 72, y: 580, size: 16, face: 'bold' },
      ...paragraph(555),
    ];
    expect(await headingsOf([page])).toEqual([
      '2.5 Why does the archive keep the sources of every package that it distributes?',
      '2.6 Where are the packages built',
    ]);
  });
});
