import { describe, expect, it } from 'vitest';
import { testPdfParser, headingsOf, bodyTextsOf } from './pdf-pages.test-support';

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
