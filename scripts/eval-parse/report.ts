import type { F1Score } from '../../src-main/engine/evaluate/parse-metrics';
import { SEPARATOR, tableRowRenderer } from './text-table';
import { CHUNK_SIMILARITY_DEFINITION } from './chunk-similarity';
import type { ReferenceKind } from './corpus';
import { CHUNK_CONFIG, type DocumentScores } from './score-document';

interface OutcomeBase {
  format: string;
  fileName: string;
}

export type DocumentOutcome =
  | (OutcomeBase & { status: 'scored'; referenceKind: ReferenceKind; scores: DocumentScores; parseMs: number })
  | (OutcomeBase & { status: 'failed'; referenceKind: ReferenceKind; error: string })
  | (OutcomeBase & { status: 'skipped'; reason: string });

type MetricKey =
  | 'headings'
  | 'headingTexts'
  | 'listItems'
  | 'tableRecall'
  | 'tableCells'
  | 'spanCells'
  | 'pictureRecall'
  | 'coverageOfReference'
  | 'coverageOfCandidate'
  | 'wordOrder'
  | 'chunks';

interface MetricColumn {
  key: MetricKey;
  header: string;
  definition: string;
  /** null: the metric does not apply to the document (nothing of the kind on either side) */
  value(scores: DocumentScores): number | null;
}

/** An F1 applies when either side has items of the kind: spurious items score 0, none on both sides is no evidence. */
const f1IfAny = (score: F1Score): number | null => (score.reference + score.candidate > 0 ? score.f1 : null);

const METRIC_COLUMNS: readonly MetricColumn[] = [
  {
    key: 'headings',
    header: 'hd',
    definition: 'heading F1 over (level, text) pairs; a title counts as level 0',
    value: (s) => f1IfAny(s.headings),
  },
  { key: 'headingTexts', header: 'hd-txt', definition: 'heading F1 over heading texts only', value: (s) => f1IfAny(s.headingTexts) },
  { key: 'listItems', header: 'list', definition: 'list-item F1 over item texts', value: (s) => f1IfAny(s.listItems) },
  {
    key: 'tableRecall',
    header: 't-rec',
    definition: 'share of groundtruth tables found: one of our tables (one to one) holds at least half of its cell words',
    value: (s) => (s.tables.reference > 0 ? s.tables.recall : null),
  },
  { key: 'tableCells', header: 'cells', definition: 'table-cell F1 over non-empty cell texts', value: (s) => f1IfAny(s.tableCells) },
  {
    key: 'spanCells',
    header: 'spans',
    definition: 'F1 over table cells spanning several rows or columns, as (row span, column span, text)',
    value: (s) => f1IfAny(s.spanCells),
  },
  {
    key: 'pictureRecall',
    header: 'p-rec',
    definition: 'share of groundtruth pictures found: one of our pictures (one to one) on its page with box IoU >= 0.5',
    value: (s) => (s.pictures.reference > 0 ? s.pictures.recall : null),
  },
  {
    key: 'coverageOfReference',
    header: 'cov-gt',
    definition: 'share of the groundtruth body words (multiset) found in ours',
    value: (s) => s.coverageOfReference,
  },
  {
    key: 'coverageOfCandidate',
    header: 'cov-us',
    definition: 'share of our body words (multiset) found in the groundtruth',
    value: (s) => s.coverageOfCandidate,
  },
  {
    key: 'wordOrder',
    header: 'order',
    definition: 'reading order: 2*LCS/(n+m) of the body word sequences (table cells row by row)',
    value: (s) => s.wordOrder,
  },
  {
    key: 'chunks',
    header: 'chunks',
    definition: `hybrid chunks (${CHUNK_CONFIG.tokenizer}, maxTokens ${CHUNK_CONFIG.maxTokens}) of both IRs: ${CHUNK_SIMILARITY_DEFINITION}`,
    value: (s) => s.chunks.similarity,
  },
];

type Thresholds = Partial<Record<MetricKey, number>>;

const STRUCTURED_THRESHOLDS: Thresholds = { headings: 0.95, listItems: 0.9, coverageOfReference: 0.98, coverageOfCandidate: 0.98 };

/** Issue #14's bar for slide decks, workbooks and CSV files, whose Docling backends are rule-based. */
const RULE_BASED_THRESHOLDS: Thresholds = { headings: 0.95, tableCells: 0.95, coverageOfReference: 0.95, coverageOfCandidate: 0.95 };

/** Issue #3's quality bar per corpus folder; formats without an entry are reported without a verdict. */
const THRESHOLDS: Readonly<Record<string, Thresholds>> = {
  docx: STRUCTURED_THRESHOLDS,
  html: STRUCTURED_THRESHOLDS,
  md: STRUCTURED_THRESHOLDS,
  pdf: { headingTexts: 0.8, coverageOfReference: 0.95, coverageOfCandidate: 0.95, wordOrder: 0.9, tableRecall: 0.8 },
  pptx: RULE_BASED_THRESHOLDS,
  xlsx: RULE_BASED_THRESHOLDS,
  csv: RULE_BASED_THRESHOLDS,
};

interface ThresholdCheck {
  metric: MetricKey;
  minimum: number;
  /** null when no document of the format has the metric */
  mean: number | null;
  pass: boolean | null;
}

interface FormatSummary {
  format: string;
  scored: number;
  failed: number;
  /** macro averages over the scored documents the metric applies to */
  means: Record<MetricKey, number | null>;
  checks: ThresholdCheck[];
}

/** One summary per format that has evaluated documents (scored or failed), in order of first appearance. */
export function summarizeFormats(outcomes: readonly DocumentOutcome[]): FormatSummary[] {
  const formats = [...new Set(outcomes.filter((o) => o.status !== 'skipped').map((o) => o.format))];
  return formats.map((format) => {
    const ofFormat = outcomes.filter((o) => o.format === format);
    const scored = ofFormat.flatMap((o) => (o.status === 'scored' ? [o.scores] : []));
    const means = Object.fromEntries(METRIC_COLUMNS.map((column) => [column.key, mean(scored.map(column.value))])) as Record<
      MetricKey,
      number | null
    >;
    const checks = Object.entries(THRESHOLDS[format] ?? {}).map(([metric, minimum]): ThresholdCheck => {
      const value = means[metric as MetricKey];
      return { metric: metric as MetricKey, minimum, mean: value, pass: value === null ? null : value >= minimum };
    });
    return { format, scored: scored.length, failed: ofFormat.filter((o) => o.status === 'failed').length, means, checks };
  });
}

function mean(values: ReadonlyArray<number | null>): number | null {
  const present = values.filter((v): v is number => v !== null);
  return present.length === 0 ? null : present.reduce((sum, v) => sum + v, 0) / present.length;
}

export function formatHeader(corpusDir: string): string {
  const width = Math.max(...METRIC_COLUMNS.map((c) => c.header.length));
  return [
    `Parse quality against Docling's groundtruth, corpus ${corpusDir}`,
    'Texts compare as lower-cased letter/digit words (NFKC, typographic quotes folded); only the body layer counts.',
    ...METRIC_COLUMNS.map((c) => `  ${c.header.padEnd(width)}  ${c.definition}`),
    `  ${'tables'.padEnd(width)}  body tables ours/groundtruth; pics: body pictures ours/groundtruth; chk n: hybrid chunks with words ours/groundtruth; ms: our parse time`,
    "'-': not applicable (neither side has such items; t-rec: the groundtruth has no table). Means are macro averages over",
    'the scored documents a metric applies to; a failed parse is shown in its row and left out of the means.',
    'Reference: Docling JSON (or its YAML); for Markdown files that have only a Docling Markdown export (ref=md-export),',
    'that export parsed with our own Markdown parser, i.e. agreement with how Docling renders the document.',
  ].join('\n');
}

/** Aligned per-format tables: a row per document, then the mean, the thresholds and pass/FAIL. */
export function formatReport(outcomes: readonly DocumentOutcome[], summaries: readonly FormatSummary[]): string {
  const header = ['document', ...METRIC_COLUMNS.map((c) => c.header), 'tables', 'pics', 'chk n', 'ms', 'note'];
  const sections: string[][][] = summaries.map((summary) => {
    const rows = outcomes.flatMap((o) => (o.format === summary.format && o.status !== 'skipped' ? [documentRow(o)] : []));
    const thresholds = THRESHOLDS[summary.format] ?? {};
    const failedNote = summary.failed > 0 ? `${summary.failed} failed, not averaged` : '';
    const meanRow = [
      `${summary.format} mean (${summary.scored})`,
      ...METRIC_COLUMNS.map((c) => formatNumber(summary.means[c.key])),
      '',
      '',
      '',
      '',
      failedNote,
    ];
    const summaryRows = [meanRow];
    if (summary.checks.length > 0) {
      summaryRows.push([
        'target',
        ...METRIC_COLUMNS.map((c) => (thresholds[c.key] === undefined ? '' : `>=${thresholds[c.key]!.toFixed(2)}`)),
        '',
        '',
        '',
        '',
        '',
      ]);
      summaryRows.push([
        'verdict',
        ...METRIC_COLUMNS.map((c) => verdict(summary.checks.find((check) => check.metric === c.key))),
        '',
        '',
        '',
        '',
        overallVerdict(summary),
      ]);
    }
    return [...rows, SEPARATOR, ...summaryRows];
  });
  const render = tableRowRenderer(header, sections.flat(), 1);
  const blocks = summaries.map((summary, i) => [`## ${summary.format}`, render(header), ...sections[i]!.map(render)].join('\n'));
  return blocks.join('\n\n');
}

/** Formats without a parser, inputs without groundtruth and excluded folders. */
export function formatSkipped(outcomes: readonly DocumentOutcome[], excludedFolders: readonly string[]): string {
  const lines = outcomes.flatMap((o) => (o.status === 'skipped' ? [`  ${o.format}/${o.fileName}: ${o.reason}`] : []));
  lines.push(...excludedFolders.map((folder) => `  ${folder}/: excluded (robustness inputs; their groundtruth does not match them)`));
  return lines.length === 0 ? 'Skipped: none' : ['Skipped:', ...lines].join('\n');
}

function documentRow(outcome: Exclude<DocumentOutcome, { status: 'skipped' }>): string[] {
  const referenceNote =
    outcome.referenceKind === 'markdown-export' ? 'ref=md-export' : outcome.referenceKind === 'docling-yaml' ? 'ref=yaml' : '';
  if (outcome.status === 'failed') {
    return [
      outcome.fileName,
      ...METRIC_COLUMNS.map(() => ''),
      '',
      '',
      '',
      '',
      [`FAILED ${outcome.error}`, referenceNote].filter(Boolean).join('; '),
    ];
  }
  const { scores } = outcome;
  return [
    outcome.fileName,
    ...METRIC_COLUMNS.map((c) => formatNumber(c.value(scores))),
    `${scores.tables.candidate}/${scores.tables.reference}`,
    `${scores.pictures.candidate}/${scores.pictures.reference}`,
    `${scores.chunks.candidate}/${scores.chunks.reference}`,
    outcome.parseMs.toFixed(0),
    referenceNote,
  ];
}

function formatNumber(value: number | null): string {
  return value === null ? '-' : value.toFixed(3);
}

function verdict(check: ThresholdCheck | undefined): string {
  if (!check) return '';
  return check.pass === null ? 'n/a' : check.pass ? 'pass' : 'FAIL';
}

/** A failed parse is not in the means, so it is named here: the bar is not met while documents fail. */
function overallVerdict(summary: FormatSummary): string {
  const { checks } = summary;
  const missed = checks.filter((c) => c.pass === false).length;
  const measured = checks.filter((c) => c.pass !== null).length;
  const parts = [
    measured === 0
      ? 'nothing measured'
      : missed === 0
        ? `${measured} of ${checks.length} thresholds met`
        : `${missed} of ${checks.length} thresholds not met`,
  ];
  if (summary.failed > 0) parts.push(`${summary.failed} document(s) failed`);
  return parts.join('; ');
}

/** The numbers behind the report, for `--json`. */
export function reportJson(
  corpusDir: string,
  outcomes: readonly DocumentOutcome[],
  summaries: readonly FormatSummary[],
  excludedFolders: readonly string[],
): object {
  return {
    corpus: corpusDir,
    chunkConfig: CHUNK_CONFIG,
    metrics: Object.fromEntries(METRIC_COLUMNS.map((c) => [c.key, c.definition])),
    thresholds: THRESHOLDS,
    formats: summaries,
    documents: outcomes,
    excludedFolders,
  };
}
