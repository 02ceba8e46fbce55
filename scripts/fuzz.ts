/**
 * `npm run fuzz [-- --count 1000 --minutes 10 --seed 1 --corpus <dir> --out fuzz-findings --only pdf,docx]`: mutates
 * the corpus files (byte flips, truncation, duplication, format tokens, ZIP entry corruption, JSON values)
 * and parses each mutant through the engine's parse entry on worker threads with a heap cap and a
 * deadline. Prints how many parsed, failed cleanly, crashed or hung, per format, and writes every
 * crash and hang to `--out` with its error. `npm run fuzz -- --replay <file or folder>` parses
 * findings again. `--chunk` also chunks every parsed mutant with the default config, `--ocr` reads
 * scanned pages (off by default: slow). Exits 1 when anything crashed or hung.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeFinding, replayInputs } from './fuzz/findings';
import { mutate, type Mutant } from './fuzz/mutate';
import { isFailure, type Outcome } from './fuzz/outcome';
import { ParsePool } from './fuzz/parse-pool';
import { Random } from './fuzz/random';
import { formatReport, type MutantRecord } from './fuzz/report';
import { discoverSeeds, SeedPicker, type Seed } from './fuzz/seeds';

const repoRoot = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    corpus: { type: 'string', multiple: true },
    seed: { type: 'string', default: '1' },
    count: { type: 'string', default: '1000' },
    minutes: { type: 'string', default: '10' },
    out: { type: 'string', default: path.join(repoRoot, 'fuzz-findings') },
    replay: { type: 'string' },
    timeout: { type: 'string', default: '30' },
    workers: { type: 'string', default: '2' },
    'heap-mb': { type: 'string', default: '1024' },
    'rss-mb': { type: 'string', default: '4096' },
    'max-seed-mb': { type: 'string', default: '4' },
    ocr: { type: 'boolean', default: false },
    chunk: { type: 'boolean', default: false },
    only: { type: 'string' },
    slowest: { type: 'string', default: '10' },
  },
});

const runSeed = wholeNumber('seed', values.seed);
/** The options that decide which mutants are made: with them, a finding's number regenerates it. */
const run = [
  `--seed ${runSeed}`,
  ...(values.only ? [`--only ${values.only}`] : []),
  ...(values.corpus ?? []).map((c) => `--corpus ${c}`),
].join(' ');
const count = wholeNumber('count', values.count);
const minutes = positiveNumber('minutes', values.minutes);
const ocr = values.ocr ? 'auto' : 'off';
const chunk = values.chunk;
const lateCrashes: Array<{ index: number; error: string }> = [];
const pool = new ParsePool({
  size: positiveInteger('workers', values.workers),
  heapMb: positiveNumber('heap-mb', values['heap-mb']),
  rssLimitMb: positiveNumber('rss-mb', values['rss-mb']),
  deadlineMs: positiveNumber('timeout', values.timeout) * 1000,
  onLateCrash: (index, error) => lateCrashes.push({ index, error }),
});

try {
  process.exitCode = values.replay ? await replay(values.replay) : await fuzz();
} finally {
  await pool.close();
}

async function fuzz(): Promise<number> {
  const folders = values.corpus?.map((folder) => path.resolve(folder)) ?? defaultCorpusFolders();
  const onlyFormats = values.only?.split(',');
  const found = discoverSeeds(folders, positiveNumber('max-seed-mb', values['max-seed-mb']) * 1024 * 1024);
  const seeds = new SeedPicker(found.filter((seed) => !onlyFormats || onlyFormats.includes(seed.format)));
  process.stderr.write(
    `seeds from ${folders.join(', ')}: ${seeds
      .formats()
      .map((f) => `${f} ${seeds.count(f)}`)
      .join(', ')}\n`,
  );
  const records: MutantRecord[] = [];
  const started = performance.now();
  const stopAt = started + minutes * 60_000;
  let next = 0;
  const runOne = async (): Promise<void> => {
    while (next < count && performance.now() < stopAt) {
      const index = next++;
      const { seed, mutant } = mutantAt(seeds, index);
      const outcome = await pool.parse({ id: index, fileName: seed.fileName, bytes: mutant.bytes, ocr, chunk });
      records.push(record(index, seed, mutant, outcome));
      if (records.length % 50 === 0) {
        process.stderr.write(`${records.length} mutants, ${Math.round((performance.now() - started) / 1000)} s\n`);
      }
    }
  };
  await Promise.all(Array.from({ length: pool.size }, runOne));
  for (const { index, error } of lateCrashes) {
    const late = records.find((r) => r.index === index);
    if (!late || isFailure(late.outcome)) continue;
    const { seed, mutant } = mutantAt(seeds, index);
    Object.assign(late, record(index, seed, mutant, { class: 'crash', detail: `stray, after the result: ${error}`, ms: late.outcome.ms }));
  }
  records.sort((a, b) => a.index - b.index);
  const seconds = (performance.now() - started) / 1000;
  console.log(`${records.length} mutants of ${run} in ${seconds.toFixed(1)} s (${pool.size} workers)\n`);
  console.log(formatReport(records, wholeNumber('slowest', values.slowest)));
  const findings = records.filter((r) => r.findingPath).length;
  if (findings > 0) console.log(`\n${findings} crash/hang input(s) written to ${values.out}`);
  return findings > 0 ? 1 : 0;
}

/** Mutant `index` of this run: its own generator, so that any one mutant is regenerated without the others. */
function mutantAt(seeds: SeedPicker, index: number): { seed: Seed; mutant: Mutant } {
  const random = new Random((runSeed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);
  const seed = seeds.pick(random);
  return { seed, mutant: mutate(random, seed.bytes, seed.format) };
}

function record(index: number, seed: Seed, mutant: Mutant, outcome: Outcome): MutantRecord {
  const base = { index, format: seed.format, seedFileName: seed.fileName, steps: mutant.steps, outcome };
  if (!isFailure(outcome)) return base;
  const findingPath = writeFinding(values.out, {
    index,
    run,
    seedPath: seed.path,
    seedFileName: seed.fileName,
    steps: mutant.steps,
    bytes: mutant.bytes,
    outcome,
  });
  return { ...base, findingPath };
}

async function replay(target: string): Promise<number> {
  const files = replayInputs(target);
  let failures = 0;
  for (const [id, file] of files.entries()) {
    const outcome = await pool.parse({ id, fileName: path.basename(file), bytes: readFileSync(file), ocr, chunk });
    if (isFailure(outcome)) failures++;
    console.log(`${file}: ${outcome.class} in ${Math.round(outcome.ms)} ms\n  ${outcome.detail.replaceAll('\n', '\n  ')}`);
  }
  for (const { index, error } of lateCrashes) {
    failures++;
    console.log(`${files[index]}: crash after its result, stray: ${error.replaceAll('\n', '\n  ')}`);
  }
  return failures > 0 ? 1 : 0;
}

/** The shared corpus beside the repository, else the copy in test-data/, and the OCR-JSON sample (the corpus has none). */
function defaultCorpusFolders(): string[] {
  const shared = path.resolve(repoRoot, '../shared/corpus');
  return [existsSync(shared) ? shared : path.join(repoRoot, 'test-data/corpus'), path.join(repoRoot, 'test-data/ocr-json')];
}

function wholeNumber(name: string, value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) usage(`--${name}: expected a whole number, got ${value}`);
  return number;
}

function positiveInteger(name: string, value: string): number {
  const number = wholeNumber(name, value);
  if (number < 1) usage(`--${name}: expected at least 1, got ${value}`);
  return number;
}

function positiveNumber(name: string, value: string): number {
  const number = Number(value);
  if (!(number > 0)) usage(`--${name}: expected a positive number, got ${value}`);
  return number;
}

function usage(message: string): never {
  console.error(message);
  process.exit(2);
}
