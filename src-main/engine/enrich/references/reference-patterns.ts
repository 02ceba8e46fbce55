import { CUE_WORDS, REFERENCE_KINDS, type ReferenceKind } from './reference-kinds';
import { CHINESE_NUMBER, DIGIT, LABEL_END, LETTER, NUMBER, PARENTHESISED, ROMAN } from './reference-labels';

/**
 * What finds references: a word that names a kind (in any of the languages), looked up word by
 * word, then its label right after it; Chinese and Japanese words by patterns. Built once; every
 * repetition is bounded, so a scan costs time linear in the text.
 */

/** Between a word and its label: a space, or nothing after an abbreviation's dot, `§`, or before a digit. */
const CUE_LABEL_GAP = `(?:[\\s\\u00a0]{1,3}|(?<=[.§])|(?=${DIGIT}))`;

/** Arabic stems by kind, with the conjunction, preposition and article that attach to them (وبالجدول, للشكل). */
const ARABIC_STEMS: Readonly<Record<ReferenceKind, string>> = {
  section: 'قسم|أقسام|فقرة',
  chapter: 'فصل|باب',
  appendix: 'ملحق|ملاحق',
  table: 'جدول|جداول',
  figure: 'شكل|أشكال',
  equation: 'معادلة|معادلات',
  page: 'صفحة|صفحات',
};
const ARABIC_PREFIX = '[وف]?[بكل]?(?:ال|لل)?';

/**
 * Chinese and Japanese names written before the label ("表 2", "图3", "附录 A", "公式 (3)"). A
 * character that makes a word with 表 or 图 before it ("列表", "地图") is no reference.
 */
const HAN_CUES: Partial<Record<ReferenceKind, string>> = {
  table: '(?<![列代发發报報图圖时時课課价價仪儀手钟鐘电電外])表',
  figure: '(?<![地插附草构構蓝藍视視试試意企])[图圖図]',
  appendix: '附录|附錄|付録',
  equation: `公式|方程|式(?=\\s?[(\\uff08])`,
};

const LABELS: Readonly<Record<ReferenceKind, string>> = {
  section: `${NUMBER}|${ROMAN}|${LETTER}`,
  chapter: `${NUMBER}|${ROMAN}|${LETTER}`,
  appendix: `${NUMBER}|${ROMAN}|${LETTER}`,
  table: `${NUMBER}[a-z]?|${ROMAN}|${LETTER}`,
  figure: `${NUMBER}[a-z]?|${ROMAN}|${LETTER}`,
  equation: `${PARENTHESISED}|${NUMBER}[a-z]?`,
  page: `${DIGIT}{1,5}`,
};

/** Chinese "第 3 章", "第十二章", "第 12 页": the label inside, the kind after it. */
const CHINESE_ORDINAL_KINDS: Readonly<Record<string, ReferenceKind>> = {
  章: 'chapter',
  节: 'section',
  節: 'section',
  部分: 'section',
  篇: 'section',
  条: 'section',
  條: 'section',
  页: 'page',
  頁: 'page',
};

/** The cue words of `kind` in lower case, capitalised and upper case. */
function cueSpellings(kind: ReferenceKind): string[] {
  return CUE_WORDS[kind].flatMap((word) => [word, word.charAt(0).toUpperCase() + word.slice(1), word.toUpperCase()]);
}

/** A word that may name a kind: a run of Latin, Cyrillic or Arabic letters (or `§`), with an abbreviation's dot. */
export const CUE_WORD = /[A-Za-z\u00c0-\u024f\u0400-\u04ff\u0621-\u064a§]+(?:'s)?\.?/gu;

const cueKinds = new Map<string, ReferenceKind>(
  REFERENCE_KINDS.flatMap((kind) => cueSpellings(kind).map((spelling) => [spelling, kind] as const)),
);
const ARABIC_CUE = new RegExp(`^${ARABIC_PREFIX}(${Object.values(ARABIC_STEMS).join('|')})$|^ص\\.?$`, 'u');
const arabicStemKinds = new Map<string, ReferenceKind>(
  REFERENCE_KINDS.flatMap((kind) => ARABIC_STEMS[kind].split('|').map((stem) => [stem, kind] as const)),
);

/** The kind a word names and how much of the word names it ("Section." names a section with "Section"), if it names one. */
export function cueOf(word: string): { kind: ReferenceKind; length: number } | undefined {
  for (const candidate of word.endsWith('.') ? [word, word.slice(0, -1)] : [word]) {
    const kind = cueKinds.get(candidate);
    if (kind) return { kind, length: candidate.length };
    const arabic = ARABIC_CUE.exec(candidate);
    if (arabic) return { kind: arabic[1] === undefined ? 'page' : arabicStemKinds.get(arabic[1])!, length: candidate.length };
  }
  return undefined;
}

/** Per kind, right after its word: the label (group 1). */
export const LABEL_AFTER_CUE = Object.fromEntries(
  REFERENCE_KINDS.map((kind) => [kind, new RegExp(`${CUE_LABEL_GAP}(${LABELS[kind]})${LABEL_END}`, 'uy')]),
) as Record<ReferenceKind, RegExp>;

/** Right after a section's, chapter's or appendix's word: a quoted title (group 1), `see Section “Getting started”`. */
export const TITLE_AFTER_CUE = /[\s\u00a0]{1,3}[“"«„‘「『]\s?([^”"»“‘’「」『』\n]{2,120}?)\s?[”"»’」』]/uy;

export interface KindPattern {
  kind: ReferenceKind;
  /** Group 1: the label. */
  pattern: RegExp;
}

/** Chinese and Japanese words and their labels, which no space sets apart from the text around them. Group 1: the label. */
export const HAN_PATTERNS: readonly KindPattern[] = REFERENCE_KINDS.flatMap((kind) => {
  const cue = HAN_CUES[kind];
  return cue ? [{ kind, pattern: new RegExp(`(?:${cue})${CUE_LABEL_GAP}(${LABELS[kind]})${LABEL_END}`, 'gu') }] : [];
});

/** Group 1: the label; group 2: the word after it, which names the kind. */
export const CHINESE_ORDINAL_PATTERN = new RegExp(
  `第[\\s\\u00a0]{0,2}(${NUMBER}|${CHINESE_NUMBER})[\\s\\u00a0]{0,2}(${Object.keys(CHINESE_ORDINAL_KINDS).join('|')})`,
  'gu',
);

export function chineseOrdinalKind(word: string): ReferenceKind {
  return CHINESE_ORDINAL_KINDS[word] ?? 'section';
}

/** Chinese "3.2 节" (section 3.2) without 第. Group 1: the label. */
export const CHINESE_SECTION_PATTERN = new RegExp(`(?<![\\p{N}.])(${NUMBER})[\\s\\u00a0]{0,2}[节節]`, 'gu');

/** What joins the labels of one reference: "Tables 2 and 3", "pp. 12–14", "Eqs. (3), (4) y (5)", "表 2 和 3". */
export const LABEL_JOINER =
  '(?:[\\s\\u00a0]{0,2}(?:[,;&/~\\uff5e\\u3001]|[-\\u2010-\\u2014])[\\s\\u00a0]{0,2}' +
  '|[\\s\\u00a0]{1,2}(?:and|or|to|through|et|ou|à|und|oder|bis|y|o|a|al|e|en|of|tot|t/m|и|или|по|و|أو)[\\s\\u00a0]{1,2}' +
  '|[\\s\\u00a0]{0,2}[和及与與至到][\\s\\u00a0]{0,2})';
