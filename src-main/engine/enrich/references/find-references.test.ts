import { describe, expect, it } from 'vitest';
import { findReferences } from './find-references';

type Expected = [text: string, kind: string, target: string];

const found = (text: string): Expected[] =>
  findReferences(text)
    .filter((reference) => !reference.defines)
    .map((reference) => [reference.text, reference.kind, reference.target]);

/** The seven kinds with these labels, as a language writes them. */
function expected(
  section: string,
  chapter: string,
  table: string,
  figure: string,
  appendix: string,
  equation: string,
  page: string,
): Expected[] {
  return [
    [section, 'section', '3.2'],
    [chapter, 'chapter', '4'],
    [table, 'table', '4'],
    [figure, 'figure', '2'],
    [appendix, 'appendix', appendix.at(-1)!],
    [equation, 'equation', '3'],
    [page, 'page', '12'],
  ];
}

describe('findReferences', () => {
  // One sentence per language naming a section, a chapter, a table, a figure, an appendix, an equation and a page.
  const languages: Array<[string, string, Expected[]]> = [
    [
      'English',
      'See Section 3.2, Chapter 4, Table 4, Fig. 2, Appendix B, Eq. (3) and p. 12.',
      expected('Section 3.2', 'Chapter 4', 'Table 4', 'Fig. 2', 'Appendix B', 'Eq. (3)', 'p. 12'),
    ],
    [
      'French',
      "Voir la section 3.2, le chapitre 4, le tableau 4, la figure 2, l'annexe B, l'équation (3) et la page 12.",
      expected('section 3.2', 'chapitre 4', 'tableau 4', 'figure 2', 'annexe B', 'équation (3)', 'page 12'),
    ],
    [
      'German',
      'Siehe Abschnitt 3.2, Kapitel 4, Tabelle 4, Abb. 2, Anhang B, Gl. (3) und S. 12.',
      expected('Abschnitt 3.2', 'Kapitel 4', 'Tabelle 4', 'Abb. 2', 'Anhang B', 'Gl. (3)', 'S. 12'),
    ],
    [
      'Spanish',
      'Véase la sección 3.2, el capítulo 4, la tabla 4, la figura 2, el apéndice B, la ecuación (3) y la pág. 12.',
      expected('sección 3.2', 'capítulo 4', 'tabla 4', 'figura 2', 'apéndice B', 'ecuación (3)', 'pág. 12'),
    ],
    [
      'Italian',
      "Vedi la sezione 3.2, il capitolo 4, la tabella 4, la figura 2, l'appendice B, l'equazione (3) e pagina 12.",
      expected('sezione 3.2', 'capitolo 4', 'tabella 4', 'figura 2', 'appendice B', 'equazione (3)', 'pagina 12'),
    ],
    [
      'Portuguese',
      'Ver a seção 3.2, o capítulo 4, a tabela 4, a figura 2, o apêndice B, a equação (3) e a página 12.',
      expected('seção 3.2', 'capítulo 4', 'tabela 4', 'figura 2', 'apêndice B', 'equação (3)', 'página 12'),
    ],
    [
      'Dutch',
      'Zie sectie 3.2, hoofdstuk 4, tabel 4, figuur 2, bijlage B, vergelijking (3) en blz. 12.',
      expected('sectie 3.2', 'hoofdstuk 4', 'tabel 4', 'figuur 2', 'bijlage B', 'vergelijking (3)', 'blz. 12'),
    ],
    [
      'Russian',
      'См. раздел 3.2, главу 4, таблицу 4, рис. 2, приложение Б, формулу (3) и с. 12.',
      expected('раздел 3.2', 'главу 4', 'таблицу 4', 'рис. 2', 'приложение Б', 'формулу (3)', 'с. 12'),
    ],
    [
      'Chinese',
      '见第 3.2 节、第4章、表 4、图2、附录 B、公式 (3) 和第 12 页。',
      expected('第 3.2 节', '第4章', '表 4', '图2', '附录 B', '公式 (3)', '第 12 页'),
    ],
    [
      'Arabic',
      'انظر القسم 3.2 والفصل ٤ والجدول 4 والشكل ٢ والملحق ب والمعادلة (3) والصفحة 12.',
      expected('القسم 3.2', 'والفصل ٤', 'والجدول 4', 'والشكل ٢', 'والملحق ب', 'والمعادلة (3)', 'والصفحة 12'),
    ],
  ];

  it.each(languages)('finds each kind of reference in %s, its label in one spelling', (_language, sentence, references) => {
    expect(found(sentence)).toEqual(references);
    for (const reference of findReferences(sentence)) expect(sentence.slice(reference.start, reference.end)).toBe(reference.text);
  });

  it('reads other forms: § and §§, plurals, cases, capitals, Roman numerals, sub-figures, Chinese numerals', () => {
    expect(found('Under § 4 and §§ 7, see SECTION IV, Figure 3b, Tab. A.1, Kapitels? no: Unterabschnitt 2.1.')).toEqual([
      ['§ 4', 'section', '4'],
      ['§§ 7', 'section', '7'],
      ['SECTION IV', 'section', 'IV'],
      ['Figure 3b', 'figure', '3b'],
      ['Tab. A.1', 'table', 'A.1'],
      ['Unterabschnitt 2.1', 'section', '2.1'],
    ]);
    expect(found('参见 4.1 节与第十二章；見表３。')).toEqual([
      ['4.1 节', 'section', '4.1'],
      ['第十二章', 'chapter', '12'],
      ['表３', 'table', '3'],
    ]);
    expect(found('Siehe Tabelle 2 auf Seite 7 und Abbildungen 2 und 3.')).toEqual([
      ['Tabelle 2', 'table', '2'],
      ['Seite 7', 'page', '7'],
      ['Abbildungen 2', 'figure', '2'],
      ['3', 'figure', '3'],
    ]);
  });

  it('gives one reference per label a reference lists, and stops at what is no label of the list', () => {
    expect(found('As Tables 2 and 3, Figs. 1, 2 and 4b, Eqs. (3)–(5) and pp. 12–14 show.')).toEqual([
      ['Tables 2', 'table', '2'],
      ['3', 'table', '3'],
      ['Figs. 1', 'figure', '1'],
      ['2', 'figure', '2'],
      ['4b', 'figure', '4b'],
      ['Eqs. (3)', 'equation', '3'],
      ['(5)', 'equation', '5'],
      ['pp. 12', 'page', '12'],
      ['14', 'page', '14'],
    ]);
    // A comma and a number after a reference make no list, nor does a year after "en"
    expect(found('In Table 1, 20 samples failed; tableau 3 en 2019.')).toEqual([
      ['Table 1', 'table', '1'],
      ['tableau 3', 'table', '3'],
    ]);
  });

  it('reads "Figure 7-26" as one label, with its reading as a range kept aside', () => {
    const [reference] = findReferences('Note in Figure 7-26 that it has two sections.');
    expect(reference).toMatchObject({ text: 'Figure 7-26', kind: 'figure', target: '7-26' });
    expect(reference!.rangeReading!.map((part) => [part.text, part.target])).toEqual([
      ['Figure 7', '7'],
      ['26', '26'],
    ]);
  });

  it('marks a caption or heading that names its own target, and leaves out words that only contain a kind word', () => {
    const text = 'Table 2: Results of the run\n- 1.1. Section A.1\nFigure 3-1. Layout\nFigure 7 illustrates the layout.';
    expect(found(text)).toEqual([['Figure 7', 'figure', '7']]);
    const definitions = findReferences(text).filter((reference) => reference.defines);
    expect(definitions.map((reference) => [reference.text, reference.target])).toEqual([
      ['Table 2', '2'],
      ['Section A.1', 'A.1'],
      ['Figure 3-1', '3-1'],
    ]);
    expect(found('Subsection 3, a stable 4, the Tablet 2, Sections of 3, a 列表 1 and 地图 2 are no references.')).toEqual([]);
  });

  it('finds a section named by its quoted title', () => {
    expect(found('See Section “What documentation exists for R?” for more, or chapter "Getting started".')).toEqual([
      ['Section “What documentation exists for R?”', 'section', 'What documentation exists for R?'],
      ['chapter "Getting started"', 'chapter', 'Getting started'],
    ]);
  });

  it('takes time linear in the text on long runs of near-references', () => {
    const texts = [
      'Table '.repeat(40_000),
      'Section 1.'.repeat(20_000),
      'see (((('.repeat(30_000),
      '第'.repeat(100_000),
      '1-2-'.repeat(50_000),
    ];
    for (const text of texts) {
      const started = performance.now();
      findReferences(text);
      expect(performance.now() - started).toBeLessThan(2000);
    }
  });
});
