import { describe, expect, it } from 'vitest';
import { RetrievalPool } from '../../retrieve/retrieval-pool';
import { bm25Retriever } from '../../retrieve/bm25-retriever';
import { DEFAULT_BM25_PARAMETERS } from '../../retrieve/bm25';
import { chunkCorpus, parseCorpus } from './chunk-corpus';
import { chunkevalCorpus, chunkevalQuestions } from './chunkeval.test-support';
import { evaluateRetrieval } from './evaluate-retrieval';
import { checkReferences } from './question-set';

const SETTINGS = { retriever: 'bm25', k: 5, expansion: 'none', expansionTokens: 0 } as const;

async function evaluate(config: Record<string, unknown>) {
  const corpus = await parseCorpus(chunkevalCorpus());
  const questions = chunkevalQuestions();
  checkReferences(questions, corpus.sources, 'questions.csv');
  const pool = new RetrievalPool(await chunkCorpus(corpus, config));
  const retriever = bm25Retriever(
    pool.entries.map(({ chunk }) => chunk.text),
    DEFAULT_BM25_PARAMETERS,
  );
  return evaluateRetrieval({ pool, questions, retriever, settings: SETTINGS });
}

describe('retrieval evaluation on chunkeval', () => {
  it('gives the reference setting its published figures: 400-character windows of the files, BM25, k = 5, one pool', async () => {
    // the reference chunker cuts the corpus string itself, every 400 characters, whitespace kept: `over: source`
    const result = await evaluate({ strategy: 'fixed-characters', size: 400, overlap: 0, over: 'source' });
    expect(result.chunks).toBe(517);
    expect(result.overall.questions).toBe(276);
    const { recall, precision, iou, precisionOmega } = result.overall;
    expect(Math.abs(recall * 100 - 74.0)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(precision * 100 - 8.9)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(iou * 100 - 8.7)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(precisionOmega * 100 - 35.7)).toBeLessThanOrEqual(0.1);
    expect(Object.keys(result.perCorpus).sort()).toEqual(['chatlogs', 'state_of_the_union', 'wikitexts']);
    const weighted = Object.values(result.perCorpus).reduce((sum, row) => sum + row.recall * row.questions, 0) / 276;
    expect(weighted).toBeCloseTo(recall, 10);
    expect(result.questions.every((question) => question.hits.length === 5)).toBe(true);
    // the windows tile each file: their characters are the files' (no window of whitespace alone here)
    const characters = chunkevalCorpus().reduce((sum, file) => sum + [...new TextDecoder().decode(file.bytes)].length, 0);
    expect(result.meanChunkChars).toBeCloseTo(characters / 517, 6);
  });
});
