import { PREFIX_SHARE } from '../../../src-main/engine/evaluate/outline/heading-match';
import { SEPARATOR, tableRowRenderer } from '../text-table';
import type { CorpusPart } from './outline-corpus';
import { DEFAULT_CHUNK_CONFIG, type DocumentFacts, type OutlineScores } from './evaluate-outline-document';

interface OutcomeBase {
  relativePath: string;
  part: CorpusPart;
}

export type OutlineOutcome =
  | (OutcomeBase & { status: 'scored'; facts: DocumentFacts; scores: OutlineScores })
  | (OutcomeBase & { status: 'no-outline'; facts: DocumentFacts })
  | (OutcomeBase & { status: 'failed'; error: string });

type ScoredOutcome = Extract<OutlineOutcome, { status: 'scored' }>;

type MetricKey =
  'recall' | 'precision' | 'levels' | 'layerInParse' | 'parseInLayer' | 'chunkCoverage' | 'layerInFurniture' | 'layerInPictures';

interface MetricColumn {
  key: MetricKey;
  header: string;
  definition: string;
  /** null: the metric does not apply to the document */
  value(scores: OutlineScores): number | null;
  /** says where words went rather than how good the parse is: no worst document */
  account?: true;
}

const METRIC_COLUMNS: readonly MetricColumn[] = [
  {
    key: 'recall',
    header: 'recall',
    definition: 'share of the outline entries that one of our headings matches',
    value: (s) => s.headings.recall,
  },
  {
    key: 'precision',
    header: 'prec',
    definition:
      'share of our headings no deeper than the deepest outline level they match that match an entry: with L the deepest of our ' +
      'levels (title 0, section header 1, 2, ...) that matched an entry, our headings of level <= L (all of them when none matched); ' +
      'headings below L are ones the outline is too shallow to judge',
    value: (s) => s.headings.precision,
  },
  {
    key: 'levels',
    header: 'levels',
    definition:
      'level agreement: over every two matched pairs, the share whose outline depths and our levels are ordered alike (deeper, ' +
      "shallower or equal on both sides; Kendall's concordance with ties as an order); '-' with fewer than two matches",
    value: (s) => s.headings.levelAgreement,
  },
  {
    key: 'layerInParse',
    header: 'cov-pdf',
    definition: "share of the text layer's words (pdftotext) that our parse read, in any layer (body, furniture, pictures, tables)",
    value: (s) => s.layerInParse,
  },
  { key: 'parseInLayer', header: 'cov-us', definition: "share of our parse's words that the text layer has", value: (s) => s.parseInLayer },
  {
    key: 'chunkCoverage',
    header: 'chunks',
    definition:
      "chunk coverage: share of the text layer's words that reach a chunk under the app's default config " +
      `(${DEFAULT_CHUNK_CONFIG.strategy}, ` +
      `${DEFAULT_CHUNK_CONFIG.tokenizer}, maxTokens ${DEFAULT_CHUNK_CONFIG.maxTokens}): chunk texts, and each heading of the heading ` +
      'paths once (a heading that reaches chunks only as their context counts)',
    value: (s) => s.chunkCoverage,
  },
  {
    key: 'layerInFurniture',
    header: 'furn',
    definition: "share of the text layer's words that our parse put in furniture (running headers, footers, page numbers: no chunk)",
    value: (s) => s.layerInFurniture,
    account: true,
  },
  {
    key: 'layerInPictures',
    header: 'pict',
    definition: "share of the text layer's words that our parse read as labels inside a picture (chunked after it by default)",
    value: (s) => s.layerInPictures,
    account: true,
  },
];

/** The bar of issue 10's acceptance, on the mean over documents; chunk coverage also has a floor for every document. */
const TARGETS: Partial<Record<MetricKey, number>> = { recall: 0.85, precision: 0.8, chunkCoverage: 0.98 };
const CHUNK_COVERAGE_FLOOR = 0.9;

export interface GroupSummary {
  /** a producer family, or `all` */
  group: string;
  scored: number;
  failed: number;
  means: Record<MetricKey, number | null>;
}

export interface WorstDocument {
  metric: MetricKey;
  relativePath: string;
  value: number;
}

/** A part of the corpus, or `all` of it (printed without its rows when both parts have documents). */
export type ReportPart = CorpusPart | 'all';

export interface PartSummary {
  part: ReportPart;
  families: GroupSummary[];
  overall: GroupSummary;
  worst: WorstDocument[];
  /** documents whose chunk coverage is under the per-document floor */
  belowChunkFloor: string[];
  failed: string[];
}

export function summarizePart(part: ReportPart, outcomes: readonly OutlineOutcome[]): PartSummary {
  const ofPart = outcomes.filter((o) => part === 'all' || o.part === part);
  const scored = ofPart.filter((o): o is ScoredOutcome => o.status === 'scored');
  const families = [...new Set(scored.map((o) => o.facts.family))].sort();
  const failed = ofPart.filter((o) => o.status === 'failed').map((o) => o.relativePath);
  return {
    part,
    families: families.map((family) =>
      groupSummary(
        family,
        scored.filter((o) => o.facts.family === family),
        0,
      ),
    ),
    overall: groupSummary('all', scored, failed.length),
    worst: METRIC_COLUMNS.filter((column) => !column.account).flatMap((column) => worstDocument(column, scored)),
    belowChunkFloor: scored.filter((o) => o.scores.chunkCoverage < CHUNK_COVERAGE_FLOOR).map((o) => o.relativePath),
    failed,
  };
}

function groupSummary(group: string, scored: readonly ScoredOutcome[], failed: number): GroupSummary {
  const means = Object.fromEntries(METRIC_COLUMNS.map((c) => [c.key, mean(scored.map((o) => c.value(o.scores)))])) as Record<
    MetricKey,
    number | null
  >;
  return { group, scored: scored.length, failed, means };
}

function worstDocument(column: MetricColumn, scored: readonly ScoredOutcome[]): WorstDocument[] {
  let worst: WorstDocument | null = null;
  for (const outcome of scored) {
    const value = column.value(outcome.scores);
    if (value !== null && (worst === null || value < worst.value))
      worst = { metric: column.key, relativePath: outcome.relativePath, value };
  }
  return worst ? [worst] : [];
}

function mean(values: ReadonlyArray<number | null>): number | null {
  const present = values.filter((v): v is number => v !== null);
  return present.length === 0 ? null : present.reduce((sum, v) => sum + v, 0) / present.length;
}

export function formatOutlineHeader(corpusDir: string): string {
  const width = Math.max(...METRIC_COLUMNS.map((c) => c.header.length), 'hd'.length);
  return [
    `Parse quality against each PDF's own outline and text layer, corpus ${corpusDir}`,
    'Matching: titles normalised (NFKC, case, quotes, punctuation and spaces, accents of Latin, Greek and Cyrillic letters, Persian',
    '"ۀ" read as heh and hamza above "هٔ", its other spelling, tatweel dropped; leading numbering such as 1.2.3, 1-1, A.1, IV.,',
    'Chapter 3, Appendix A, § A.1, 第II部, 附录 A and trailing dot leaders with page numbers stripped; an outline',
    `title's text after a label of up to three words and a colon counts too); a heading matches an entry on the same or an adjacent page`,
    `(any page when the entry has none) when the texts are equal or one is a word-boundary prefix of the other holding >= ${PREFIX_SHARE}`,
    'of the longer (spaces do not count for equality, and a leading one-letter word, an appendix letter, may be missing on',
    'one side; an outline title ending in an ellipsis, cut short by its author, matches by the words before it); in an outline with right-to-left titles, a title also matches a heading of the same letters and digits in another',
    'order (Chromium writes such outlines in visual order); one to one, in outline order, equal texts first, then prefixes, then',
    'reordered, then the nearest page.',
    'Words: NFKC, lower-cased letter/digit runs (zero-width joiners dropped), Han and kana one character each, combining marks',
    'standing alone (a vowel sign set apart from its letter) no word; coverage counts words as multisets. Thai, Lao, Khmer,',
    'Myanmar and the Tai scripts (line-breaking class SA: no spaces between words) count each letter with the marks after',
    "it as one: pdftotext cuts their words where a cluster's marks stand out past its letter, or moves a tone mark on.",
    'Letters: a document under the chunk coverage floor is named with the same share counted in letters and digits (combining',
    'marks dropped). Where the words fall short and the letters do not, the text layer splits words that our text keeps whole:',
    'pdftotext sets apart a vowel mark drawn raised or lowered from its letter and cuts fully vocalised Arabic there.',
    ...METRIC_COLUMNS.map((c) => `  ${c.header.padEnd(width)}  ${c.definition}`),
    `  ${'hd'.padEnd(width)}  matched / outline entries / our headings in precision's scope`,
    `  ${'L'.padEnd(width)}  the deepest of our levels that matched; depth: the outline's depth; s: our parse time`,
    'Family: the Producer (else the Creator) mapped to the program that wrote the PDF. Means are over documents; a failed',
    "document is a row with its error, left out of the means and named below. Held-out: files whose name's SHA-256 starts below 0x40.",
  ].join('\n');
}

/**
 * A table per part: a row per document, the family means, the overall mean against the targets, the
 * worst documents; `all` repeats no rows.
 */
export function formatOutlineReport(outcomes: readonly OutlineOutcome[], summaries: readonly PartSummary[]): string {
  return summaries
    .map((summary) =>
      formatPart(
        outcomes.filter((o) => summary.part === 'all' || o.part === summary.part),
        summary,
      ),
    )
    .join('\n\n');
}

function formatPart(outcomes: readonly OutlineOutcome[], summary: PartSummary): string {
  const header = ['document', 'family', 'pages', ...METRIC_COLUMNS.map((c) => c.header), 'hd', 'L', 'depth', 's', 'note'];
  const padding = (count: number): string[] => Array.from({ length: count }, () => '');
  const documentRows = summary.part === 'all' ? [] : outcomes.filter((o) => o.status !== 'no-outline').map(documentRow);
  const familyRows = summary.families.map((g) => [
    `${g.group} (${g.scored})`,
    '',
    '',
    ...METRIC_COLUMNS.map((c) => formatNumber(g.means[c.key])),
    ...padding(5),
  ]);
  const { overall } = summary;
  const overallRow = [`mean (${overall.scored})`, '', '', ...METRIC_COLUMNS.map((c) => formatNumber(overall.means[c.key])), ...padding(4)];
  overallRow.push(overall.failed > 0 ? `${overall.failed} failed, not averaged` : '');
  const targetRow = [
    'target',
    '',
    '',
    ...METRIC_COLUMNS.map((c) => (TARGETS[c.key] === undefined ? '' : `>=${TARGETS[c.key]!.toFixed(2)}`)),
    ...padding(5),
  ];
  const verdictRow = ['verdict', '', '', ...METRIC_COLUMNS.map((c) => verdict(TARGETS[c.key], overall.means[c.key])), ...padding(5)];
  const rows = [
    ...documentRows,
    ...(documentRows.length > 0 ? [SEPARATOR] : []),
    ...familyRows,
    SEPARATOR,
    overallRow,
    targetRow,
    verdictRow,
  ];
  const table = renderTable(header, rows);
  const worst = summary.worst.map((w) => `  ${w.metric.padEnd(13)} ${formatNumber(w.value)}  ${w.relativePath}`);
  const floor =
    summary.belowChunkFloor.length === 0
      ? `Every document's chunk coverage is >= ${CHUNK_COVERAGE_FLOOR}.`
      : `Chunk coverage under ${CHUNK_COVERAGE_FLOOR} (in letters): ${summary.belowChunkFloor.map((path) => withLetters(path, outcomes)).join(', ')}`;
  const failed = summary.failed.length === 0 ? 'No document failed.' : `Failed: ${summary.failed.join(', ')}`;
  return [`## ${summary.part} (${outcomes.length} PDFs)`, table, '', 'Worst document per metric:', ...worst, floor, failed].join('\n');
}

function withLetters(relativePath: string, outcomes: readonly OutlineOutcome[]): string {
  const outcome = outcomes.find((o) => o.relativePath === relativePath);
  return outcome?.status === 'scored' ? `${relativePath} (${formatNumber(outcome.scores.chunkLetterCoverage)})` : relativePath;
}

function documentRow(outcome: OutlineOutcome): string[] {
  const blanks = METRIC_COLUMNS.map(() => '');
  if (outcome.status === 'failed') return [outcome.relativePath, '', '', ...blanks, '', '', '', '', `FAILED ${outcome.error}`];
  if (outcome.status === 'no-outline')
    return [outcome.relativePath, outcome.facts.family, String(outcome.facts.pages), ...blanks, '', '', '', '', ''];
  const { facts, scores } = outcome;
  const { headings } = scores;
  return [
    outcome.relativePath,
    facts.family,
    String(facts.pages),
    ...METRIC_COLUMNS.map((c) => formatNumber(c.value(scores))),
    `${headings.matched}/${headings.outlineEntries}/${headings.headingsInScope}`,
    headings.deepestMatchedLevel === null ? '-' : String(headings.deepestMatchedLevel),
    String(facts.outlineDepth),
    (scores.parseMs / 1000).toFixed(1),
    facts.producer ?? '',
  ];
}

/** PDFs without an outline have nothing to be scored against; they are listed, not averaged. */
export function formatWithoutOutline(outcomes: readonly OutlineOutcome[]): string {
  const lines = outcomes.flatMap((o) => (o.status === 'no-outline' ? [`  ${o.relativePath} (${o.facts.family})`] : []));
  return lines.length === 0 ? 'Every PDF has an outline.' : ['Without an outline (not scored):', ...lines].join('\n');
}

function renderTable(header: string[], rows: readonly string[][]): string {
  const render = tableRowRenderer(header, rows, 2);
  return [render(header), ...rows.map(render)].join('\n');
}

function formatNumber(value: number | null): string {
  return value === null ? '-' : value.toFixed(3);
}

function verdict(target: number | undefined, value: number | null): string {
  if (target === undefined) return '';
  return value === null ? 'n/a' : value >= target ? 'pass' : 'FAIL';
}

/** The numbers behind the report, for `--json`. */
export function outlineReportJson(corpusDir: string, outcomes: readonly OutlineOutcome[], summaries: readonly PartSummary[]): object {
  return {
    corpus: corpusDir,
    chunkConfig: DEFAULT_CHUNK_CONFIG,
    metrics: Object.fromEntries(METRIC_COLUMNS.map((c) => [c.key, c.definition])),
    targets: { ...TARGETS, chunkCoverageFloor: CHUNK_COVERAGE_FLOOR },
    parts: summaries,
    documents: outcomes,
  };
}
