/** What an intra-document reference points at. */
export const REFERENCE_KINDS = ['section', 'chapter', 'appendix', 'table', 'figure', 'equation', 'page'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

/**
 * The words that name each kind of target before its number, in English, French, German, Spanish,
 * Italian, Portuguese, Dutch and Russian (with the case forms a number follows), singular, plural and
 * abbreviated, one line a language. Each is matched lower-case, capitalised and upper-case. Arabic and Chinese, which
 * attach particles to the word or put the number inside it, have patterns of their own
 * (`reference-patterns.ts`).
 */
export const CUE_WORDS: Readonly<Record<ReferenceKind, readonly string[]>> = {
  section: words(
    'section sections sec. secs. sect. §§ §',
    'paragraphe paragraphes',
    'abschnitt abschnitte abschnitts abschnitten unterabschnitt',
    'sección secciones apartado apartados',
    'sezione sezioni paragrafo paragrafi',
    'seção seções secção secções',
    'sectie secties paragraaf paragrafen',
    'раздел раздела разделе разделу разделы разделах подраздел подразделе пункт пункте пункта п.',
  ),
  chapter: words(
    'chapter chapters chap. ch.',
    'chapitre chapitres chap.',
    'kapitel kapiteln kap.',
    'capítulo capítulos cap.',
    'capitolo capitoli',
    'hoofdstuk hoofdstukken hfdst.',
    'глава главе главы главу главах гл.',
  ),
  appendix: words(
    'appendix appendices app.',
    'annexe annexes appendice',
    'anhang anhänge anlage',
    'apéndice apéndices anexo anexos',
    'appendici allegato allegati',
    'apêndice apêndices',
    'bijlage bijlagen',
    'приложение приложении приложения приложению прил.',
  ),
  table: words(
    'table tables tab. tbl.',
    'tableau tableaux',
    'tabelle tabellen',
    'tabla tablas cuadro cuadros',
    'tabella tabelle',
    'tabela tabelas quadro',
    'tabel tabellen',
    'таблица таблице таблицы таблицу таблицах табл.',
  ),
  figure: words(
    'figure figures fig. figs.',
    'abbildung abbildungen abb.',
    'figura figuras figure',
    'figuur figuren afbeelding afb.',
    'рисунок рисунке рисунка рисунки рисунках рис.',
  ),
  equation: words(
    'equation equations eq. eqs. eqn. eqns.',
    'équation équations éq. formule',
    'gleichung gleichungen gl. formel',
    'ecuación ecuaciones ec. fórmula',
    'equazione equazioni formula',
    'equação equações',
    'vergelijking vergelijkingen',
    'формула формуле формулы формулу формулой уравнение уравнении уравнения',
  ),
  page: words(
    'page pages p. pp.',
    'seite seiten s.',
    'página páginas pág. págs.',
    'pagina pagine pag.',
    "pagina's blz.",
    'страница странице страницы страницу стр. с.',
  ),
};

function words(...languages: string[]): string[] {
  return languages.flatMap((line) => line.split(' '));
}
