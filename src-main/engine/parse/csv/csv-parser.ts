import type { DoclingDocument } from '../../ir/types';
import { checkpoint } from '../../cancellation';
import { DocumentBuilder } from '../document-builder';
import type { DocumentParser, ParseInput, ParseOptions } from '../parser';
import { detectTextEncoding } from '../source-text';
import { detectDialect } from './csv-dialect';
import { CsvRecordReader, type CsvDialect, type CsvProblem } from './csv-records';
import { CsvTable } from './csv-table';

const MB = 1024 * 1024;
/** Bytes decoded and read at a time: a large file never becomes one string. */
const CHUNK_BYTES = MB;
/** The head of the file the delimiter is told from. */
const DIALECT_SAMPLE_BYTES = 64 * 1024;
/** Places of one kind of problem named in its warning; the others are counted. */
const PROBLEM_LINES_NAMED = 5;

const TSV_DIALECT: CsvDialect = { delimiter: '\t', skipInitialSpace: false };

/**
 * CSV and TSV to one table, as Docling's CSV backend reads them (one cell per field, the first row
 * the column header), with the encoding (UTF-8, UTF-16 with or without a byte order mark, Latin-1)
 * and the delimiter (comma, semicolon, tab, pipe; a `.tsv` is tab-separated) detected, the header
 * row told from data, and the file decoded and read a megabyte at a time. Rows of another width
 * than the first, and quoting a strict reader would refuse, are read on and reported in
 * `metadata.warnings`.
 */
export const csvParser: DocumentParser = {
  format: 'csv',
  extensions: ['.csv', '.tsv'],
  mimeType: 'text/csv',
  parse: parseCsv,
};

async function parseCsv(input: ParseInput, options: ParseOptions = {}): Promise<DoclingDocument> {
  const { fileName, bytes } = input;
  const encoding = detectTextEncoding(input);
  const isTsv = fileName.toLowerCase().endsWith('.tsv');
  const dialect = isTsv ? TSV_DIALECT : detectDialect(new TextDecoder(encoding).decode(bytes.subarray(0, DIALECT_SAMPLE_BYTES)));
  const table = new CsvTable(fileName);
  const problems: CsvProblem[] = [];
  const reader = new CsvRecordReader(
    dialect,
    (record) => table.add(record),
    (problem) => problems.push(problem),
  );
  const decoder = new TextDecoder(encoding);
  const totalMb = Math.ceil(bytes.length / MB);
  for (let offset = 0; offset < bytes.length; offset += CHUNK_BYTES) {
    options.onProgress?.({ stage: 'MB', done: offset / MB, total: totalMb });
    await checkpoint(options.signal);
    reader.push(decoder.decode(bytes.subarray(offset, offset + CHUNK_BYTES), { stream: true }));
  }
  reader.push(decoder.decode());
  reader.end();
  options.onProgress?.({ stage: 'MB', done: totalMb, total: totalMb });

  const builder = new DocumentBuilder(fileName, isTsv ? 'text/tab-separated-values' : csvParser.mimeType, bytes);
  const { data, header } = table.data();
  builder.setMetadata('csv', { encoding, delimiter: dialect.delimiter, header_row: header, rows: data.num_rows, columns: data.num_cols });
  if (table.rowCount > 0) builder.addTable(data);
  const ragged = table.raggedWarning();
  if (ragged) builder.addWarning(ragged);
  for (const warning of problemWarnings(problems)) builder.addWarning(warning);
  return builder.doc;
}

/** One warning per kind of problem: `text after a closing quote (kept in the field): line 4, line 9 and 3 more` */
function problemWarnings(problems: readonly CsvProblem[]): string[] {
  const lines = new Map<string, number[]>();
  for (const { message, line } of problems) (lines.get(message) ?? lines.set(message, []).get(message)!).push(line);
  return [...lines].map(([message, at]) => {
    const named = at.slice(0, PROBLEM_LINES_NAMED).map((line) => `line ${line}`);
    const more = at.length - named.length;
    return `${message}: ${named.join(', ')}${more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''}`;
  });
}
