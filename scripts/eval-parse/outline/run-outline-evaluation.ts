import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { discoverPdfs, type CorpusPart, type OutlineCorpusFile } from './outline-corpus';
import { OutlineEvaluator } from './outline-evaluator';
import {
  formatOutlineHeader,
  formatOutlineReport,
  formatWithoutOutline,
  outlineReportJson,
  summarizePart,
  type OutlineOutcome,
  type ReportPart,
} from './outline-report';

export interface OutlineRunOptions {
  timeoutMs: number;
  /** where the numbers go as JSON, if anywhere */
  jsonPath?: string;
  /** a line per document as it starts */
  log?: (line: string) => void;
}

/**
 * `eval:parse --outline <dir>`: scores every PDF below the folder against its outline and text layer
 * and returns the report; a PDF that fails (or overruns its time) is a row with its error.
 */
export async function runOutlineEvaluation(corpusDir: string, options: OutlineRunOptions): Promise<string> {
  const folder = path.resolve(corpusDir);
  const files = discoverPdfs(folder);
  if (files.length === 0) throw new Error(`${folder}: no PDF found`);
  const evaluator = new OutlineEvaluator(options.timeoutMs);
  const outcomes: OutlineOutcome[] = [];
  try {
    for (const file of files) {
      options.log?.(`${file.relativePath} ...`);
      outcomes.push(await evaluate(evaluator, file));
    }
  } finally {
    await evaluator.close();
  }
  const parts: ReportPart[] = (['dev', 'held-out'] as const satisfies readonly CorpusPart[]).filter((part) =>
    outcomes.some((o) => o.part === part),
  );
  if (parts.length > 1) parts.push('all');
  const summaries = parts.map((part) => summarizePart(part, outcomes));
  if (options.jsonPath) await writeFile(options.jsonPath, `${JSON.stringify(outlineReportJson(folder, outcomes, summaries), null, 2)}\n`);
  return [formatOutlineHeader(folder), formatOutlineReport(outcomes, summaries), formatWithoutOutline(outcomes)].join('\n\n');
}

async function evaluate(evaluator: OutlineEvaluator, file: OutlineCorpusFile): Promise<OutlineOutcome> {
  const { relativePath, part } = file;
  const reply = await evaluator.evaluate({ path: file.path, fileName: path.basename(file.path) });
  if (!reply.ok) return { status: 'failed', relativePath, part, error: reply.error };
  const { facts, scores } = reply.evaluation;
  return scores ? { status: 'scored', relativePath, part, facts, scores } : { status: 'no-outline', relativePath, part, facts };
}
