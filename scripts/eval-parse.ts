/**
 * `npm run eval:parse [-- --corpus <dir>] [--json <file>] [--timeout <seconds>] [--only pdf,docx]`:
 * parses every document of a corpus (`<format>/<file>` + `groundtruth/`) with our parsers and scores
 * the IR against Docling's groundtruth (issue #3). Prints a row per document and per-format means
 * beside the thresholds.
 *
 * `npm run eval:parse -- --outline <dir> [--json <file>] [--timeout <seconds>]` scores instead every
 * PDF below a folder against its own outline and text layer (scripts/eval-parse/outline/).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parserForFile } from '../src-main/engine/parse/registry';
import { isStratumError } from '../src-shared/errors';
import { discoverCorpus, type CorpusDocument } from './eval-parse/corpus';
import { DocumentEvaluator } from './eval-parse/document-evaluator';
import { runOutlineEvaluation } from './eval-parse/outline/run-outline-evaluation';
import { formatHeader, formatReport, formatSkipped, reportJson, summarizeFormats, type DocumentOutcome } from './eval-parse/report';

const repoRoot = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: path.resolve(repoRoot, '../shared/corpus') },
    json: { type: 'string' },
    timeout: { type: 'string', default: '60' },
    only: { type: 'string' },
    outline: { type: 'string' },
  },
});
const corpusDir = path.resolve(values.corpus);
const timeoutSeconds = Number(values.timeout);
if (!(timeoutSeconds > 0)) {
  console.error(`--timeout: expected a positive number of seconds, got ${values.timeout}`);
  process.exit(2);
}
if (values.outline !== undefined) {
  const report = await runOutlineEvaluation(values.outline, {
    timeoutMs: timeoutSeconds * 1000,
    jsonPath: values.json,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  console.log(report);
  if (values.json) console.log(`\nNumbers written to ${values.json}`);
  process.exit(0);
}
const onlyFormats = values.only?.split(',');

const corpus = discoverCorpus(corpusDir);
const evaluator = new DocumentEvaluator(timeoutSeconds * 1000);
const outcomes: DocumentOutcome[] = [];
try {
  for (const document of corpus.documents) {
    if (onlyFormats && !onlyFormats.includes(document.format)) continue;
    process.stderr.write(`${document.format}/${document.fileName} ...\n`);
    outcomes.push(await evaluate(document));
  }
} finally {
  await evaluator.close();
}

const summaries = summarizeFormats(outcomes);
console.log(formatHeader(corpusDir));
console.log();
console.log(formatReport(outcomes, summaries));
console.log();
console.log(formatSkipped(outcomes, corpus.excludedFolders));
if (values.json) {
  await writeFile(values.json, `${JSON.stringify(reportJson(corpusDir, outcomes, summaries, corpus.excludedFolders), null, 2)}\n`);
  console.log(`\nNumbers written to ${values.json}`);
}

async function evaluate(document: CorpusDocument): Promise<DocumentOutcome> {
  const { format, fileName, reference } = document;
  const unsupported = unsupportedReason(fileName);
  if (unsupported) return { status: 'skipped', format, fileName, reason: unsupported };
  if (!reference) return { status: 'skipped', format, fileName, reason: 'no groundtruth' };
  const reply = await evaluator.evaluate({ path: document.path, fileName, reference });
  return reply.ok
    ? {
        status: 'scored',
        format,
        fileName,
        referenceKind: reference.kind,
        scores: reply.evaluation.scores,
        parseMs: reply.evaluation.parseMs,
      }
    : { status: 'failed', format, fileName, referenceKind: reference.kind, error: reply.error };
}

function unsupportedReason(fileName: string): string | null {
  try {
    parserForFile(fileName);
    return null;
  } catch (error) {
    if (isStratumError(error) && error.code === 'unsupported-format') return `no parser for ${path.extname(fileName)}`;
    throw error;
  }
}
