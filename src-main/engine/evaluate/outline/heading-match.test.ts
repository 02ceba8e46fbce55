import { describe, expect, it } from 'vitest';
import type { OutlineEntry } from '../../parse/pdf/pdf-outline';
import { matchHeadings, normaliseHeadingTitle, titlesMatch, type ParsedHeading } from './heading-match';

describe('normaliseHeadingTitle', () => {
  it.each([
    ['1.2.3 Building the Package', 'building the package'],
    ['A.1 Options', 'options'],
    ['IV. Results', 'results'],
    ['B) Annex material', 'annex material'],
    ['Chapter 3: Getting Started', 'getting started'],
    ['Appendix A Glossary', 'glossary'],
    ['Kapitel 2 Einführung', 'einfuhrung'],
    ['§ 4 Scope', 'scope'],
    ['§ A.1 学位论文的基本要求', '学位论文的基本要求'],
    ['附录 A 山东大学研究生院关于学位论文的格式要求', '山东大学研究生院关于学位论文的格式要求'],
    ['附录A 附件', '附件'],
    ['第3章 パッケージ', 'パッケージ'],
    ['第II部 オリジナルのTeX互換プリミティブの動作', 'オリジナルのtex互換プリミティブの動作'],
    ['3 Results', 'results'],
    ['1.Mise en contexte', 'mise en contexte'],
    ['2.4.5LL(1) Conflicts', 'll 1 conflicts'],
    ['3.14 Pi', 'pi'],
    ['1.1- قابلية إشتقاق', 'قابلية إشتقاق'],
    ['۱.۲ مبانی', 'مبانی'],
    ['چیز‌هایی که', 'چیزهایی که'],
    ['Introduction ........ 5', 'introduction'],
    ['Introduction . . . . . xii', 'introduction'],
    ['  Ｆｕｌｌｗｉｄｔｈ   Ｔｉｔｌｅ ', 'fullwidth title'],
  ])('%s -> %s', (title, expected) => {
    expect(normaliseHeadingTitle(title)).toBe(expected);
  });

  it('keeps an article or a word that only looks like a Roman numeral', () => {
    expect(normaliseHeadingTitle('A Tour of Git')).toBe('a tour of git');
    expect(normaliseHeadingTitle('Mix and match')).toBe('mix and match');
  });

  it('folds typographic quotes', () => {
    expect(normaliseHeadingTitle('Don’t Panic')).toBe(normaliseHeadingTitle("Don't panic"));
  });

  it('folds the accents an outline in PDFDocEncoding loses', () => {
    // lshort-tr's outline writes its Turkish titles without the letters PDFDocEncoding lacks.
    expect(normaliseHeadingTitle('Tesekkürler!')).toBe(normaliseHeadingTitle('Teşekkürler!'));
    expect(normaliseHeadingTitle('1.3 LaTeX Girdi Dosyalari')).toBe(normaliseHeadingTitle('1.3 LATEX Girdi Dosyaları'));
    expect(normaliseHeadingTitle('Iç Atiflar')).toBe(normaliseHeadingTitle('İç Atıflar'));
    expect(normaliseHeadingTitle('Παράμετροι εκκίνησης')).toBe('παραμετροι εκκινησης');
    expect(normaliseHeadingTitle('ガイド')).toBe('ガイド');
  });

  it('reads Persian heh with hamza as one spelling, one letter or two (lshort-persian: outline "هٔ", page "ۀ")', () => {
    expect(normaliseHeadingTitle('۹.۲.۵ خم‌های درجۀ دوم بزیه')).toBe(normaliseHeadingTitle('خم‌های درجهٔ دوم بزیه'));
    expect(normaliseHeadingTitle('درجه دوم')).not.toBe(normaliseHeadingTitle('درجهٔ دوم'));
  });

  it('strips numbering whose parts a hyphen joins, as Arabic book classes write it ("١-١ مكانة")', () => {
    expect(normaliseHeadingTitle('١-١ مكانة اللغة')).toBe(normaliseHeadingTitle('مكانة اللغة'));
  });

  it('drops the tatweel that stretches a word to justify its line (arabi user guide: "مـــــــولانا")', () => {
    expect(normaliseHeadingTitle('هو مـــــــولانا')).toBe(normaliseHeadingTitle('هو مولانا'));
  });

  it('keeps a number set tight against a small letter or a unit: no numbering of a section', () => {
    expect(normaliseHeadingTitle('1.5mm Margins')).toBe('1 5mm margins');
  });

  it('keeps a title that is nothing but a number', () => {
    expect(normaliseHeadingTitle('1.')).toBe('1');
  });
});

describe('titlesMatch', () => {
  it('matches equal texts and long prefixes at a word boundary only', () => {
    expect(titlesMatch('getting started', 'getting started')).toBe('equal');
    expect(titlesMatch('the quick brown fox jumps', 'the quick brown fox jumps over')).toBe('prefix');
    expect(titlesMatch('the quick brown fox jumps over', 'the quick brown fox jumps')).toBe('prefix');
    expect(titlesMatch('the quick', 'the quick brown fox jumps over')).toBeNull();
    expect(titlesMatch('the quick brown fox jump', 'the quick brown fox jumps')).toBeNull();
    expect(titlesMatch('', '')).toBeNull();
  });

  it('does not count spaces', () => {
    expect(titlesMatch('customizing yourdebian system', 'customizing your debian system')).toBe('equal');
    expect(titlesMatch('パッケージ の 作成', 'パッケージの作成')).toBe('equal');
  });

  it('forgives an appendix letter set with a space only', () => {
    expect(titlesMatch(normaliseHeadingTitle('A Change Log'), normaliseHeadingTitle('Change Log'))).toBe('equal');
    expect(titlesMatch('b', 'b')).toBe('equal');
    expect(titlesMatch('a b', 'c')).toBeNull();
  });
});

describe('matchHeadings', () => {
  const entry = (title: string, page: number | null, depth = 1): OutlineEntry => ({ title, page, depth });
  const heading = (text: string, page: number | null, level = 1): ParsedHeading => ({ text, page, level });

  it('matches a title by its text after a label and a colon, as groff mom writes its outline', () => {
    const outline = [entry('Title Page: Lake Attica’s Shores', 2), entry('Cover: Sample mom documents', 1), entry('Notes: a b c d', 3)];
    const headings = [heading('Lake Attica’s Shores', 2), heading('SAMPLE MOM DOCUMENTS', 1), heading('Notes', 3)];
    expect(matchHeadings(outline, headings)).toEqual([
      { entry: 0, heading: 0 },
      { entry: 1, heading: 1 },
    ]);
  });

  it('matches a title the author cut short with an ellipsis by the words before it, however long the heading', () => {
    const outline = [entry('Theorem and ...', 9), entry('CRediT…', 13), entry('Front ...', 1)];
    const headings = [
      heading('7. Theorem and theorem like environments', 9),
      heading('CRediT authorship contribution statement', 13),
      heading('Frontispiece', 1),
    ];
    expect(matchHeadings(outline, headings)).toEqual([
      { entry: 0, heading: 0 },
      { entry: 1, heading: 1 },
    ]);
  });

  it("matches a part's title by its text after the part's Roman number, as LaTeX writes its outline", () => {
    const outline = [entry('II Plotting styles', 62), entry('IV Terminal types', 237), entry('I Robot', 5)];
    const headings = [heading('Part II', 62), heading('Plotting styles', 62), heading('Terminal types', 237), heading('Robot', 9)];
    expect(matchHeadings(outline, headings)).toEqual([
      { entry: 0, heading: 1 },
      { entry: 1, heading: 2 },
    ]);
  });

  it('matches on the same or an adjacent page, never two pages away', () => {
    const pairs = matchHeadings([entry('Usage', 3), entry('Options', 10)], [heading('2 Usage', 4), heading('Options', 8)]);
    expect(pairs).toEqual([{ entry: 0, heading: 0 }]);
  });

  it('matches the titles of a right-to-left outline written in visual order, as Chromium writes them, on same letters only', () => {
    // Outline titles of Persian help pages printed by Chromium (the second an inline element apart, the third untranslated).
    const outline = [entry('گنوم تصویری کلی نمای', 1), entry(' کلی نمایها\u200cفعّالیت', 1), entry('Save / Export Images. 1.1', 2)];
    const headings = [heading('نمای کلی تصویری گنوم', 1, 0), heading('نمای کلی فعّالیتها', 1), heading('1.1. Save / Export Images', 2)];
    expect(matchHeadings(outline, headings)).toEqual([
      { entry: 0, heading: 0 },
      { entry: 1, heading: 1 },
      { entry: 2, heading: 2 },
    ]);
    expect(matchHeadings([entry('فهرست برنامه', 1)], [heading('فهرست سامانه', 1)])).toEqual([]);
    // An outline without right-to-left titles is in reading order: the same words in another order are another title.
    expect(matchHeadings([entry('Images Export Save', 2)], [heading('Save Export Images', 2)])).toEqual([]);
  });

  it('matches an entry without a page on any page', () => {
    expect(matchHeadings([entry('Usage', null)], [heading('Usage', 40)])).toEqual([{ entry: 0, heading: 0 }]);
  });

  it('is one-to-one and prefers an equal text, then the nearest page', () => {
    const outline = [entry('Examples', 5), entry('Examples', 9)];
    const headings = [heading('Examples', 4), heading('Examples', 5), heading('Examples', 9)];
    expect(matchHeadings(outline, headings)).toEqual([
      { entry: 0, heading: 1 },
      { entry: 1, heading: 2 },
    ]);
    const preferEqual = matchHeadings(
      [entry('Installing the package', 2)],
      [heading('Installing the package now', 2), heading('Installing the package', 3)],
    );
    expect(preferEqual).toEqual([{ entry: 0, heading: 1 }]);
  });
});
