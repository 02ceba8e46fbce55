import { relative, resolve } from 'node:path';
import { MAX_CONFIG_TEXT_LENGTH, parseConfigText, parseConfigValue, describeIssues } from '../../src-shared/config';
import { StratumError } from '../../src-shared/errors';
import {
  retrievalConfigFileSchema,
  type ConfigEvaluation,
  type EvaluationProgress,
  type MetricSummary,
  type RetrievalConfigFile,
  type RetrieverKind,
  type SweepRow,
} from '../../src-shared/retrieval';
import { writeFileAtomic } from '../base/atomic-write';
import { describeFileSystemError } from '../base/file-system-error';
import { readInputFile } from '../base/input-file';
import { corpusIdOf, parseCorpus, type CorpusFile } from '../engine/evaluate/retrieval/chunk-corpus';
import { evaluateConfigs } from '../engine/evaluate/retrieval/evaluate-configs';
import { checkReferences, parseQuestionSet } from '../engine/evaluate/retrieval/question-set';
import { configLabel, parseSweepText } from '../engine/evaluate/retrieval/sweep';
import { compareWithCurve, iouChartSvg, recallChartSvg, sweepCsv, sweepRows } from '../engine/evaluate/retrieval/sweep-report';
import { apiKeyFromEnvironment } from '../engine/llm/create-llm-session';
import { defaultLlmCacheFolder } from '../engine/llm/disk-cache';
import { allParsers, parserForFile } from '../engine/parse/registry';
import { inputLimits } from '../engine/parse/limits';
import { retrievalServicesOf } from '../engine/retrieve/retrieval-services';
import { EXIT_OK, UsageError, type CliIo } from './cli-io';
import { collectInputs } from './inputs';
import { printableLine } from './printable';

export interface EvalCommand {
  questions: string;
  corpus: string;
  configFiles: string[];
  sweepFile?: string;
  retrievalConfigFile?: string;
  retriever?: RetrieverKind;
  k?: number;
  json?: string;
  csv?: string;
  chart?: string;
  iouChart?: string;
  /** The strategy whose configs form the curve the others are compared with (default fixed-characters). */
  baseline?: string;
}

/**
 * `stratum eval`: chunks a corpus under each configuration, retrieves the top k for every question of
 * a question set and prints chunkeval's metrics per configuration (and per corpus); writes the
 * results as JSON, the sweep's data as CSV and its charts as SVG on request. Progress goes to stderr.
 */
export async function runEvalCommand(command: EvalCommand, io: CliIo): Promise<number> {
  const configs = [
    ...(await Promise.all(command.configFiles.map(async (file) => parseConfigText(await readText(file, io.cwd), file)))),
    ...(command.sweepFile === undefined ? [] : parseSweepText(await readText(command.sweepFile, io.cwd), command.sweepFile)),
  ];
  if (configs.length === 0) throw new UsageError('eval needs --config <file> (one or more) or --sweep <file>');
  const retrieval = await retrievalConfig(command, io.cwd);
  const services = await retrievalServicesOf(
    retrieval,
    async (block, config) => apiKeyFromEnvironment(config, block),
    defaultLlmCacheFolder(),
  );
  const questions = parseQuestionSet(await readText(command.questions, io.cwd, 64 * MAX_CONFIG_TEXT_LENGTH), command.questions);
  const files = await corpusFiles(command.corpus, io);
  const signal = io.signal;
  io.stderr.write(
    `eval: ${questions.length} questions, ${files.length} documents, ${configs.length} configs, ${retrieval.retriever} top ${retrieval.k}\n`,
  );
  const corpus = await parseCorpus(files, signal);
  checkReferences(questions, corpus.sources, command.questions);
  const progress = new EvalProgress(io, configs);
  const evaluations = await evaluateConfigs({
    corpus,
    questions,
    configs,
    settings: retrieval,
    services,
    signal,
    onProgress: (update) => progress.update(update),
  });
  progress.finish();
  const rows = sweepRows(evaluations);
  io.stdout.write(resultTable(evaluations, rows));
  io.stdout.write(curveTable(rows, command.baseline ?? 'fixed-characters'));
  if (command.json !== undefined) await write(command.json, `${JSON.stringify(jsonResults(evaluations), null, 2)}\n`, io);
  if (command.csv !== undefined) await write(command.csv, sweepCsv(rows), io);
  if (command.chart !== undefined) await write(command.chart, recallChartSvg(rows, retrieval.k), io);
  if (command.iouChart !== undefined) await write(command.iouChart, iouChartSvg(rows, retrieval.k), io);
  return EXIT_OK;
}

async function readText(path: string, cwd: string, maxBytes = MAX_CONFIG_TEXT_LENGTH): Promise<string> {
  try {
    return new TextDecoder().decode(await readInputFile(resolve(cwd, path), maxBytes));
  } catch (error) {
    throw new UsageError(`${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function retrievalConfig(command: EvalCommand, cwd: string): Promise<RetrievalConfigFile> {
  const file = command.retrievalConfigFile;
  const value = file === undefined ? {} : (parseConfigValue(await readText(file, cwd), file) ?? {});
  const flags = { ...(command.retriever ? { retriever: command.retriever } : {}), ...(command.k ? { k: command.k } : {}) };
  const parsed = retrievalConfigFileSchema.safeParse({ ...(value as object), ...flags });
  if (!parsed.success) throw new StratumError('invalid-config', `${file ?? 'retrieval settings'}: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

/** The corpus: a file, or every supported file of a folder (recursively); each document's id is its file name without extension. */
async function corpusFiles(corpus: string, io: CliIo): Promise<CorpusFile[]> {
  const supported = allParsers().flatMap((parser) => parser.extensions);
  const collected = await collectInputs([corpus], io.cwd, supported);
  const problem = collected.problems[0];
  if (problem) throw new UsageError(`--corpus ${problem.displayPath}: ${problem.message}`);
  if (collected.files.length === 0) throw new UsageError(`--corpus ${corpus}: no document of a supported format in it`);
  const files: CorpusFile[] = [];
  const seen = new Map<string, string>();
  for (const file of collected.files) {
    parserForFile(file.absolutePath);
    const id = corpusIdOf(file.absolutePath);
    const other = seen.get(id);
    if (other !== undefined) throw new UsageError(`--corpus: ${other} and ${file.displayPath} both have the corpus id "${id}"`);
    seen.set(id, file.displayPath);
    const bytes = await readInputFile(file.absolutePath, inputLimits().maxFileBytes).catch((error: unknown) => {
      throw new StratumError('io', `${file.displayPath}: ${error instanceof Error ? error.message : String(error)}`);
    });
    files.push({ fileName: relative(resolve(io.cwd, corpus), file.absolutePath) || file.absolutePath, bytes });
  }
  return files;
}

async function write(path: string, text: string, io: CliIo): Promise<void> {
  await writeFileAtomic(resolve(io.cwd, path), text).catch((error: unknown) => {
    throw new StratumError('io', `${path}: ${describeFileSystemError(error)}`);
  });
  io.stderr.write(`eval: wrote ${path}\n`);
}

/** `--json`: a stable interface that outside checks read; metrics as fractions, configs in the order given. */
function jsonResults(evaluations: readonly ConfigEvaluation[]) {
  return {
    results: evaluations.map(({ config, result }) => ({
      config,
      retriever: result.retriever,
      k: result.k,
      chunks: result.chunks,
      mean_chunk_chars: result.meanChunkChars,
      ...spanFields(result.overall),
      per_corpus: Object.fromEntries(
        Object.entries(result.perCorpus).map(([corpusId, summary]) => [corpusId, { questions: summary.questions, ...spanFields(summary) }]),
      ),
    })),
  };
}

function spanFields(summary: MetricSummary) {
  return { recall: summary.recall, precision: summary.precision, iou: summary.iou, precision_omega: summary.precisionOmega };
}

const HEADER = ['config', 'chunks', 'mean chars', 'tokens read', 'recall', 'precision', 'IoU', 'prec-Ω', 'MRR', 'nDCG', 'front'];

/** The table on stdout: one row per configuration (percentages), its corpora indented below; `*` marks the Pareto front. */
function resultTable(evaluations: readonly ConfigEvaluation[], rows: readonly SweepRow[]): string {
  const lines: string[][] = [HEADER];
  for (const [index, { result }] of evaluations.entries()) {
    const row = rows[index]!;
    const front = [row.paretoRecall ? 'recall' : '', row.paretoIou ? 'IoU' : ''].filter(Boolean).join(',');
    lines.push([
      printableLine(row.label),
      String(result.chunks),
      result.meanChunkChars.toFixed(0),
      result.overall.tokensRead.toFixed(0),
      ...percentages(result.overall),
      front,
    ]);
    for (const [corpusId, summary] of Object.entries(result.perCorpus)) {
      lines.push([
        `  ${printableLine(corpusId)} (${summary.questions} q)`,
        '',
        '',
        summary.tokensRead.toFixed(0),
        ...percentages(summary),
        '',
      ]);
    }
  }
  const widths = HEADER.map((_, column) => Math.max(...lines.map((line) => line[column]!.length)));
  return lines
    .map((line) => line.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '))
    .map((line) => `${line.trimEnd()}\n`)
    .join('');
}

/** How far each config lies above the baseline strategy's curve, when the run has two baseline configs or more. */
function curveTable(rows: readonly SweepRow[], baseline: string): string {
  const comparisons = compareWithCurve(rows, baseline);
  if (comparisons.length === 0) return '';
  const width = Math.max(...comparisons.map((comparison) => comparison.label.length));
  const signed = (value: number) => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)}`.padStart(6);
  return (
    `\nAgainst the ${printableLine(baseline)} curve (points; recall at equal mean chunk size, IoU at equal recall):\n` +
    comparisons
      .map(
        ({ label, recallAtSize, iouAtRecall }) =>
          `${printableLine(label).padEnd(width)}  recall ${signed(recallAtSize)}  IoU ${signed(iouAtRecall)}\n`,
      )
      .join('')
  );
}

function percentages(summary: MetricSummary): string[] {
  return [summary.recall, summary.precision, summary.iou, summary.precisionOmega, summary.mrr, summary.ndcgAtK].map((value) =>
    (value * 100).toFixed(1),
  );
}

/** Progress on stderr: a redrawn line on a terminal, one line per finished configuration elsewhere. */
class EvalProgress {
  private drawn = false;
  private lastConfig = -1;

  constructor(
    private readonly io: CliIo,
    private readonly configs: readonly unknown[],
  ) {}

  update({ stage, done, total, config = 0 }: EvaluationProgress): void {
    const label = `config ${config + 1}/${this.configs.length} ${configLabel(this.configs[config])}`;
    if (!this.io.stderr.isTTY) {
      if (config !== this.lastConfig) this.io.stderr.write(`eval: ${printableLine(label)}\n`);
      this.lastConfig = config;
      return;
    }
    const line = printableLine(`${label}: ${stage} ${done}/${total}`).slice(0, Math.max((this.io.stderr.columns ?? 80) - 1, 10));
    this.io.stderr.write(`\r\u001b[2K${line}`);
    this.drawn = true;
  }

  finish(): void {
    if (this.drawn) this.io.stderr.write('\r\u001b[2K');
  }
}
