import { StratumError } from '../../../src-shared/errors';
import { readEnvironmentLimits, type EnvironmentLimit } from '../environment-limits';

/**
 * The bounds every parser keeps to, so that a hostile or broken file fails with a clear error
 * instead of exhausting memory or time. They hold in every host (command line, desktop app,
 * browser mode) because the parsers themselves enforce them.
 */
export interface InputLimits {
  /** Largest input file. */
  maxFileBytes: number;
  /** Most pages a PDF may have. */
  maxPages: number;
  /** Largest single PDF stream once decoded (content, font, object stream; images are bounded by their pixels). */
  maxStreamBytes: number;
  /** Largest sum of a PDF's decoded streams. */
  maxDecodedBytes: number;
  /** Largest image a PDF may hold, in pixels (width × height): a larger image object is refused, a larger inline image left out. */
  maxImagePixels: number;
  /** Longest a PDF page may take to read. */
  maxPageMilliseconds: number;
  /**
   * Deepest nesting of lists, quotes, tables and inline formatting (Markdown, HTML, plain-text
   * lists); a Word part's XML may nest ten elements per level, a document's items three.
   */
  maxNestingDepth: number;
  /** Most emphasis and link delimiters (`*`, `_`, `~`, `[`, `]`) in one Markdown paragraph. */
  maxParagraphDelimiters: number;
  /** Widest table. */
  maxTableColumns: number;
  /** Most cells in one table (rows × columns). */
  maxTableCells: number;
  /** Largest sum of the XML parts read from a DOCX package once inflated. */
  maxXmlBytes: number;
}

export type LimitName = keyof InputLimits;

interface LimitDefinition extends EnvironmentLimit {
  /** How a value in the variable's unit is written in a message. */
  unit: (value: number) => string;
}

const MB = 1024 * 1024;
const megabytes = (value: number): string => `${format(value)} MB`;
const seconds = (value: number): string => `${format(value)} s`;
const count = (noun: string) => (value: number) => `${format(value)} ${noun}`;

/** The limits, their variables and defaults: documented here and in the README's security section. */
export const LIMIT_DEFINITIONS: Readonly<Record<LimitName, LimitDefinition>> = {
  maxFileBytes: { variable: 'STRATUM_MAX_FILE_MB', defaultValue: 256, scale: MB, unit: megabytes },
  maxPages: { variable: 'STRATUM_MAX_PAGES', defaultValue: 10_000, scale: 1, unit: count('pages') },
  maxStreamBytes: { variable: 'STRATUM_MAX_STREAM_MB', defaultValue: 64, scale: MB, unit: megabytes },
  maxDecodedBytes: { variable: 'STRATUM_MAX_DECODED_MB', defaultValue: 1024, scale: MB, unit: megabytes },
  maxImagePixels: { variable: 'STRATUM_MAX_IMAGE_PIXELS', defaultValue: 100_000_000, scale: 1, unit: count('pixels') },
  maxPageMilliseconds: { variable: 'STRATUM_MAX_PAGE_SECONDS', defaultValue: 30, scale: 1000, unit: seconds },
  maxNestingDepth: { variable: 'STRATUM_MAX_NESTING', defaultValue: 100, scale: 1, unit: count('levels') },
  maxParagraphDelimiters: { variable: 'STRATUM_MAX_PARAGRAPH_DELIMITERS', defaultValue: 2_000, scale: 1, unit: count('delimiters') },
  maxTableColumns: { variable: 'STRATUM_MAX_TABLE_COLUMNS', defaultValue: 1_000, scale: 1, unit: count('columns') },
  maxTableCells: { variable: 'STRATUM_MAX_TABLE_CELLS', defaultValue: 1_000_000, scale: 1, unit: count('cells') },
  maxXmlBytes: { variable: 'STRATUM_MAX_XML_MB', defaultValue: 32, scale: MB, unit: megabytes },
};

export function readLimits(env: Readonly<Record<string, string | undefined>>): InputLimits {
  return readEnvironmentLimits(LIMIT_DEFINITIONS, env);
}

let processLimits: InputLimits | undefined;

/** The limits of this process, read from its environment once. */
export function inputLimits(): InputLimits {
  processLimits ??= readLimits(process.env);
  return processLimits;
}

/**
 * The error for an input past a limit: what was found, the limit and how to raise it, e.g.
 * `big.pdf: the document has 120,000 pages (the limit is 10,000 pages; set STRATUM_MAX_PAGES to raise it)`.
 * `found` describes the input; `limits` are the limits in force (the process's by default).
 */
export function tooLarge(fileName: string, found: string, name: LimitName, limits: InputLimits = inputLimits()): StratumError {
  return new StratumError('too-large', `${fileName}: ${found} (the limit is ${describeLimit(name, limits)}; ${howToRaise(name)})`);
}

/**
 * The error for `where` (`the list at line 12`) nesting past a limit: `found` says past what
 * (by default `more than 100 levels`, the `maxNestingDepth` in force), `name` which limit allows more.
 * The message always says "too deeply nested".
 */
export function tooDeeplyNested(
  fileName: string,
  where: string,
  found?: string,
  name: LimitName = 'maxNestingDepth',
  limits: InputLimits = inputLimits(),
): StratumError {
  const past = found ?? `more than ${describeLimit('maxNestingDepth', limits)}`;
  return new StratumError('too-large', `${fileName}: ${where} is too deeply nested (${past}; ${howToRaise(name)})`);
}

/**
 * Throws `too-large` for a file over `maxFileBytes`. Hosts call it with the size `stat` gives before
 * reading a file; the pipeline calls it again with the bytes it is handed.
 */
export function rejectOversizedFile(fileName: string, byteLength: number, limits: InputLimits = inputLimits()): void {
  if (byteLength > limits.maxFileBytes) throw tooLarge(fileName, `the file has ${megabytes(byteLength / MB)}`, 'maxFileBytes', limits);
}

/** A table's size: its columns and its cells (rows × columns, the grid every reader of the table builds). */
export interface TableSize {
  columns: number;
  cells: number;
}

/**
 * Throws `too-large` for a table wider than `maxTableColumns` or with more than `maxTableCells`
 * cells. `at` says where the table is (`at line 12`), when known.
 */
export function rejectOversizedTable(fileName: string, size: TableSize, at = '', limits: InputLimits = inputLimits()): void {
  const table = at ? `the table ${at}` : 'a table';
  if (size.columns > limits.maxTableColumns)
    throw tooLarge(fileName, `${table} has ${format(size.columns)} columns`, 'maxTableColumns', limits);
  if (size.cells > limits.maxTableCells) throw tooLarge(fileName, `${table} has ${format(size.cells)} cells`, 'maxTableCells', limits);
}

/** A limit in force, in its variable's unit: `10,000 pages`, `256 MB`. */
export function describeLimit(name: LimitName, limits: InputLimits = inputLimits()): string {
  const { scale, unit } = LIMIT_DEFINITIONS[name];
  return unit(limits[name] / scale);
}

function howToRaise(name: LimitName): string {
  return `set ${LIMIT_DEFINITIONS[name].variable} to raise it`;
}

/** Whole numbers with thousands separators, fractions (of a MB) with up to one decimal. */
function format(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 1 });
}
