import { existsSync } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { MAX_CONFIG_TEXT_LENGTH, type ConfigFile } from '../../src-shared/config';
import { isStratumError } from '../../src-shared/errors';
import { writeFileAtomic } from '../base/atomic-write';
import { describeFileSystemError } from '../base/file-system-error';
import { readInputFile } from '../base/input-file';
import { inputLimits } from '../engine/parse/limits';
import type { OcrMode, XlsxValues } from '../engine/parse/parser';
import { allParsers } from '../engine/parse/registry';
import { resolveChunkingConfig } from '../engine/pipeline-config';
import { OUTPUT_EXTENSIONS, type OutputFormat } from '../../src-shared/export-options';
import {
  collectBatchInputs,
  runChunkJob,
  type ArtifactOptions,
  type BatchInputs,
  type ChunkJob,
  type ChunkJobResult,
} from '../engine/pipeline-job';
import type { EnrichmentOptions, LlmRunReport } from '../engine/enrich/enrich-chunks';
import { apiKeyFromEnvironment } from '../engine/llm/create-llm-session';
import { defaultLlmCacheFolder } from '../engine/llm/disk-cache';
import { estimateLine, totalOf, usageLine } from './llm-report-lines';
import { resolveEnrichmentSteps } from '../engine/enrich/resolve-steps';
import { mergeBatchStatistics, type BatchTermStatistics } from '../engine/enrich/terms/term-statistics';
import { relateBatch, type CrossDocumentInput } from '../engine/enrich/cross-doc/cross-document-batch';
import type { CrossDocOptions } from '../engine/enrich/cross-doc/cross-doc-options';
import type { BatchDocument } from '../engine/enrich/cross-doc/related-chunks';
import { createEmbeddingSession, type EmbeddingAccess, type EmbeddingUsage } from '../engine/llm/embeddings';
import { enrichmentSettingsOf, parsePipelineConfigText } from '../../src-shared/pipeline-config';
import type { HandEdit } from '../../src-shared/hand-edits';
import { failOnStrayRejection } from '../engine/worker/stray-rejections';
import { EngineWorkerPool } from '../engine/worker/worker-pool';
import { EXIT_FILE_FAILED, EXIT_OK, EXIT_STOPPED, UsageError, type CliIo } from './cli-io';
import { version } from '../../package.json';
import { configFingerprint, contentHash } from './batch/config-fingerprint';
import { ManifestWriter, manifestName, readManifests, type ManifestEntry } from './batch/run-manifest';
import { inShard, type Shard } from './batch/shard';
import { errorLine, noteLine } from './report-lines';
import { readOcrJsonFlag } from './ocr-json-flag';
import { collectInputs, endsWithSeparator, planOutputPaths, type InputFile } from './inputs';
import { refuseOutputsOntoInputs } from './output-guard';
import { ProgressBar } from './progress-bar';

export interface ChunkCommand {
  inputs: string[];
  output?: string;
  configFile?: string;
  /** `--pipeline-config`: a chunk config under `chunker:` and the enrichment steps to run after chunking. */
  pipelineConfigFile?: string;
  /** Flags that override the config file's values. */
  overrides: ConfigFile;
  format: OutputFormat;
  /** Canonical and JSONL output: whether chunks carry `contextualized_text` (`--no-contextualized-text`). */
  contextualizedText: boolean;
  /** Worker threads; undefined: one per core, at most one per file. */
  workers?: number;
  password?: string;
  /** Scanned PDF pages: built-in OCR (`auto`) or none (`--no-ocr`). */
  ocr: OcrMode;
  /** `--ocr-json <file>`: OCR-JSON for the scanned pages of the one input PDF. */
  ocrJson?: string;
  /** `--xlsx-values`: XLSX cells as Docling reads them (default) or as the sheet formats them. */
  xlsxValues?: XlsxValues;
  progress: boolean;
  /** Write pictures (PNG) and tables (Markdown) into this folder (relative to the working folder). */
  artifacts?: { folder: string; imageDpi: number };
  /** `--estimate`: only print what the LLM steps would ask (tokens, cost); nothing is sent or written. */
  estimateOnly?: boolean;
  /** `--shard i/n`: only the inputs whose path hashes to shard i of n. */
  shard?: Shard;
  /** `--resume`: skip inputs the output folder's manifests list as done with the same input and settings. */
  resume?: boolean;
  /** `--fail-fast`: start no more inputs after the first one that fails. */
  failFast?: boolean;
  /** `--manifest`: write the output folder's manifest (implied by `--shard` and `--resume`). */
  manifest?: boolean;
}

/** Where the results go: stdout (one input, no -o), one file, or a folder. */
type Destination = { kind: 'stdout' } | { kind: 'file'; path: string } | { kind: 'folder'; root: string; paths: Map<InputFile, string> };

export async function runChunkCommand(command: ChunkCommand, io: CliIo): Promise<number> {
  const { config, enrich, embedding, edits } = await loadConfig(command, io.cwd);
  // Fails fast, before any file is read, when the config or a flag is wrong.
  resolveChunkingConfig(config);
  const steps = resolveEnrichmentSteps(enrich?.steps ?? [], { hasLlm: enrich?.llm !== undefined });
  const crossDoc = steps.find(({ step }) => step.name === CROSS_DOC_STEP)?.options as CrossDocOptions | undefined;
  if (crossDoc?.method === 'dense' && !embedding) throw new UsageError('enrich.cross-doc: method dense needs an embedding: block');
  if (enrich && enrich.steps.length > 0 && command.format === 'docling') {
    throw new UsageError('enrichment steps go with --format canonical or jsonl');
  }
  if (command.estimateOnly && !enrich?.llm) throw new UsageError('--estimate goes with a --pipeline-config that has an llm: block');
  if ((command.shard || command.resume) && enrich && dependsOnBatch(enrich)) {
    // keywords and cross-doc weigh every document of the batch: a part of it would give other results
    throw new UsageError('--shard and --resume do not go with the keywords or cross-doc steps, which weigh the whole batch');
  }

  const outputPath = command.output === undefined ? undefined : resolve(io.cwd, command.output);
  const artifactsPath = command.artifacts === undefined ? undefined : resolve(io.cwd, command.artifacts.folder);
  const supported = allParsers().flatMap((parser) => parser.extensions);
  const written = [outputPath, artifactsPath].filter((path) => path !== undefined);
  const collected = await collectInputs(command.inputs, io.cwd, supported, written);
  const found = collected.files.length;
  const shard = command.shard;
  if (shard) collected.files = collected.files.filter((file) => inShard(file.displayPath, shard));
  const destination = await destinationOf(command, collected.files, collected.hasFolder, outputPath);
  if ((command.resume || shard || command.manifest) && destination.kind !== 'folder') {
    throw new UsageError('--shard, --resume and --manifest need -o <folder>');
  }
  if (command.ocrJson !== undefined && collected.files.length > 1) throw new UsageError('--ocr-json goes with one input file');
  const givenFiles = [command.configFile, command.pipelineConfigFile, command.ocrJson].filter((path) => path !== undefined);
  await refuseOutputsOntoInputs(
    [
      ...collected.files.map((file) => ({ path: file.absolutePath, displayPath: file.displayPath })),
      ...givenFiles.map((path) => ({ path: resolve(io.cwd, path), displayPath: path })),
    ],
    plannedOutputs(destination),
  );
  const ocrJson = await readOcrJsonFlag(command.ocrJson, io.cwd);

  let failures = collected.problems.length;
  for (const problem of collected.problems) io.stderr.write(errorLine(problem.displayPath, problem.message));
  if (found === 0 && failures === 0) {
    io.stderr.write(`error: no supported files found (supported: ${supported.join(', ')})\n`);
    return EXIT_FILE_FAILED;
  }
  const bar = command.progress || io.stderr.isTTY ? new ProgressBar(io.stderr, collected.files.length) : undefined;
  const print = (line: string) => {
    if (bar) bar.printAbove(line.trimEnd());
    else io.stderr.write(line);
  };
  const settings = configFingerprint({
    version,
    config,
    format: command.format,
    contextualizedText: command.contextualizedText,
    ocr: command.ocr,
    xlsxValues: command.xlsxValues,
    imageDpi: command.artifacts?.imageDpi,
    enrich: enrich?.steps,
    edits,
  });
  const manifest = await manifestFor(command, destination, settings);
  let stopped = false;
  const report = (file: InputFile, message: string) => {
    failures++;
    if (command.failFast) stopped = true;
    print(errorLine(file.displayPath, message));
  };
  const artifactsFor = artifactPlanner(command, collected.files, io.cwd);

  const workerCount = command.workers ?? Math.min(availableParallelism(), collected.files.length);
  const pool = workerCount > 1 ? new EngineWorkerPool(workerCount) : undefined;
  // in-process, one file at a time: a stray failure of the parser is that file's error
  const run = (job: ChunkJob): Promise<ChunkJobResult> => (pool ? pool.run(job) : failOnStrayRejection(() => runChunkJob(job)));
  const jobFor = async (file: InputFile, bytes: Uint8Array): Promise<ChunkJob> => {
    const { format, password, ocr, xlsxValues, contextualizedText } = command;
    const documentFolder = dirname(file.absolutePath);
    const fileName = basename(file.absolutePath);
    const artifacts = artifactsFor(file);
    return { fileName, bytes, config, format, password, ocr, ocrJson, xlsxValues, documentFolder, artifacts, contextualizedText, edits };
  };
  const lanes = Math.max(workerCount, 1);
  const failed = new Set<InputFile>();
  const llmReports: LlmRunReport[] = [];
  const reportLlm = (file: InputFile, report: LlmRunReport | undefined) => {
    if (!report) return;
    llmReports.push(report);
    print(estimateLine(file.displayPath, report.estimate));
    if (report.usage) print(usageLine(file.displayPath, report.usage));
  };
  try {
    let batch: BatchTermStatistics | undefined;
    let crossDocument: Map<InputFile, CrossDocumentInput> | undefined;
    if (enrich && dependsOnBatch(enrich) && collected.files.length > 1) {
      // Keywords weighed against the batch and cross-document relations need every document: a first pass chunks them all.
      const inputs = new Map<InputFile, BatchInputs>();
      await forEachConcurrently(collected.files, lanes, async (file) => {
        try {
          const job = { ...(await jobFor(file, await readInput(file))), enrich };
          inputs.set(file, await (pool ? pool.collectBatchInputs(job) : failOnStrayRejection(() => collectBatchInputs(job))));
        } catch (error) {
          failed.add(file);
          report(file, isStratumError(error) ? error.message : describeFileSystemError(error));
          bar?.advance(file.displayPath);
        }
      });
      // in the order of the inputs, whatever order the workers finished in
      const ordered = collected.files.filter((file) => inputs.has(file)).map((file) => [file, inputs.get(file)!] as const);
      inputs.clear();
      const terms = ordered.flatMap(([, input]) => (input.terms ? [input.terms] : []));
      if (terms.length > 0) batch = mergeBatchStatistics(terms);
      if (crossDoc) {
        // --estimate sends nothing: the estimate relates by BM25 alone
        const relating = command.estimateOnly ? { options: { ...crossDoc, method: 'bm25' as const } } : { options: crossDoc, embedding };
        crossDocument = await relateDocuments(ordered, relating.options, relating.embedding, print);
      }
    } else if (crossDoc) {
      print(noteLine(collected.files[0]?.displayPath ?? 'cross-doc', 'cross-doc relates the documents of a batch: skipped for one file'));
    }
    const pending = collected.files.filter((file) => !failed.has(file));
    await forEachConcurrently(pending, lanes, async (file) => {
      if (stopped) return;
      const started = performance.now();
      let hash: string | null = null;
      try {
        const bytes = await readInput(file);
        hash = contentHash(bytes);
        if (manifest?.isDone(file, hash)) {
          bar?.advance(file.displayPath);
          return;
        }
        const shared = { batch, crossDocument: crossDocument?.get(file) };
        const job = { ...(await jobFor(file, bytes)), ...(enrich ? { enrich: { ...enrich, ...shared } } : {}) };
        const result = await run(job);
        if (!command.estimateOnly) await writeResult(result.output, file, destination, io);
        for (const note of result.notes ?? []) print(noteLine(file.displayPath, note));
        reportLlm(file, result.llm);
        await manifest?.record(file, { hash, status: 'ok', chunks: result.chunkCount, error: null }, started);
      } catch (error) {
        const message = isStratumError(error) ? error.message : describeFileSystemError(error);
        report(file, message);
        await manifest?.record(file, { hash, status: 'failed', chunks: null, error: message }, started);
      }
      bar?.advance(file.displayPath);
    });
  } finally {
    bar?.finish();
    await pool?.close();
  }
  const total = llmReports.length > 1 ? totalOf(llmReports) : undefined;
  if (total) {
    io.stderr.write(estimateLine('total', total.estimate));
    if (total.usage) io.stderr.write(usageLine('total', total.usage));
  }
  if (stopped) {
    io.stderr.write('stopped: --fail-fast after the first failed file; the inputs not yet started were not run\n');
    return EXIT_STOPPED;
  }
  return failures > 0 ? EXIT_FILE_FAILED : EXIT_OK;
}

function readInput(file: InputFile): Promise<Uint8Array> {
  return readInputFile(file.absolutePath, inputLimits().maxFileBytes);
}

interface RunManifest {
  /** Whether `--resume` may skip the input: a manifest lists it done, from the same bytes and settings, and its output is there. */
  isDone(file: InputFile, hash: string): boolean;
  record(file: InputFile, outcome: Pick<ManifestEntry, 'hash' | 'status' | 'chunks' | 'error'>, started: number): Promise<void>;
}

/**
 * The run's manifest in the output folder (none when the output goes to stdout or one file). A new
 * run starts it afresh; `--resume` appends, and reads what every earlier run and shard recorded.
 */
async function manifestFor(command: ChunkCommand, destination: Destination, settings: string): Promise<RunManifest | undefined> {
  const wanted = command.manifest || command.resume || command.shard !== undefined;
  if (!wanted || destination.kind !== 'folder' || command.estimateOnly) return undefined;
  const folder = resolve(destination.root);
  const path = join(folder, manifestName(command.shard));
  await mkdir(folder, { recursive: true });
  const done = command.resume ? await readManifests(folder) : new Map<string, ManifestEntry>();
  if (!command.resume) await writeFile(path, '');
  const writer = new ManifestWriter(path);
  const outputOf = (file: InputFile) => {
    const output = destination.paths.get(file);
    return output === undefined ? null : relative(folder, output).split(sep).join('/');
  };
  return {
    isDone: (file, hash) => {
      const entry = done.get(file.displayPath);
      const output = destination.paths.get(file);
      return (
        entry?.status === 'ok' &&
        entry.hash === hash &&
        entry.config === settings &&
        output !== undefined &&
        entry.output === outputOf(file) &&
        existsSync(output)
      );
    },
    record: (file, outcome, started) =>
      writer.append({
        input: file.displayPath,
        config: settings,
        output: outcome.status === 'ok' ? outputOf(file) : null,
        seconds: Math.round(performance.now() - started) / 1000,
        ...outcome,
      }),
  };
}

/**
 * Where each input's artifacts go: the artifacts folder with the input's subfolders mirrored, the
 * `{doc_stem}` being the input's stem unless two inputs there share it (then its full name).
 */
function artifactPlanner(
  command: ChunkCommand,
  files: readonly InputFile[],
  cwd: string,
): (file: InputFile) => ArtifactOptions | undefined {
  const options = command.artifacts;
  if (!options) return () => undefined;
  const paths = planOutputPaths(files, resolve(cwd, options.folder), '');
  return (file) => {
    const path = paths.get(file);
    return path === undefined ? undefined : { folder: dirname(path), stem: basename(path), imageDpi: options.imageDpi };
  };
}

const CROSS_DOC_STEP = 'cross-doc';

/** Steps whose results depend on the other documents of a batch. */
function dependsOnBatch(enrich: EnrichmentOptions): boolean {
  return enrich.steps.some((step) => step.name === 'keywords' || step.name === CROSS_DOC_STEP);
}

/**
 * The batch phase of `cross-doc`, once every document is chunked: their chunks related (embedded
 * first with an `embedding:` block), each file given its share. Only the texts are held meanwhile,
 * and dropped once related.
 */
async function relateDocuments(
  inputs: ReadonlyArray<readonly [InputFile, BatchInputs]>,
  options: CrossDocOptions,
  embedding: EmbeddingAccess | undefined,
  print: (line: string) => void,
): Promise<Map<InputFile, CrossDocumentInput> | undefined> {
  const related = inputs.filter(([, input]) => input.document !== undefined);
  if (related.length < 2) return undefined;
  const documents: BatchDocument[] = related.map(([, input]) => input.document!);
  const session = embedding && options.method !== 'bm25' ? createEmbeddingSession(embedding) : undefined;
  const shares = await relateBatch(documents, options, session);
  if (session) print(embeddingLine(session.usage()));
  return new Map(related.map(([file], index) => [file, shares[index]!]));
}

function embeddingLine({ model, requests, diskCacheHits, texts, inputTokens }: EmbeddingUsage): string {
  const count = (value: number) => value.toLocaleString('en-US');
  return (
    `embedding: ${count(texts)} texts embedded in ${count(requests)} requests to ${model} ` +
    `(${count(diskCacheHits)} more from the disk cache), ${count(inputTokens)} input tokens\n`
  );
}

async function loadConfig(
  command: ChunkCommand,
  cwd: string,
): Promise<{ config: ConfigFile; enrich?: EnrichmentOptions; embedding?: EmbeddingAccess; edits?: HandEdit[] }> {
  if (command.pipelineConfigFile !== undefined) {
    if (command.configFile !== undefined) throw new UsageError('--config and --pipeline-config do not go together');
    const text = await readConfigText(command.pipelineConfigFile, cwd);
    const pipeline = parsePipelineConfigText(text, command.pipelineConfigFile);
    const llm = pipeline.llm && {
      config: pipeline.llm,
      apiKey: apiKeyFromEnvironment(pipeline.llm),
      cacheFolder: defaultLlmCacheFolder(),
      ...(command.estimateOnly ? { estimateOnly: true } : {}),
    };
    const embedding = pipeline.embedding && {
      config: pipeline.embedding,
      apiKey: apiKeyFromEnvironment(pipeline.embedding, 'embedding'),
      cacheFolder: defaultLlmCacheFolder(),
    };
    const enrich = { steps: pipeline.enrich, onError: pipeline.onError, ...(llm ? { llm } : {}) };
    const edits = pipeline.edits ? { edits: pipeline.edits } : {};
    return { config: { ...pipeline.chunker, ...command.overrides }, enrich, ...(embedding ? { embedding } : {}), ...edits };
  }
  if (command.configFile === undefined) return { config: command.overrides };
  const text = await readConfigText(command.configFile, cwd);
  // a preset with hand edits but no steps is saved as `{chunker, edits}`: --config reads it too
  const pipeline = parsePipelineConfigText(text, command.configFile);
  if (enrichmentSettingsOf(pipeline) || pipeline.embedding) {
    throw new UsageError(`${command.configFile}: enrichment steps, llm and embedding go with --pipeline-config`);
  }
  const edits = pipeline.edits ? { edits: pipeline.edits } : {};
  return { config: { ...pipeline.chunker, ...command.overrides }, ...edits };
}

async function readConfigText(path: string, cwd: string): Promise<string> {
  try {
    return new TextDecoder().decode(await readInputFile(resolve(cwd, path), MAX_CONFIG_TEXT_LENGTH));
  } catch (error) {
    throw new UsageError(`${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function destinationOf(
  command: ChunkCommand,
  files: readonly InputFile[],
  hasFolder: boolean,
  outputPath: string | undefined,
): Promise<Destination> {
  const single = command.inputs.length === 1 && !hasFolder;
  if (outputPath === undefined) {
    if (!single) throw new UsageError('several inputs or a folder need -o <folder>');
    return { kind: 'stdout' };
  }
  if (single && !endsWithSeparator(command.output ?? '') && !(await isFolder(outputPath))) return { kind: 'file', path: outputPath };
  return { kind: 'folder', root: outputPath, paths: planOutputPaths(files, outputPath, OUTPUT_EXTENSIONS[command.format]) };
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

function plannedOutputs(destination: Destination): string[] {
  if (destination.kind === 'stdout') return [];
  return destination.kind === 'file' ? [destination.path] : [...destination.paths.values()];
}

async function writeResult(output: string, file: InputFile, destination: Destination, io: CliIo): Promise<void> {
  if (destination.kind === 'stdout') {
    io.stdout.write(output);
    return;
  }
  const path = destination.kind === 'file' ? destination.path : destination.paths.get(file);
  if (path === undefined) throw new Error(`no output path planned for ${file.displayPath}`);
  try {
    await writeFileAtomic(path, output);
  } catch (error) {
    throw new Error(`cannot write ${path}: ${describeFileSystemError(error)}`, { cause: error });
  }
}

/** Runs `action` on every item, at most `limit` at a time, in order of start. */
async function forEachConcurrently<T>(items: readonly T[], limit: number, action: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await action(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
