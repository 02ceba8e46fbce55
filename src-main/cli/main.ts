import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { version } from '../../package.json';
import { isStratumError } from '../../src-shared/errors';
import { RETRIEVER_KINDS } from '../../src-shared/retrieval';
import { isCancelledError } from '../engine/cancellation';
import { DEFAULT_IMAGE_DPI, MAX_IMAGE_DPI, OUTPUT_FORMATS, type OutputFormat } from '../../src-shared/export-options';
import { runChunkCommand, type ChunkCommand } from './chunk-command';
import { EXIT_FILE_FAILED, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, UsageError, type CliIo } from './cli-io';
import { runEvalCommand } from './eval-command';
import { CHUNK_HELP, EVAL_HELP, MAIN_HELP, PARSE_HELP } from './help';
import { XLSX_VALUE_MODES, type XlsxValues } from '../engine/parse/parser';
import { PARSE_FORMATS, runParseCommand, type ParseFormat } from './parse-command';
import { printable } from './printable';
import { parseShard } from './batch/shard';

/**
 * The `stratum` command line. Returns the exit code instead of exiting, so tests run it in process.
 * Its flags and output are a stable interface: scripts depend on them.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'chunk':
        return await chunk(rest, io);
      case 'parse':
        return await parse(rest, io);
      case 'eval':
        return await evaluate(rest, io);
      case '-h':
      case '--help':
        io.stdout.write(MAIN_HELP);
        return EXIT_OK;
      case '-V':
      case '--version':
        io.stdout.write(`stratum ${version}\n`);
        return EXIT_OK;
      case undefined:
        io.stderr.write(MAIN_HELP);
        return EXIT_USAGE;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      const help = `stratum ${command === 'chunk' || command === 'parse' || command === 'eval' ? `${command} ` : ''}--help`;
      io.stderr.write(`error: ${printable(error.message)}\nRun "${help}" for usage.\n`);
      return EXIT_USAGE;
    }
    if (isCancelledError(error)) {
      io.stderr.write('\nstopped: cancelled\n');
      return EXIT_INTERRUPTED;
    }
    if (isStratumError(error) && error.code === 'invalid-config') {
      io.stderr.write(`error: invalid config: ${printable(error.message)}\n`);
      return EXIT_USAGE;
    }
    io.stderr.write(`error: ${printable(error instanceof Error ? error.message : String(error))}\n`);
    return EXIT_FILE_FAILED;
  }
}

async function chunk(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    output: { type: 'string', short: 'o' },
    config: { type: 'string' },
    'pipeline-config': { type: 'string' },
    strategy: { type: 'string' },
    tokenizer: { type: 'string' },
    'max-tokens': { type: 'string' },
    format: { type: 'string' },
    workers: { type: 'string' },
    password: { type: 'string' },
    'ocr-json': { type: 'string' },
    'no-ocr': { type: 'boolean' },
    'xlsx-values': { type: 'string' },
    'include-notes': { type: 'boolean' },
    'no-picture-text': { type: 'boolean' },
    progress: { type: 'boolean' },
    artifacts: { type: 'string' },
    'image-dpi': { type: 'string' },
    'no-contextualized-text': { type: 'boolean' },
    estimate: { type: 'boolean' },
    shard: { type: 'string' },
    resume: { type: 'boolean' },
    'fail-fast': { type: 'boolean' },
    manifest: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values['help'] === true) {
    io.stdout.write(CHUNK_HELP);
    return EXIT_OK;
  }
  if (positionals.length === 0) throw new UsageError('chunk needs at least one file or folder');
  const maxTokens = stringFlag(values, 'max-tokens');
  const format = oneOf('--format', stringFlag(values, 'format') ?? 'canonical', OUTPUT_FORMATS) satisfies OutputFormat;
  const contextualizedText = values['no-contextualized-text'] !== true;
  if (!contextualizedText && format === 'docling') throw new UsageError('--no-contextualized-text goes with --format canonical or jsonl');
  const command: ChunkCommand = {
    inputs: positionals,
    output: stringFlag(values, 'output'),
    configFile: stringFlag(values, 'config'),
    pipelineConfigFile: stringFlag(values, 'pipeline-config'),
    overrides: {
      ...optional('strategy', stringFlag(values, 'strategy')),
      ...optional('tokenizer', stringFlag(values, 'tokenizer')),
      // Not checked here: the config validation names the field (`maxTokens: must be a positive integer`).
      ...optional('maxTokens', maxTokens === undefined ? undefined : Number(maxTokens)),
      ...optional('includeNotes', values['include-notes'] === true ? true : undefined),
      ...optional('includePictureText', values['no-picture-text'] === true ? false : undefined),
    },
    format,
    contextualizedText,
    workers: positiveIntegerFlag('--workers', stringFlag(values, 'workers')),
    password: stringFlag(values, 'password'),
    ocr: values['no-ocr'] === true ? 'off' : 'auto',
    ocrJson: stringFlag(values, 'ocr-json'),
    ...optional('xlsxValues', xlsxValuesFlag(values)),
    progress: values['progress'] === true,
    estimateOnly: values['estimate'] === true,
    ...optional('shard', mapDefined(stringFlag(values, 'shard'), parseShard)),
    resume: values['resume'] === true,
    failFast: values['fail-fast'] === true,
    manifest: values['manifest'] === true,
    artifacts: artifactsFlags(
      stringFlag(values, 'artifacts'),
      positiveIntegerFlag('--image-dpi', stringFlag(values, 'image-dpi'), MAX_IMAGE_DPI),
    ),
  };
  return runChunkCommand(command, io);
}

async function parse(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    output: { type: 'string', short: 'o' },
    format: { type: 'string' },
    password: { type: 'string' },
    'ocr-json': { type: 'string' },
    'no-ocr': { type: 'boolean' },
    'xlsx-values': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values['help'] === true) {
    io.stdout.write(PARSE_HELP);
    return EXIT_OK;
  }
  const [input, ...extra] = positionals;
  if (input === undefined || extra.length > 0) throw new UsageError('parse takes exactly one file');
  return runParseCommand(
    {
      input,
      output: stringFlag(values, 'output'),
      format: oneOf('--format', stringFlag(values, 'format') ?? 'docling', PARSE_FORMATS) satisfies ParseFormat,
      password: stringFlag(values, 'password'),
      ocr: values['no-ocr'] === true ? 'off' : 'auto',
      ocrJson: stringFlag(values, 'ocr-json'),
      ...optional('xlsxValues', xlsxValuesFlag(values)),
    },
    io,
  );
}

/** `--xlsx-values docling|formatted`: what an XLSX cell's text is (ParseOptions.xlsxValues). */
function xlsxValuesFlag(values: FlagValues): XlsxValues | undefined {
  const given = stringFlag(values, 'xlsx-values');
  return given === undefined ? undefined : oneOf('--xlsx-values', given, XLSX_VALUE_MODES);
}

async function evaluate(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    questions: { type: 'string' },
    corpus: { type: 'string' },
    config: { type: 'string', multiple: true },
    sweep: { type: 'string' },
    retriever: { type: 'string' },
    k: { type: 'string' },
    'retrieval-config': { type: 'string' },
    json: { type: 'string' },
    csv: { type: 'string' },
    chart: { type: 'string' },
    'iou-chart': { type: 'string' },
    baseline: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values['help'] === true) {
    io.stdout.write(EVAL_HELP);
    return EXIT_OK;
  }
  if (positionals.length > 0) throw new UsageError(`eval takes no positional arguments (got "${positionals[0]}")`);
  const questions = stringFlag(values, 'questions');
  const corpus = stringFlag(values, 'corpus');
  if (questions === undefined || corpus === undefined) throw new UsageError('eval needs --questions <file> and --corpus <dir>');
  const retriever = stringFlag(values, 'retriever');
  return runEvalCommand(
    {
      questions,
      corpus,
      configFiles: (values['config'] as string[] | undefined) ?? [],
      sweepFile: stringFlag(values, 'sweep'),
      retrievalConfigFile: stringFlag(values, 'retrieval-config'),
      retriever: retriever === undefined ? undefined : oneOf('--retriever', retriever, RETRIEVER_KINDS),
      k: positiveIntegerFlag('--k', stringFlag(values, 'k'), 1000),
      json: stringFlag(values, 'json'),
      csv: stringFlag(values, 'csv'),
      chart: stringFlag(values, 'chart'),
      iouChart: stringFlag(values, 'iou-chart'),
      baseline: stringFlag(values, 'baseline'),
    },
    io,
  );
}

type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>;
type FlagValues = Record<string, string | boolean | string[] | undefined>;

function parseCommandArgs(args: readonly string[], options: OptionSpec): { values: FlagValues; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
    return { values: values as FlagValues, positionals };
  } catch (error) {
    // node's messages carry a long hint after the first sentence; the first sentence says it all.
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(message.split(/\.\s/)[0]!.replace(/\.$/, ''));
  }
}

function stringFlag(values: FlagValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

function mapDefined<Value, Result>(value: Value | undefined, map: (value: Value) => Result): Result | undefined {
  return value === undefined ? undefined : map(value);
}

function optional<Key extends string, Value>(key: Key, value: Value | undefined): Partial<Record<Key, Value>> {
  return value === undefined ? {} : ({ [key]: value } as Record<Key, Value>);
}

function oneOf<const Choice extends string>(flag: string, value: string, choices: readonly Choice[]): Choice {
  const choice = choices.find((candidate) => candidate === value);
  if (choice === undefined) throw new UsageError(`${flag} must be one of ${choices.join(', ')} (got "${value}")`);
  return choice;
}

function artifactsFlags(folder: string | undefined, imageDpi: number | undefined): ChunkCommand['artifacts'] {
  if (folder === undefined) {
    if (imageDpi !== undefined) throw new UsageError('--image-dpi needs --artifacts <folder>');
    return undefined;
  }
  return { folder, imageDpi: imageDpi ?? DEFAULT_IMAGE_DPI };
}

function positiveIntegerFlag(flag: string, value: string | undefined, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new UsageError(`${flag} must be a positive integer (got "${value}")`);
  if (number > max) throw new UsageError(`${flag} must be at most ${max} (got "${value}")`);
  return number;
}

/** Runs the CLI on this process's arguments and streams (the `bin/stratum.js` entry). */
export async function runCliProcess(): Promise<void> {
  // In the commands that watch the signal (eval), the first Ctrl-C stops the run at its next checkpoint (its message and exit
  // code say so) and a second one ends the process; the others keep Node's default, which ends it at once.
  const interrupt = new AbortController();
  const onInterrupt = () => {
    if (interrupt.signal.aborted) process.exit(EXIT_INTERRUPTED);
    interrupt.abort();
  };
  const argv = process.argv.slice(2);
  if (argv[0] === 'eval') process.on('SIGINT', onInterrupt);
  const io = { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), signal: interrupt.signal };
  try {
    process.exitCode = await runCli(argv, io);
  } finally {
    process.off('SIGINT', onInterrupt);
  }
}

function isExecutedDirectly(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

if (isExecutedDirectly()) await runCliProcess();
