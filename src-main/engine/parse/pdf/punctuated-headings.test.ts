import { describe, expect, it } from 'vitest';
import { testPdfParser, headingsOf, bodyTextsOf } from './pdf-pages.test-support';
import { promotePunctuatedHeadings } from './punctuated-headings';
import { bodyText, classifiedPage, textRun } from './test-runs';
import type { TextRun } from './types';

const parse = testPdfParser('pdf-headings');

describe('headings that end in a period, set in the style of the document’s headings', () => {
  it('reads a larger bold section name ending with a period as a heading beside its unpunctuated siblings (Apache FOP)', async () => {
    const doc = await parse('fstab.5-p1-3.cs.fop.pdf');
    expect(headingsOf(doc)).toEqual(
      expect.arrayContaining([
        'První položka (fs_spec).',
        'Druhá položka (fs_file)',
        'Pátá položka (fs_freq).',
        'Šestá položka (fs_passno).',
      ]),
    );
    expect(bodyTextsOf(doc).some((text) => text.startsWith('Tato položka popisuje zvláštní blokové zařízení'))).toBe(true);
  });

  it('reads a bold section name at the text size ending with a period as a heading, not a bold sentence (groff, Ghostscript)', async () => {
    const doc = await parse('nfs.5-p7-17-18.fr.ghostscript.pdf');
    expect(headingsOf(doc)).toEqual([
      'Options pour les versions NFS 2 et 3 uniquement',
      "L'option de montage sync",
      'Utilisation des verrous de fichiers avec NFS',
      'Les caractéristiques du cache de la version 4 de NFS.',
    ]);
    // bold, ending with a period, but opening in lower case: the bold part of a sentence
    expect(bodyTextsOf(doc)).toContain("avant d'utiliser NFS sur UDP, consultez la section MÉTHODES DE TRANSPORT.");
  });
});

describe('a bold sentence set over two lines in the style of the headings', () => {
  it('stays text, while a one-line name in that style ending in a period is a heading (synthetic page)', () => {
    const bold = (text: string, baseline: number): TextRun => ({ ...textRun(text, 72, baseline), bold: true });
    const runs = [
      bold('Installation', 740),
      ...bodyText(726),
      bold('Configuration', 598),
      ...bodyText(584),
      bold('Note that the old driver and its', 456),
      bold('options were removed.', 444),
      ...bodyText(430),
      bold('Removed options.', 302),
      ...bodyText(288),
    ];
    const page = classifiedPage(runs);
    promotePunctuatedHeadings([page], page.body);
    const headings = page.blocks.flatMap((block) => (block.kind === 'lines' && block.label === 'heading' ? [block.text] : []));
    expect(headings).toEqual(['Installation', 'Configuration', 'Removed options.']);
  });
});
