import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { EvalQuestion } from '../../src-shared/retrieval';
import { retrievalSettingsSchema } from '../../src-shared/retrieval';
import { chunkCorpus, parseCorpus } from '../../src-main/engine/evaluate/retrieval/chunk-corpus';
import { evaluateConfigs } from '../../src-main/engine/evaluate/retrieval/evaluate-configs';
import { evaluateRetrieval } from '../../src-main/engine/evaluate/retrieval/evaluate-retrieval';
import { parseQuestionSet } from '../../src-main/engine/evaluate/retrieval/question-set';
import { DEFAULT_BM25_PARAMETERS } from '../../src-main/engine/retrieve/bm25';
import { bm25Retriever } from '../../src-main/engine/retrieve/bm25-retriever';
import { RetrievalPool } from '../../src-main/engine/retrieve/retrieval-pool';
import { retrievalTermCounts, retrievalTermsOf } from '../../src-main/engine/retrieve/retrieval-terms';
import { median, timeRuns, type BenchRow } from './bench-row';
import { benchText } from './recursive';

const SETTINGS = retrievalSettingsSchema.parse({});
const CHUNKEVAL = path.resolve(import.meta.dirname, '../../test-data/chunkeval');

/** 300 questions over the text: the first words of sentences spread evenly through it, each referring to its sentence. */
function sentenceQuestions(text: string, count: number): EvalQuestion[] {
  const sentences = [...text.matchAll(/[A-Z][^.!?\n]{60,300}[.!?]/g)];
  const step = Math.max(Math.floor(sentences.length / count), 1);
  return Array.from({ length: count }, (_, index) => {
    const sentence = sentences[(index * step) % sentences.length]!;
    const words = sentence[0].split(/\s+/).slice(0, 10).join(' ');
    return { question: words, corpusId: 'bench', references: [{ start: sentence.index, end: sentence.index + sentence[0].length }] };
  });
}

/**
 * The peer: BM25 as rank_bm25 (the Python package chunkeval's reference users reach for) computes
 * it, every chunk scored against every query term, then all chunks sorted. Same scores as ours.
 */
function scoreEveryChunk(texts: readonly string[], queries: readonly string[], k: number): number[][] {
  const chunks = texts.map(retrievalTermCounts);
  const meanLength = chunks.reduce((sum, chunk) => sum + chunk.wordCount, 0) / chunks.length;
  const frequency = new Map<string, number>();
  for (const chunk of chunks) for (const term of chunk.counts.keys()) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const { k1, b } = DEFAULT_BM25_PARAMETERS;
  return queries.map((query) => {
    const terms = [...new Set(retrievalTermsOf(query))];
    const scores = chunks.map((chunk, position) => {
      let score = 0;
      for (const term of terms) {
        const count = chunk.counts.get(term) ?? 0;
        const n = frequency.get(term) ?? 0;
        const idf = Math.log(1 + (chunks.length - n + 0.5) / (n + 0.5));
        score += (idf * count * (k1 + 1)) / (count + k1 * (1 - b + (b * chunk.wordCount) / meanLength));
      }
      return { position, score };
    });
    return scores
      .sort((x, y) => y.score - x.score || x.position - y.position)
      .slice(0, k)
      .map(({ position }) => position);
  });
}

async function bm25Evaluation(): Promise<BenchRow[]> {
  const text = benchText();
  const corpus = await parseCorpus([{ fileName: 'bench.txt', bytes: new TextEncoder().encode(text) }]);
  const pool = new RetrievalPool(await chunkCorpus(corpus, { strategy: 'fixed-characters', size: 400, overlap: 0, over: 'source' }));
  const questions = sentenceQuestions(text, 300);
  const texts = pool.entries.map(({ chunk }) => chunk.text);
  let recall = 0;
  const ours = await timeRuns(5, async () => {
    const retriever = bm25Retriever(texts, DEFAULT_BM25_PARAMETERS);
    recall = (await evaluateRetrieval({ pool, questions, retriever, settings: SETTINGS })).overall.recall;
  });
  const peer = await timeRuns(3, () =>
    scoreEveryChunk(
      texts,
      questions.map((question) => question.question),
      SETTINGS.k,
    ),
  );
  const ourMedian = median(ours);
  const verdict = ourMedian < 1000 ? 'pass' : 'FAIL';
  return [
    {
      name: 'bm25 eval, 300 questions, 1 MB: stratum',
      median: ourMedian,
      unit: 'ms',
      note: `${pool.size} chunks, recall ${(recall * 100).toFixed(1)} %, index + search + metrics; ${verdict} against 1 s`,
    },
    { name: 'bm25 eval, 300 questions, 1 MB: every chunk scored', median: median(peer), unit: 'ms', note: 'search only (rank_bm25 style)' },
    { name: 'bm25 eval, 300 questions, 1 MB: stratum / every chunk', median: ourMedian / median(peer), unit: 'ratio' },
  ];
}

const SWEEP = [200, 300, 400, 500, 600, 800]
  .map((size): Record<string, unknown> => ({ strategy: 'fixed-characters', size, overlap: 0, over: 'source' }))
  .concat([
    { strategy: 'recursive', lengthUnit: 'characters', size: 400, overlap: 0 },
    { strategy: 'sentences', unit: 'characters', size: 400 },
    { strategy: 'paragraphs', unit: 'characters', size: 600 },
    { strategy: 'semantic' },
  ]);

async function sweep(): Promise<BenchRow[]> {
  const folder = path.join(CHUNKEVAL, 'corpora');
  const files = readdirSync(folder)
    .sort()
    .map((fileName) => ({ fileName, bytes: readFileSync(path.join(folder, fileName)) }));
  const questions = parseQuestionSet(readFileSync(path.join(CHUNKEVAL, 'questions.csv'), 'utf8'), 'questions.csv');
  const corpus = await parseCorpus(files);
  const times = await timeRuns(3, () => evaluateConfigs({ corpus, questions, configs: SWEEP, settings: SETTINGS }));
  const chunkingAlone = await timeRuns(3, async () => {
    for (const config of SWEEP) await chunkCorpus(corpus, config);
  });
  const sweepMedian = median(times);
  return [
    {
      name: `sweep of ${SWEEP.length} configs, 3 corpora: stratum`,
      median: sweepMedian,
      unit: 'ms',
      note: `${questions.length} questions, bm25 top 5; ${sweepMedian < 10_000 ? 'pass' : 'FAIL'} against 10 s`,
    },
    { name: `sweep of ${SWEEP.length} configs, 3 corpora: chunking alone`, median: median(chunkingAlone), unit: 'ms' },
    { name: `sweep of ${SWEEP.length} configs: sweep / chunking alone`, median: sweepMedian / median(chunkingAlone), unit: 'ratio' },
  ];
}

/** BM25 evaluation at scale and a sweep over the chunkeval corpora, against issue 12's 1 s and 10 s. */
export async function benchRetrieval(): Promise<BenchRow[]> {
  return [...(await bm25Evaluation()), ...(await sweep())];
}
