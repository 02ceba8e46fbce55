import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../../ir/types';
import { testPdfParser, headingsOf } from './pdf-pages.test-support';

const parse = testPdfParser('pdf-headings');

const textsOf = (doc: DoclingDocument): string[] => doc.texts.map((t) => t.text);

// Manual pages turned into ms macros by pandoc and typeset by groff: sections and subsections in bold with more
// space above than below, option tags in bold at the body's size with a paragraph's space around them.
describe('PDF headings told apart from terms by the space around them (groff manual pages)', () => {
  it('reads bold option tags as text, with no more space above than a paragraph or than below (gropdf, Ghostscript)', async () => {
    const dpkg = await parse('dpkg.1-p2-4.gropdf.pdf');
    expect(headingsOf(dpkg)).toEqual(['Package selection states', 'Package flags', 'ACTIONS']);
    expect(textsOf(dpkg)).toContain('--update-avail [Packages-file]');
    const sed = await parse('sed.1-p1-2.ghostscript.pdf');
    expect(headingsOf(sed)).toEqual(['SED', 'NAME', 'SYNOPSIS', 'DESCRIPTION', 'COMMAND SYNOPSIS']);
    expect(textsOf(sed)).toContain('-n, --quiet, --silent');
  });

  it('reads a bold line ending in a colon as a subsection where it has a section’s space above (Swedish, Turkish)', async () => {
    const stty = await parse('stty.1.sv-p1-2.gropdf.pdf');
    expect(headingsOf(stty)).toEqual(['STTY', 'NAMN', 'SYNOPSIS', 'BESKRIVNING', 'Specialtecken:', 'Specialinställningar:']);
    expect(textsOf(stty)).not.toContain('--help');
    const autom4te = await parse('autom4te.1.tr-p1-2.ghostscript.pdf');
    expect(headingsOf(autom4te)).toEqual(expect.arrayContaining(['AÇIKLAMA', 'İşlem kipleri:', 'Diller:', 'Uyarı SINIFları:']));
  });

  it('ends a section heading at the smaller line under it, where the column’s left edge holds short tags only', async () => {
    const rebase = await parse('git-rebase.1-p4.gropdf.pdf');
    expect(headingsOf(rebase)).toContain('OPTIONS');
    expect(textsOf(rebase).some((text) => text.startsWith('OPTIONS '))).toBe(false);
    // The references under "SEE ALSO" are bold too, but smaller than the heading (Ghostscript).
    const apt = await parse('apt-get.8-p12.ghostscript.pdf');
    expect(headingsOf(apt)).toEqual(expect.arrayContaining(['SEE ALSO', 'DIAGNOSTICS', 'BUGS', 'AUTHORS']));
  });
});
