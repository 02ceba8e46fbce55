import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DoclingDocument, TextItem } from '../../ir/types';
import { pdfParser } from '.';

const folder = path.resolve(import.meta.dirname, '../../../../test-data/pdf-headings');
const parse = (fileName: string): Promise<DoclingDocument> =>
  pdfParser.parse({ fileName, bytes: new Uint8Array(readFileSync(path.join(folder, fileName))) });

const isHeading = (item: TextItem): boolean => item.label === 'section_header' || item.label === 'title';
const headingsOf = (doc: DoclingDocument, page?: number): string[] =>
  doc.texts.filter((t) => isHeading(t) && (page === undefined || t.prov[0]?.page_no === page)).map((t) => t.text);
const furnitureOf = (doc: DoclingDocument): string[] => doc.texts.filter((t) => t.content_layer === 'furniture').map((t) => t.text);
const bodyTextsOf = (doc: DoclingDocument): string[] =>
  doc.texts.filter((t) => t.content_layer !== 'furniture' && !isHeading(t)).map((t) => t.text);
/** Each section heading as "level text". */
const levelledHeadingsOf = (doc: DoclingDocument): string[] =>
  doc.texts.flatMap((t) => (t.label === 'section_header' ? [`${t.level} ${t.text}`] : []));

describe('PDF heading rules on real pages', () => {
  it('reads no table-of-contents row as a heading, with dot leaders or with page numbers in a column (xdvipdfmx, pdfTeX)', async () => {
    const faq = await parse('debian-faq-toc-chapter1.pdf');
    expect(headingsOf(faq, 1)).toEqual(['Contents']);
    expect(bodyTextsOf(faq).some((text) => text.startsWith('1 Definitions and overview'))).toBe(true);
    const admin = await parse('R-admin-p3.pdf');
    expect(headingsOf(admin)).toEqual(['Table of Contents']);
  });

  it("reads a contents' entries whose page numbers follow their titles as text, where later headings are the sections they name (pdfTeX)", async () => {
    const doc = await parse('ornaments-p1-4-6.pdf');
    expect(headingsOf(doc, 1)).not.toContain('How to install the package 2');
    expect(bodyTextsOf(doc)).toEqual(expect.arrayContaining(['How to install the package 2', 'The main macro 3']));
    expect(headingsOf(doc)).toEqual(expect.arrayContaining(['Contents', 'How to install the package', 'The main macro']));
  });

  it('reads numbered titles set in a bold typewriter face at the text’s size as headings, not code (LuaTeX)', async () => {
    const doc = await parse('tkzexample-p4-7.pdf');
    expect(headingsOf(doc)).toEqual(
      expect.arrayContaining(['1 First example : no options', '1.0.1 Minipage and accents without options', '4.0.1 latex=7cm']),
    );
    expect(doc.texts.some((t) => t.label === 'code' && t.text.startsWith('\\colorlet{graphicbackground}'))).toBe(true);
  });

  it('reads the author and date under a title on the page after a cover as text, the date over the text too (LuaTeX)', async () => {
    const doc = await parse('luamesh-doc-p1-3.pdf');
    expect(headingsOf(doc, 2)).toEqual(['luamesh: compute and draw meshes with LuaLATEX', 'Contents']);
    expect(bodyTextsOf(doc)).toEqual(expect.arrayContaining(['Maxime Chupin <notezik@gmail.com>', 'July 11, 2022']));
  });

  it('reads a title block set flush left, its author and date in the style of the sections’ headings, as text (pdfTeX)', async () => {
    const doc = await parse('tufte-sample-handout-p1-2.pdf');
    expect(headingsOf(doc, 1)).toEqual(['An Example of the Usage of the Tufte-Handout Style1', 'Page Layout']);
    expect(bodyTextsOf(doc)).toEqual(expect.arrayContaining(['The Tufte-LATEX Developers', 'June 21, 2015']));
  });

  it("reads a manuscript's margin line numbers as furniture, its paragraphs whole and its centred numbered sections as headings (pdfTeX, AASTeX)", async () => {
    const doc = await parse('aastex-sample631-p3-5.pdf');
    // its subsections, numbered under "3.1. Tables" and set in italics, each share their row with a line number
    expect(headingsOf(doc)).toEqual(expect.arrayContaining(['2. MANUSCRIPT STYLES', '3. FLOATS', '3.1.1. Column math mode']));
    const texts = bodyTextsOf(doc);
    expect(texts.some((text) => /^\d+$/u.test(text))).toBe(false);
    expect(
      texts.some((text) => text.includes('single spaced. The single column style is very useful for article with wide equations.')),
    ).toBe(true);
    expect(furnitureOf(doc)).toEqual(expect.arrayContaining(['99', '100', '129']));
  });

  it('reads running heads that say again the chapter and section titles as furniture, though few pages carry them (pdfTeX, a thesis)', async () => {
    const doc = await parse('ryethesis-ryesample-p19-26.pdf');
    // eight pages, three with running heads: too few for a line repeated at its place to be furniture by repetition
    expect(furnitureOf(doc)).toEqual(expect.arrayContaining(['CHAPTER 1. INTRODUCTION', '1.1. BACKGROUND', '2.2. ETIAM']));
    expect(headingsOf(doc)).toEqual(expect.arrayContaining(['Introduction', '1.1 Background', '2.2 Etiam']));
    expect(headingsOf(doc)).not.toContain('1.1. BACKGROUND');
    expect(doc.texts.filter((t) => t.label === 'caption').map((t) => t.text)).not.toContain('CHAPTER 1. INTRODUCTION');
  });

  it("reads a title page after the cover as a cover too: its title a heading, its author's and kind's lines text (groff mom, Ghostscript)", async () => {
    const doc = await parse('groff-mom-sample_docs-p1-3.pdf');
    expect(headingsOf(doc, 2)).toEqual(['Lake Attica’s Shores']);
    expect(bodyTextsOf(doc)).toEqual(expect.arrayContaining(['by Rosemary Winspeare', 'Outline']));
    expect(headingsOf(doc, 3)).toEqual(expect.arrayContaining(['1. PART ONE', '1.1. Chapter 1']));
  });

  it("reads sections numbered by hand with a closing bracket ('3.1) Overview') as headings at their numbers' depths (LibreOffice)", async () => {
    const doc = await parse('gutenprint-users-manual-p5-6.pdf');
    expect(levelledHeadingsOf(doc)).toEqual([
      '1 1) Introduction',
      '2 1.1) What is Gutenprint?',
      '2 1.1) History of Gutenprint',
      '3 1.1.1) The early years: Gimp-Print 3.x and 4.0',
      '3 1.1.2) Gimp-Print 4.2',
    ]);
  });

  it('reads the minor headings of a word processor, set smaller than the text in a bold face of another family, as headings under the numbered ones (LibreOffice)', async () => {
    const doc = await parse('gutenprint-users-manual-p45-46.pdf');
    const headings = levelledHeadingsOf(doc);
    expect(headings.slice(0, 4)).toEqual([
      '1 7) List of Supported Options',
      '2 7.1) Printer Options',
      '3 7.1.1) Basic Printer Options',
      '4 Printer Model',
    ]);
    expect(headings).toEqual(expect.arrayContaining(['4 Page Size', '4 Double-Sided Printing', '4 Media Type', '4 Resolution']));
  });

  it("reads a FAQ's numbered subsections that ask their question ('11.5.5 What is noise?') as headings, set smaller than the text in bold (dblatex, pdfTeX)", async () => {
    const doc = await parse('gnubg-manual-p72-74.pdf');
    expect(levelledHeadingsOf(doc)).toEqual(
      expect.arrayContaining([
        '2 11.5 Settings',
        '3 11.5.1 Where can I change the name of the human player?',
        '3 11.5.4 What are Plies?',
        '3 11.5.5 What is noise?',
        '3 11.6.5 What do ! and ? mean?',
      ]),
    );
  });

  it('reads the "Note:" opening each admonition as a label, though a stylesheet sets it larger than the text (Apache FOP)', async () => {
    const doc = await parse('erlang-doc-crypto-p8-p25.fop.pdf');
    expect(headingsOf(doc)).toEqual(expect.arrayContaining(['1.3 Engine Load', '1.3.1 Background']));
    expect(headingsOf(doc)).not.toContain('Note:');
    expect(bodyTextsOf(doc).filter((text) => text === 'Note:')).toHaveLength(3);
  });

  it('reads minor headings set apart by their family alone, in the sans of the larger headings over Times text (Apache FOP)', async () => {
    const doc = await parse('erlang-doc-otp-system-p14.fop.pdf');
    expect(headingsOf(doc)).toEqual(expect.arrayContaining(['Building', 'Building in Git', 'Building on OS X']));
    const texts = bodyTextsOf(doc);
    expect(texts).toContain('sed -- Stream Editor for basic text transformation.');
    expect(texts).toContain('Build the same way as when building the unpacked tar file.');
  });

  it('reads lines underlined from their first letter to their last as headings, and a line with an underlined link in it as text (Word, Ghostscript)', async () => {
    const doc = await parse('simh-ctss-hardware-p11.word.pdf');
    expect(headingsOf(doc)).toEqual(['Acknowledgements', 'Web resources']);
    expect(bodyTextsOf(doc)).toContain('Paul Pierce’s CTSS source set: http://www.piercefuller.com/library/ctss.html');
  });

  it("reads a manual page's tags as text where each stands as far from its definition as from the text before it (groff, gropdf)", async () => {
    const doc = await parse('ettercap-8-p11-14.gropdf.pdf');
    const headings = headingsOf(doc);
    expect(headings).toEqual(expect.arrayContaining(['STANDARD OPTIONS', 'EXAMPLES', 'FILES', 'SEE ALSO']));
    expect(headings.filter((heading) => heading.startsWith('ettercap -'))).toEqual([]);
    expect(bodyTextsOf(doc)).toContain('ettercap -Tzq //110');
  });

  it("reads a manual page's option tag that opens a page as text, like the tags in its style elsewhere (groff, gropdf)", async () => {
    const doc = await parse('mount.8-p10-12.gropdf.pdf');
    const headings = headingsOf(doc);
    expect(headings).toContain('FILESYSTEM-INDEPENDENT MOUNT OPTIONS');
    for (const tag of ['-R, --rbind', '-w, --rw, --read-write']) {
      expect(headings).not.toContain(tag);
      expect(bodyTextsOf(doc)).toContain(tag);
    }
  });

  it("parts a manual page's tagged paragraphs where a blank line sets each definition off from the next tag (groff, gropdf)", async () => {
    // Most steps between the page's lines cross a blank line there; the text's pitch is that of its paragraphs' lines.
    const texts = bodyTextsOf(await parse('mount.8-p10-12.gropdf.pdf'));
    expect(texts).toEqual(expect.arrayContaining(['Display help text and exit.', '-V, --version', 'Print version and exit.']));
  });

  it("reads a description list's terms, their definitions beside them and hung under them when they wrap, as text (xdvipdfmx)", async () => {
    const doc = await parse('debmake-doc-p57.de.pdf');
    expect(headingsOf(doc)).toContain('5.13. WEITERE DEBIAN/*-DATEIEN');
    for (const term of ['Binärpaket.bash-completion', 'Binärpaket.cron.hourly -x3', 'Binärpaket.default -x3']) {
      expect(headingsOf(doc)).not.toContain(term);
    }
  });

  it("reads a definition list's first term, right under a section's title, as text like the terms after it (Asciidoctor PDF)", async () => {
    const doc = await parse('git-gitfaq-p1-2.asciidoctor-pdf.pdf');
    expect(headingsOf(doc)).toEqual(expect.arrayContaining(['Configuration', 'Credentials']));
    for (const question of ['What should I put in user.name?', 'How do I specify my credentials when pushing over HTTP?']) {
      expect(headingsOf(doc)).not.toContain(question);
      expect(bodyTextsOf(doc)).toContain(question);
    }
  });

  it("reads a slide's bulleted lines, set larger than the document's text, as a list's items, not headings (PowerPoint, PDFCreator)", async () => {
    const doc = await parse('systemc-tlm-lt-example-p2-5.pdfcreator.pdf');
    expect(headingsOf(doc)).toEqual(['How to run this example (MSVC)']);
    expect(doc.texts.filter((text) => text.label === 'list_item').map((text) => text.text)).toEqual(
      expect.arrayContaining(['Open a explorer window on', 'Launch lt.sln', 'Build and run']),
    );
  });

  it('keeps a numbered heading whole whose second line hangs under its title, set looser than the heading leading (dblatex, pdfTeX)', async () => {
    const doc = await parse('debian-paketmanagement-p37.pdf');
    expect(headingsOf(doc)).toContain('1.5 Welche UNIX-artigen Betriebssysteme verwenden das Paketformat und das APT-Paketmanagement');
  });

  it("reads a manual page's sections, set at the margin over their indented text, as headings, though each page says them again like labels (groff, Ghostscript)", async () => {
    const doc = await parse('foo2zjs-manual-p8-14.ghostscript.pdf');
    const headings = levelledHeadingsOf(doc);
    for (const name of ['NAME', 'SYNOPSIS', 'DESCRIPTION', 'COMMAND LINE OPTIONS', 'EXAMPLES', 'FILES', 'SEE ALSO', 'AUTHOR']) {
      expect(headings.filter((heading) => heading === `1 ${name}`)).toHaveLength(2);
    }
    expect(headings).toContain('2 Normal Options');
  });

  it("reads a manual page's option tags beside their definitions, and the entries its FILES and SEE ALSO list, as text (groff, Ghostscript)", async () => {
    const doc = await parse('foo2zjs-manual-p8-14.ghostscript.pdf');
    const headings = headingsOf(doc);
    for (const tag of ['−c', '−t', '/usr/bin/foo2hbpl2-wrapper', 'foo2hbpl2(1), hbpldecode(1)', '/usr/bin/foo2hbpl2']) {
      expect(headings).not.toContain(tag);
      expect(doc.texts.map((t) => t.text)).toContain(tag);
    }
  });

  it("reads running heads set in the text block's top line, well inside the paper's edge, as furniture (XeTeX, a book on letter paper)", async () => {
    const doc = await parse('instead-stead3-ru-p73-78.pdf');
    expect(furnitureOf(doc)).toEqual(expect.arrayContaining(['ГЛАВА 16. ДИАЛОГИ', '16.2. АТРИБУТЫ ФРАЗ']));
    expect(headingsOf(doc)).toEqual(['16.2 Атрибуты фраз']);
    expect(doc.texts.filter((t) => t.label === 'caption').map((t) => t.text)).not.toContain('ГЛАВА 16. ДИАЛОГИ');
  });

  it("reads a paper's authors, set larger than the text under its title with their affiliations' marks, as text (Chromium)", async () => {
    const doc = await parse('paper-authors.chromium.pdf');
    expect(headingsOf(doc)).toEqual([
      'Measuring the drift of small sensors over a season of use',
      '1. Introduction',
      '2. Method',
      '3. Results',
      'Acknowledgements',
      'Appendix',
      'A.1 Sensors that were moved from one place to another during the season',
    ]);
    expect(bodyTextsOf(doc)).toContain('Alma Verhoeven a,b,*, Tomás Ibarra a, K.L. Osei c');
  });

  it('ends a bold heading where a bold line set further in starts under it, a subsection under its section, not where a numbered title hangs its next line (Chromium)', async () => {
    const doc = await parse('paper-authors.chromium.pdf');
    expect(headingsOf(doc)).toContain('Appendix');
    expect(headingsOf(doc).some((heading) => heading.includes('Places of the sensors'))).toBe(false);
  });

  it("reads a caption's label set alone over its title ('Figure 1' in bold, the title in italics under it) as one caption, not two headings (pdfTeX, APA style)", async () => {
    const doc = await parse('apa7-longsample-p11-14.pdf');
    expect(headingsOf(doc)).toEqual(['Appendix B Pilot Data']);
    const captions = doc.texts.filter((t) => t.label === 'caption').map((t) => t.text);
    expect(captions).toEqual(['Figure 1 This is my first figure caption.', 'Table B1 A More Complex Decked Table']);
  });

  it("reads a cover's form fields, a label ending in a colon with its value beside it, as text, not headings (xdvipdfmx, a Chinese thesis)", async () => {
    const doc = await parse('hfutthesis-example-p1-12.pdf');
    const headings = headingsOf(doc, 1);
    for (const field of ['入学年份：', '2017 级', '完成时间：', '2022 年 7 月', '学生姓名：', 'XXX']) {
      expect(headings).not.toContain(field);
      expect(bodyTextsOf(doc)).toContain(field);
    }
  });

  it("reads a thesis's chapter titles, a word and a number in the text's bold ('CHAPTER 2 ONE') over sections numbered under it, as headings over those sections, not as captions (pdfTeX)", async () => {
    const doc = await parse('msu-thesis-p9-22.pdf');
    const levelOf = (text: string): number | undefined => {
      const item = doc.texts.find((t) => t.text === text);
      return item?.label === 'section_header' ? item.level : undefined;
    };
    expect(levelOf('CHAPTER 2 ONE')).toBe(1);
    expect(levelOf('CHAPTER 3 TWO')).toBe(1);
    expect(levelOf('2.1 A section')).toBe(2);
    expect(doc.texts.filter((t) => t.label === 'caption').map((t) => t.text)).not.toContain('CHAPTER 2 ONE');
  });

  it("reads numbered subsections set apart by their CJK face alone (Hei over the text's Song), the number in a Latin bold, as headings (XeTeX)", async () => {
    const doc = await parse('sduthesis-demo-p17-18.pdf');
    expect(headingsOf(doc)).toEqual(expect.arrayContaining(['3.1.1 中心校区', '3.1.2 洪家楼校区', '3.1.3 趵突泉校区']));
  });

  it('keeps headings with line numbers in the margin beside them (pdfTeX, lineno)', async () => {
    const doc = await parse('lineno-p53.pdf');
    expect(headingsOf(doc)).toEqual(['8.3 Reminder on obsoleteness', '9 The final touch', '10 The user commands']);
  });

  it('takes a chapter label above the title for text: the title is the heading (dblatex, Sphinx)', async () => {
    const faq = await parse('debian-faq-toc-chapter1.pdf');
    expect(headingsOf(faq, 2)).toEqual(['Definitions and overview', '1.1 What is this FAQ?', '1.2 What is Debian GNU/Linux?']);
    expect(bodyTextsOf(faq)).toContain('Chapter 1');
    const policy = await parse('debian-policy-p1-13-15.pdf');
    expect(headingsOf(policy, 2)).toEqual(['ABOUT THIS MANUAL', '1.1 Scope']);
    expect(bodyTextsOf(policy)).toEqual(expect.arrayContaining(['CHAPTER', 'ONE']));
  });

  it('puts running heads that name the current chapter and section in the furniture', async () => {
    const faq = await parse('debian-faq-toc-chapter1.pdf');
    expect(furnitureOf(faq)).toEqual(
      expect.arrayContaining(['CHAPTER 1. DEFINITIONS AND OVERVIEW', '1.3. OK, NOW I KNOW WHAT DEBIAN IS... …']),
    );
    const debmake = await parse('debmake-doc-de-p20-21.pdf');
    expect(furnitureOf(debmake)).toEqual(expect.arrayContaining(['CHAPTER 3. WERKZEUGEINRICHTUNG', '3.3. GIT', '3.5. DEVSCRIPTS']));
    expect(headingsOf(debmake)).toEqual(expect.arrayContaining(['3.3 Git', '3.4 Quilt', '3.5 Devscripts', '3.6 Sbuild']));
    expect(headingsOf(debmake)).not.toContain('3.3. GIT');
  });

  it('keeps headings that differ in their numbers only and fall into the page bands at no one place out of the furniture (Chromium)', async () => {
    const news = await parse('sqlite-news-p4-7.chromium.pdf');
    expect(furnitureOf(news).filter((text) => text.includes('Release'))).toEqual([]);
    expect(headingsOf(news)).toEqual(
      expect.arrayContaining(['2020-01-20 - Release 3.34.1', '2020-12-01 - Release 3.34.0', '2019-10-11 - Release 3.30.1']),
    );
  });

  it('reads a heading of one ideograph ("例", an example\'s) as a heading, and one set large that ends in a colon (FOP, Japanese)', async () => {
    const borders = await parse('lo-help-calc-borders-p2-3.ja.fop.pdf');
    expect(borders.texts.filter((t) => t.text === '例').map((t) => t.label)).toEqual(['section_header', 'section_header']);
    expect(headingsOf(borders)).toContain('Help content debug info:');
    // a lead-in at the text's size stays text
    expect(headingsOf(borders).filter((text) => text.endsWith(':'))).toEqual(['Help content debug info:']);
  });

  it('sets parts whose sections are numbered from 1 again above those sections (XeTeX)', async () => {
    const doc = await parse('zhs-man-p11-13.pdf');
    const levelOf = (text: string, page: number): number | undefined =>
      doc.texts.find((t) => t.text === text && t.prov[0]?.page_no === page && t.label === 'section_header')?.level;
    expect(levelOf('zhfont.sty', 2)).toBe(1);
    expect(levelOf('zhmath.sty', 3)).toBe(1);
    expect([levelOf('1 Introduction', 2), levelOf('4 Examples', 3), levelOf('1 Introduction', 3)]).toEqual([2, 2, 2]);
  });

  it("reads a definition list's term cut from its definition by a page break as text, as the list's other terms (LibreOffice)", async () => {
    const doc = await parse('localectl-p1-5.pt-br.libreoffice.pdf');
    const terms = ['status', '-h, --help'];
    expect(headingsOf(doc).filter((text) => terms.includes(text) || text.startsWith('list-x11-keymap-models'))).toEqual([]);
    expect(bodyTextsOf(doc)).toEqual(expect.arrayContaining([...terms, '--no-ask-password']));
    expect(headingsOf(doc)).toEqual(expect.arrayContaining(['COMANDOS', 'OPÇÕES']));
  });

  it('reads a right-to-left heading with its section number first and whole (XePersian)', async () => {
    const doc = await parse('lshort-persian-p15.pdf');
    expect(headingsOf(doc)).toEqual(expect.arrayContaining(['۱.۱ عنوان بازی', '۱.۱.۱ تک']));
  });

  it('keeps the title of a cover page and takes its release, author and date lines for text (Sphinx)', async () => {
    const policy = await parse('debian-policy-p1-13-15.pdf');
    expect(headingsOf(policy, 1)).toEqual(['Debian Policy Manual']);
    expect(bodyTextsOf(policy).slice(0, 3)).toEqual(['Release 4.6.2.0', 'The Debian Policy Mailing List', 'Dec 17, 2022']);
  });

  it("takes the centred lines under a first page's title for text when the page goes on with contents, not a section (dvips, Ghostscript)", async () => {
    const doc = await parse('pst-am-doc-p1-4.pdf');
    expect(headingsOf(doc, 1)).toEqual(['PSTricks']);
    expect(bodyTextsOf(doc)).toEqual(
      expect.arrayContaining(['A PSTricks package for drawing Modulations and Demodulations; v.1.02', 'September 4, 2010']),
    );
    expect(headingsOf(doc)).toEqual(expect.arrayContaining(['1 Introduction', '1.1 Example of a modulation']));
  });

  it('keeps the section headings of a first page that holds a page of text: no cover (LibreOffice, Persian)', async () => {
    const doc = await parse('gnome-help-status-icons-p1-2.fa.libreoffice.pdf');
    // The title's lam-alef ligature, read reversed ("باال"), is repaired.
    expect(headingsOf(doc, 1)).toEqual(['معنی نقشکهای در نوار بالا چیست؟', 'نقشکهای دسترسیپذیری', 'نقشکهای صدا', 'نقشکهای باتری']);
  });

  it('takes the bold terms of a definition list for text, not headings (Sphinx)', async () => {
    const policy = await parse('debian-policy-p1-13-15.pdf');
    expect(headingsOf(policy, 3)).toContain('1.5 Definitions');
    expect(headingsOf(policy, 3)).not.toEqual(expect.arrayContaining(['ASCII']));
    expect(bodyTextsOf(policy)).toEqual(expect.arrayContaining(['ASCII', 'upstream']));
  });

  it('takes repeated admonition labels for text and numbered table titles for captions, in any language (LibreOffice)', async () => {
    const doc = await parse('debian-reference-ch04-p3-4.fr.libreoffice.pdf');
    expect(headingsOf(doc)).not.toContain('Note');
    expect(headingsOf(doc)).toEqual(
      expect.arrayContaining(['4.2. Gestion des informations des comptes et des mots de passes', '4.5. PAM et NSS']),
    );
    const captions = doc.texts.filter((t) => t.label === 'caption').map((t) => t.text);
    expect(captions).toEqual(expect.arrayContaining(['Tableau 4.4. Liste d’outils permettant de générer des mots de passe']));
    const table = doc.tables.find((t) => t.captions.length > 0);
    expect(table).toBeDefined();
  });

  it('levels sections by their numbers in any digits and with an appendix letter, whatever other styles the document has (pdfTeX, XeTeX)', async () => {
    const levelsOf = (doc: DoclingDocument): Record<string, number | undefined> =>
      Object.fromEntries(doc.texts.filter((t) => t.label === 'section_header').map((t) => [t.text, t.level]));
    const admin = await parse('R-admin-p1-55.pdf');
    expect(levelsOf(admin)['A.3.1.2 OpenBLAS and BLIS']).toBe(4);
    const persian = await parse('lshort-persian-p1-15.pdf');
    // The chapter title is unnumbered, set larger than the numbered sections: it stays above them.
    expect(levelsOf(persian)).toMatchObject({ 'چیزهایی که باید بدانید': 1, '۱.۱ عنوان بازی': 2, '۱.۱.۱ تک': 3 });
  });

  it('takes bold header cells side by side for text, one of them wrapped over two lines (LibreOffice, WeasyPrint)', async () => {
    const howto = await parse('python-regex-howto-p16.libreoffice.pdf');
    expect(headingsOf(howto)).toEqual(['Modifying Strings¶', 'Splitting Strings¶']);
    expect(bodyTextsOf(howto)).toEqual(expect.arrayContaining(['Method/', 'Purpose', 'Attribute']));
    const reference = await parse('debian-reference-ch02-p2.ja.weasyprint.pdf');
    expect(headingsOf(reference)).toEqual(expect.arrayContaining(['2.1. Debian パッケージ管理の前提条件', '2.1.1. パッケージ設定']));
    expect(headingsOf(reference)).not.toEqual(expect.arrayContaining(['ポプ サイ']));
    expect(headingsOf(reference)).not.toEqual(expect.arrayContaining(['パッケージ']));
  });

  it('takes a label said twice within one section for text, beside table header cells in its style (WeasyPrint, beamer)', async () => {
    const reference = await parse('debian-reference-ch02-p3.ja.weasyprint.pdf');
    expect(headingsOf(reference)).toEqual(expect.arrayContaining(['2.1.3. 永遠のアップグレード人生', '2.1.4. Debian アーカイブの基本']));
    expect(headingsOf(reference)).not.toContain('注意');
    expect(bodyTextsOf(reference)).toContain('注意');
    const slides = await parse('beamerexample-conference-talk-p17.pdf');
    expect(headingsOf(slides)).not.toContain('Corollary');
    expect(bodyTextsOf(slides).filter((text) => text === 'Corollary')).toHaveLength(2);
  });

  it('takes the body style from the prose, not from the typewriter cells of a long table that outweigh it (pdfTeX)', async () => {
    const doc = await parse('de-bibleref-german.pdf');
    expect(headingsOf(doc)).not.toContain('1. Samuel');
    expect(headingsOf(doc)).toEqual(expect.arrayContaining(['2 Liste der Buchbezeichnungen', '2.1 Zusätzliche Bücher definieren']));
  });

  it('reads an address alone on its line and a line that breaks a word with a hyphen as text, bold as they are (gropdf)', async () => {
    const tar = await parse('tar.1-p2.gropdf.pdf');
    expect(headingsOf(tar)).toEqual(expect.arrayContaining(['DESCRIPTION', 'Option styles']));
    expect(bodyTextsOf(tar)).toContain('http://www.gnu.org/software/tar/manual');
    const socket = await parse('socket.7-p5.gropdf.pdf');
    expect(bodyTextsOf(socket)).toContain('and SO_ATTACH_REUSE-');
  });

  it('takes the section a slide deck names at the top of its slides for a heading where the name changes (beamer)', async () => {
    const slides = await parse('beamerexample-conference-talk-p2-8.pdf');
    const sections = slides.texts.filter((item) => item.label === 'section_header' && item.level === 1);
    expect(sections.map((item) => [item.text, item.prov[0]?.page_no])).toEqual([
      ['The Model and the Problem', 2],
      ['The Integrated Approach', 6],
    ]);
    // the frames' own titles stay below the sections
    expect(headingsOf(slides)).toContain('What is haplotyping and why is it important?');
    expect(slides.texts.find((item) => item.text === 'What is haplotyping and why is it important?')).toMatchObject({ level: 2 });
  });

  it("takes numbered subsections set in the body style for headings when they continue the headings' numbering (pdfTeX)", async () => {
    const guide = await parse('texlive-ru-p7-8.pdf');
    expect(headingsOf(guide)).toEqual([
      '2.5 Другие интересные программы в дистрибутиве TEX Live',
      '3 Установка',
      '3.1 Запуск программы установки',
      '3.1.1 UNIX',
      '3.1.2 Mac OS X',
      '3.1.3 Windows',
    ]);
  });

  it('splits a body-style numbered subsection off the paragraph it heads when no wider gap sets it apart (pdfTeX, dvipdfmx)', async () => {
    const czech = await parse('texlive-cz-p1-4-7-8.pdf');
    expect(headingsOf(czech)).toEqual(
      expect.arrayContaining(['3.1 Spuštění instalačního programu', '3.1.1 Unix', '3.1.2 Mac OS X', '3.1.3 Windows', '3.1.4 Cygwin']),
    );
    expect(bodyTextsOf(czech).some((text) => text.startsWith('Dále > označuje výzvu'))).toBe(true);
    // A contents list keeps its numbered rows together as text.
    expect(headingsOf(czech, 1)).not.toContain('1.1 TEX Live a kolekce TEXu 3');
    expect(bodyTextsOf(czech).some((text) => text.startsWith('1.1 TEX Live a kolekce TEXu 3 1.2 Podpora'))).toBe(true);
    const japanese = await parse('texlive-ja-p12-13.pdf');
    expect(headingsOf(japanese, 2)).toEqual(['3.1.1 Unix 系', '3.1.2 macOS']);
    // A paragraph that opens with a section number and runs on to the column's edge stays text.
    expect(bodyTextsOf(japanese).some((text) => text.startsWith('2.1 節でも言及したように'))).toBe(true);
  });

  it('ends a bold heading at the plain line under it when the heading stops short of its column (pdfTeX)', async () => {
    const doc = await parse('texlive-cz-p1-4-7-8.pdf');
    expect(headingsOf(doc, 2)).toContain('2.1 Kolekce TEXu: TEX Live, proTEXt, MacTEX');
    expect(bodyTextsOf(doc)).toContain('DVD TEX-kolekce zahrnuje následující:');
  });

  it('reads a section name in capitals that ends with a period as a heading (groff, Ghostscript)', async () => {
    const doc = await parse('nfs.5-p12.fr.ghostscript.pdf');
    expect(headingsOf(doc)).toEqual(['MÉTHODES DE TRANSPORT.']);
    expect(bodyTextsOf(doc).some((text) => text.startsWith('Les clients NFS envoient leurs requêtes'))).toBe(true);
  });

  it('keeps the rows of a contents list together when some of them are bold (Chromium)', async () => {
    const doc = await parse('maint-guide-dreq-p1.zh-cn.chromium.pdf');
    // The list's bold title (Chromium's emboldened WenQuanYi) is a heading, as "Table of Contents" is in Latin letters.
    expect(headingsOf(doc)).toEqual(['第 4 章 debian 目录中的必需内容', '目录', '4.1. control']);
    expect(bodyTextsOf(doc).some((text) => text.startsWith('4.1. control 4.2. copyright 4.3. changelog 4.4. rules'))).toBe(true);
  });

  it('splits a bold heading set in the left margin off the paragraph beside it (LuaTeX, Chromium)', async () => {
    const notes = await parse('margin-headings.fr.chromium.pdf');
    expect(headingsOf(notes)).toEqual(['Notes de terrain sur les jardins partagés', 'Semis', 'Arrosage', 'Récoltes', 'Compost']);
    expect(bodyTextsOf(notes).some((text) => text.startsWith("L'eau provient d'une cuve"))).toBe(true);
    const manual = await parse('lualatex-doc-DE-p9-13.pdf');
    expect(headingsOf(manual)).toEqual(
      expect.arrayContaining(['ifluatex', 'iftex', 'expl3', 'lua-alt-getopt', '4 Die luatex - und lualatex-Formate', 'Primitivennamen']),
    );
    expect(bodyTextsOf(manual)).toEqual(
      expect.arrayContaining(['Engines: all. Formats: LATEX.', 'Engines: all. Formats: LATEX, Plain. Authors: Vafa Khalighi.']),
    );
    expect(bodyTextsOf(manual).some((text) => text.startsWith('Wie im Abschnitt 1.4 erwähnt wurde'))).toBe(true);
  });

  it('reads headings and lines of Greek words as text, not formulas (Chromium, pdfTeX)', async () => {
    const formulasOf = (doc: DoclingDocument): string[] => doc.texts.filter((t) => t.label === 'formula').map((t) => t.text);
    const guide = await parse('install-ch05s03-p1.el.chromium.pdf');
    expect(headingsOf(guide)).toEqual(expect.arrayContaining(['5.3. Παράμετροι εκκίνησης', '5.3.1. Κονσόλα Εκκίνησης']));
    expect(formulasOf(guide)).toEqual([]);
    const alphabet = await parse('greek-utf8-p5.pdf');
    expect(formulasOf(alphabet)).toEqual([]);
    expect(bodyTextsOf(alphabet).some((text) => text.includes('αβγδεζηθικλμνξοπρ'))).toBe(true);
  });

  it('ends a bold heading wrapped over two lines where the plain text starts, at the size of its passage (groff mom)', async () => {
    const doc = await parse('groff-mom-sample_docs-p3-9.pdf');
    expect(headingsOf(doc, 2)).toEqual(
      expect.arrayContaining([
        'Schoenberg — The Origins of Serial Pitch Organization',
        'Messiaen to Stockhausen — The Quest for Absolute Control',
      ]),
    );
    expect(bodyTextsOf(doc)).toContain('by Joe Chang and Brad Hegel Connors');
    expect(bodyTextsOf(doc).some((text) => text.startsWith('Lorem ipsum dolor sit amet, consetetur sadipscing elitr, sed diam'))).toBe(
      true,
    );
  });

  it('splits a run-in heading off its paragraph, not a bold word that opens a sentence (groff mom, LuaTeX)', async () => {
    const mom = await parse('groff-mom-sample_docs-p3-9.pdf');
    expect(headingsOf(mom, 1)).toEqual(expect.arrayContaining(['A note on the setting', 'About historical personnages']));
    expect(
      bodyTextsOf(mom).some((text) => text.startsWith('Lorem ipsum dolor sit amet, consetetur sadipscing elitr, sed diam nonumy')),
    ).toBe(true);
    const arabluatex = await parse('arabluatex-p13.pdf');
    expect(headingsOf(arabluatex)).toEqual([
      '4 arabluatex in action',
      '4.1 The vowels and diphthongs',
      'Short vowels',
      'Long vowels',
      'ʾalif maqṣūrah',
    ]);
    expect(bodyTextsOf(arabluatex)).toEqual(expect.arrayContaining(['As said above, they are written 〈a, u, i〉:']));
  });

  it("reads a table cell drawn over the next column's heading apart from it (WeasyPrint, two columns)", async () => {
    const doc = await parse('debian-reference-ch10-2col-p13.en.weasyprint.pdf');
    expect(headingsOf(doc)).toEqual(
      expect.arrayContaining(['10.4.2. Merging updates for source', '10.4.3. Interactive merge', '10.5. Git']),
    );
    expect(headingsOf(doc).some((text) => /recompute|modified by/.test(text))).toBe(false);
  });

  it('takes a numbered title in typewriter type for a heading, a listing with numbered lines for code (xdvipdfmx, LuaTeX)', async () => {
    const guide = await parse('maint-guide-p35.zh-cn.pdf');
    expect(headingsOf(guide)).toContain('5.1 README.Debian');
    const fancyvrb = await parse('fancyvrb-doc-p7.pdf');
    const code = fancyvrb.texts.filter((t) => t.label === 'code').map((t) => t.text);
    expect(code).toContain('1 First verbatim line.\n2 Second verbatim line.');
  });

  it('reads sections numbered in small capitals and run-in subsections whose titles name code as headings (LuaTeX, AMS style)', async () => {
    const doc = await parse('pst-bspline-doc-p1-3-7-9.pdf');
    const sections = ['1. Quick summary of the macros', '2. Relaxed, Open B-spline', '3. Periodic B-spline', '4. Related constructions'];
    const subsections = ['4.1. The pnodes macro.', '4.2. The \\bspcurvepoints macros.'];
    expect(headingsOf(doc)).toEqual(expect.arrayContaining([...sections, ...subsections]));
    const levelOf = (text: string): number | undefined => doc.texts.find((t) => t.text === text)?.level;
    expect(sections.map(levelOf)).toEqual([1, 1, 1, 1]);
    expect(subsections.map(levelOf)).toEqual([2, 2]);
    // the subsection's paragraph goes on after its run-in title
    expect(bodyTextsOf(doc)).toContain('The line');
  });

  it('reads section titles that name code in a typewriter face as headings, whole, set large or all in bold (dvips, Ghostscript)', async () => {
    const doc = await parse('pst-news05-p3-4.pdf');
    expect(headingsOf(doc)).toEqual(
      expect.arrayContaining(['pstricks – package', '2 pstricks.sty', '3 pstricks.pro', '4 pstricks.tex', '4.1.1 shift']),
    );
    expect(doc.texts.filter((t) => t.label === 'code').map((t) => t.text)).not.toContain('pstricks');
    const knot = await parse('pst-knot-doc-p2.pdf');
    expect(headingsOf(knot)).toEqual(['Contents', '1 introduction', '2 \\psKnot']);
  });

  it('reads a title over two lines whose faces differ a little in size as one title, the lines under it as text (pdfTeX)', async () => {
    // a sans face scaled to 0.95 beside Palladio
    const pgfopts = await parse('pgfopts-p1.pdf');
    expect(pgfopts.texts.find((t) => t.label === 'title')?.text).toBe('pgfopts — LaTeX package options with pgfkeys∗');
    expect(headingsOf(pgfopts)).not.toContain('Joseph Wright†');
    expect(headingsOf(pgfopts)).not.toContain('Released 2014/07/10');
  });

  it('joins a bold heading that fills its line to the code it wraps onto, and reads a cross-reference to a page as text (dblatex, pdfTeX)', async () => {
    const policy = await parse('debian-policy-p75.pdf');
    expect(headingsOf(policy)).toContain('7.8 Additional source packages used to build the binary - Built-Using');
    expect(headingsOf(policy)).not.toContain('Built-Using');
    const gnuplot = await parse('gnuplot-p213.pdf');
    expect(headingsOf(gnuplot)).toEqual(expect.arrayContaining(['Vyrange', 'Vzrange']));
    expect(headingsOf(gnuplot).filter((text) => text.startsWith('See'))).toEqual([]);
    expect(bodyTextsOf(gnuplot)).toContain('See set vxrange (p. 213)');
    // a line that opens in the text's face before naming a command in bold, its page reference wrapped onto the next line
    const mapping = await parse('gnuplot-p56.pdf');
    expect(headingsOf(mapping).filter((text) => text.startsWith('See'))).toEqual([]);
    expect(bodyTextsOf(mapping).some((text) => text.startsWith('See set mapping (p. 167). plot also lets you use'))).toBe(true);
  });

  it('parts bold numbered headings stacked with no text between them, each number going on from the one above (xdvipdfmx)', async () => {
    const doc = await parse('pst-barcode-doc-p93.pdf');
    expect(headingsOf(doc)).toEqual(
      expect.arrayContaining(['6 Options Reference', '6.1 Check Digits', '6.1.1 includecheck', '6.2 Input Processing', '6.2.1 parse']),
    );
  });

  it('reads numbered subsections set apart only by a sans face, smaller than the serif text, as headings (pdfTeX, TUGboat)', async () => {
    const doc = await parse('hyperref-paper-p3-5.pdf');
    const headings = headingsOf(doc);
    expect(headings).toEqual(
      expect.arrayContaining(['2.1 Strings of PDF format', '2.2 Strings in TEX', '2.3 TEX to PDF', '3.1 PD1 encoding']),
    );
    // the list items under them stay list items, in the text's face
    expect(headings.some((text) => text.startsWith('Strings are delimited'))).toBe(false);
  });

  it('reads a syntax line in a frame, its parameters in italics, as text, not as an italic heading (xdvipdfmx, create-theorem)', async () => {
    const doc = await parse('create-theorem-doc-p2.pdf');
    expect(headingsOf(doc)).toEqual(['How to use it']);
    const texts = bodyTextsOf(doc).join('\n');
    expect(texts).toContain('\\NameTheorem{⟨name of environment⟩}{⟨key-value configuration⟩}');
    expect(texts).toContain('⟨language name⟩ = ⟨string⟩');
  });

  it('reads a contents row led by dots to its page number as no heading, where its column was read as a table (pdfTeX)', async () => {
    const doc = await parse('totcount-p1.pdf');
    const headings = headingsOf(doc);
    expect(headings).toContain('1 Introduction');
    expect(headings.some((text) => text.startsWith('4 Required Packages'))).toBe(false);
  });

  it("reads a description list's bold terms as text where its items' further lines hang, one-line items too (pdfTeX)", async () => {
    const doc = await parse('testidx-manual-p11.pdf');
    expect(headingsOf(doc)).toEqual([]);
    const texts = bodyTextsOf(doc);
    expect(texts).toContain('extra Load the glossaries-extra package.');
    expect(texts.some((text) => text.startsWith('xindy Passes the xindy option'))).toBe(true);
  });

  it("reads a title block's author and date as text where the column, not the page, centres it (pdfTeX, LaTeX's one-side margins)", async () => {
    const doc = await parse('theorem-p1-2.pdf');
    const headings = headingsOf(doc, 1);
    expect(headings[0]).toMatch(/^An Extension of the LATEX theorem environment/u);
    expect(headings).not.toContain('October 31, 2022');
    expect(headings).toContain('Abstract');
    expect(bodyTextsOf(doc)).toContain('October 31, 2022');
  });

  it("reads an index's letter groups as its lowest headings, the group of symbols before them (pdfTeX, ltxdoc)", async () => {
    const doc = await parse('pgfopts-p7-8.pdf');
    const groups = ['Symbols', 'A', 'B', 'C', 'D', 'E', 'F', 'I', 'L', 'N', 'P', 'R', 'T'];
    expect(headingsOf(doc).filter((text) => groups.includes(text))).toEqual(groups);
    const levels = new Set(doc.texts.filter((t) => groups.includes(t.text) && t.label === 'section_header').map((t) => t.level));
    expect(levels.size).toBe(1);
    const deepest = Math.max(...doc.texts.filter((t) => t.label === 'section_header' && !groups.includes(t.text)).map((t) => t.level ?? 1));
    expect([...levels][0]).toBeGreaterThan(deepest);
  });

  it("reads a navigation bar's title between its links to the previous and the next page as text (Chromium, right to left)", async () => {
    const bytes = new Uint8Array(readFileSync(path.join(folder, '../pdf-backdrops/handbook-selinux-p1.ar.chromium.pdf')));
    const doc = await pdfParser.parse({ fileName: 'handbook-selinux-p1.ar.chromium.pdf', bytes });
    expect(headingsOf(doc)).toEqual(['14.5. مقدمة إلى SELinux', '14.5.1. المبادئ']);
    expect(bodyTextsOf(doc)).toContain('دفتر مدير دبيان');
  });
});
