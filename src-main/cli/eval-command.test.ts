import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNKEVAL_FOLDER } from '../engine/evaluate/retrieval/chunkeval.test-support';
import { runStratum } from './run-stratum.test-support';

let workspace: string;
const questions = join(CHUNKEVAL_FOLDER, 'questions.csv');
const corpus = join(CHUNKEVAL_FOLDER, 'corpora');
const REFERENCE = { strategy: 'fixed-characters', size: 400, overlap: 0, over: 'source' };

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'stratum-eval-'));
  await writeFile(join(workspace, 'a.json'), JSON.stringify(REFERENCE));
  await writeFile(join(workspace, 'b.yaml'), 'strategy: fixed-characters\nsize: 800\noverlap: 0\nover: source\n');
  await writeFile(
    join(workspace, 'sweep.yaml'),
    'configs:\n  - { strategy: recursive, lengthUnit: characters, size: 400 }\ngrid:\n  strategy: [fixed-characters]\n  over: [source]\n  size: [300, 600]\n',
  );
});

afterAll(() => rm(workspace, { recursive: true, force: true }));

const stratum = (...argv: string[]) => runStratum(workspace, argv);

describe('stratum eval', () => {
  it('prints the table and writes one JSON entry per config in the order given, the reference setting first', async () => {
    const run = await stratum(
      'eval',
      '--questions',
      questions,
      '--corpus',
      corpus,
      '--config',
      'a.json',
      '--config',
      'b.yaml',
      '--json',
      'out.json',
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^config\s+chunks\s+mean chars\s+tokens read\s+recall\s+precision\s+IoU\s+prec-Ω/);
    expect(run.stdout).toMatch(/fixed-characters size=400 overlap=0 over=source\s+517\s+399\s+\d+\s+74\.0\s+8\.9\s+8\.7\s+35\.7/);
    expect(run.stderr).toMatch(/eval: 276 questions, 3 documents, 2 configs, bm25 top 5/);
    const { results } = JSON.parse(await readFile(join(workspace, 'out.json'), 'utf8')) as { results: Array<Record<string, unknown>> };
    expect(results.map((result) => (result['config'] as { size: number }).size)).toEqual([400, 800]);
    expect(Object.keys(results[0]!)).toEqual([
      'config',
      'retriever',
      'k',
      'chunks',
      'mean_chunk_chars',
      'recall',
      'precision',
      'iou',
      'precision_omega',
      'per_corpus',
    ]);
    expect(results[0]).toMatchObject({ config: REFERENCE, retriever: 'bm25', k: 5, chunks: 517 });
    expect(results[0]!['recall']).toBeCloseTo(0.74, 3);
    expect(Object.keys(results[0]!['per_corpus'] as object).sort()).toEqual(['chatlogs', 'state_of_the_union', 'wikitexts']);
  });

  it('runs a sweep after the configs and writes its CSV and charts, the Pareto front flagged', async () => {
    const run = await stratum(
      ...['eval', '--questions', questions, '--corpus', corpus, '--config', 'a.json', '--sweep', 'sweep.yaml', '--k', '3'],
      ...['--csv', 'sweep.csv', '--chart', 'recall.svg', '--iou-chart', 'iou.svg'],
    );
    expect(run.code).toBe(0);
    const csv = (await readFile(join(workspace, 'sweep.csv'), 'utf8')).trim().split('\n');
    expect(csv).toHaveLength(5);
    expect(csv[0]).toMatch(/^config,strategy,chunks,mean_chunk_chars,tokens_read,recall,/);
    expect(csv.slice(1).map((line) => line.split(',')[0])).toEqual([
      'fixed-characters size=400 overlap=0 over=source',
      'recursive lengthUnit=characters size=400',
      'fixed-characters over=source size=300',
      'fixed-characters over=source size=600',
    ]);
    expect(run.stdout).toMatch(
      /Against the fixed-characters curve .*\nrecursive lengthUnit=characters size=400\s+recall\s+[+-]\d+\.\d\s+IoU\s+[+-]\d+\.\d\n$/,
    );
    // recursive 400-character chunks read fewer tokens than fixed 400-character windows and find more: only that window is beaten
    expect(csv.slice(1).map((line) => line.split(',').at(-2))).toEqual(['false', 'true', 'true', 'true']);
    const svg = await readFile(join(workspace, 'recall.svg'), 'utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('Recall against tokens read (top 3)');
    expect(svg).toContain('>fixed-characters</text>');
    expect(svg).toContain('<title>fixed-characters over=source size=300: tokens read per question');
    expect(await readFile(join(workspace, 'iou.svg'), 'utf8')).toContain('IoU against chunk count');
  });

  it('says clearly what is wrong with a bad question set, corpus or flag', async () => {
    await writeFile(join(workspace, 'bad.csv'), 'question,answer\nWhat?,42\n');
    await writeFile(
      join(workspace, 'shifted.json'),
      JSON.stringify({
        version: 1,
        questions: [{ question: 'Who?', corpusId: 'chatlogs', references: [{ start: 0, end: 5, content: 'Hello' }] }],
      }),
    );
    await writeFile(
      join(workspace, 'elsewhere.json'),
      JSON.stringify({ version: 1, questions: [{ question: 'Who?', corpusId: 'finance', references: [{ start: 0, end: 5 }] }] }),
    );
    const run = (questionsFile: string, ...rest: string[]) =>
      stratum('eval', '--questions', questionsFile, '--corpus', corpus, '--config', 'a.json', ...rest);
    expect(await run('bad.csv')).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/bad\.csv: the first line must name the columns question, references, corpus_id/),
    });
    expect(await run('shifted.json')).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/shifted\.json: question 1 .*is not its content in chatlogs/),
    });
    expect(await run('elsewhere.json')).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/"finance", which the corpus does not hold/),
    });
    expect(await run('missing.csv')).toMatchObject({ code: 2, stderr: expect.stringMatching(/missing\.csv: /) });
    expect(await run(questions, '--retriever', 'sparse')).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--retriever must be one of bm25, dense, hybrid/),
    });
    expect(await run(questions, '--retriever', 'dense')).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/dense retriever needs an embedding provider/),
    });
    expect(await stratum('eval', '--questions', questions, '--corpus', corpus)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--config <file>.* or --sweep/),
    });
  });

  it('stops with exit code 130 when interrupted', async () => {
    const controller = new AbortController();
    controller.abort();
    const run = await runStratum(
      workspace,
      ['eval', '--questions', questions, '--corpus', corpus, '--config', 'a.json'],
      controller.signal,
    );
    expect(run).toMatchObject({ code: 130, stdout: '' });
    expect(run.stderr).toMatch(/stopped: cancelled/);
  });
});
