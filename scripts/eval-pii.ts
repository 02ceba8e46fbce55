import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { detectPii } from '../src-main/engine/enrich/pii/detect-pii';
import { PII_LABELS, type PiiLabel } from '../src-main/engine/enrich/pii/pii-label';
import { codePointOffsets } from '../src-main/engine/text/code-points';
import { PII_SET_PATH, type PiiExample } from './pii/generate-pii-set';

/**
 * Scores the `pii` step's detection on the labelled set `test-data/pii/pii-eval.jsonl` (made by
 * `scripts/pii/generate-pii-set.ts`): precision and recall per label, a span counting only when its
 * label, start and end are exactly the expected ones. The set is split by the sentence each text was
 * made from (a hash of it): a held-out quarter of the sentences, never looked at while tuning, is
 * reported apart. Exits non-zero when a label is below the bar on either part.
 *
 *   npm run eval:pii [-- --errors]     (--errors lists the misses and false finds of the dev part only)
 */

const BAR = 0.95;

interface Tally {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

type Split = 'dev' | 'held-out';

export function splitOf(example: PiiExample): Split {
  return createHash('sha256').update(example.template).digest()[0]! % 4 === 0 ? 'held-out' : 'dev';
}

function readSet(): PiiExample[] {
  return readFileSync(PII_SET_PATH, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as PiiExample);
}

function found(text: string): Array<{ label: PiiLabel; start: number; end: number }> {
  const toCodePoint = codePointOffsets(text);
  return detectPii(text).map((match) => ({ label: match.label, start: toCodePoint(match.start), end: toCodePoint(match.end) }));
}

function main(): number {
  const showErrors = process.argv.includes('--errors');
  const examples = readSet();
  const tallies: Record<Split, Map<PiiLabel, Tally>> = { dev: new Map(), 'held-out': new Map() };
  const texts: Record<Split, number> = { dev: 0, 'held-out': 0 };
  for (const tally of Object.values(tallies)) {
    for (const label of PII_LABELS) tally.set(label, { truePositives: 0, falsePositives: 0, falseNegatives: 0 });
  }
  for (const example of examples) {
    const split = splitOf(example);
    texts[split]++;
    const key = (span: { label: string; start: number; end: number }) => `${span.label}:${span.start}:${span.end}`;
    const expected = new Set(example.spans.map(key));
    const actual = found(example.text);
    const actualKeys = new Set(actual.map(key));
    for (const span of actual) {
      const tally = tallies[split].get(span.label)!;
      if (expected.has(key(span))) tally.truePositives++;
      else {
        tally.falsePositives++;
        if (showErrors && split === 'dev')
          console.log(
            `false ${span.label}: ${JSON.stringify(example.text.slice(span.start, span.end))} in ${JSON.stringify(example.text)}`,
          );
      }
    }
    for (const span of example.spans) {
      if (actualKeys.has(key(span))) continue;
      tallies[split].get(span.label)!.falseNegatives++;
      if (showErrors && split === 'dev')
        console.log(`missed ${span.label}: ${JSON.stringify(span.text)} in ${JSON.stringify(example.text)}`);
    }
  }

  console.log(`PII detection on ${examples.length} texts (${texts.dev} dev, ${texts['held-out']} held-out); bar ${BAR}\n`);
  const header = ['label', 'dev P', 'dev R', 'dev n', 'held-out P', 'held-out R', 'held-out n', ''];
  const rows: string[][] = [];
  let failing = 0;
  for (const label of PII_LABELS) {
    const cells: string[] = [label];
    let pass = true;
    for (const split of ['dev', 'held-out'] as const) {
      const { truePositives: tp, falsePositives: fp, falseNegatives: fn } = tallies[split].get(label)!;
      // A part with no value of the label and nothing found scores nothing: shown as "-", not as a pass or a failure.
      const precision = tp + fp === 0 ? undefined : tp / (tp + fp);
      const recall = tp + fn === 0 ? undefined : tp / (tp + fn);
      if ((precision ?? 1) < BAR || (recall ?? 1) < BAR) pass = false;
      cells.push(precision?.toFixed(3) ?? '-', recall?.toFixed(3) ?? '-', String(tp + fn));
    }
    if (!pass) failing++;
    rows.push([...cells, pass ? 'pass' : 'FAIL']);
  }
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log(failing === 0 ? '\nevery label passes on both parts' : `\n${failing} label(s) below ${BAR}`);
  return failing === 0 ? 0 : 1;
}

process.exitCode = main();
