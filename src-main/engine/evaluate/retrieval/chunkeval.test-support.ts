import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { EvalQuestion } from '../../../../src-shared/retrieval';
import type { CorpusFile } from './chunk-corpus';
import { parseQuestionSet } from './question-set';

/** chunkeval's three corpora and 276 questions, as copied into test-data/chunkeval. Not used at run time. */
export const CHUNKEVAL_FOLDER = path.resolve(import.meta.dirname, '../../../../test-data/chunkeval');

export function chunkevalCorpus(): CorpusFile[] {
  const folder = path.join(CHUNKEVAL_FOLDER, 'corpora');
  return readdirSync(folder)
    .sort()
    .map((fileName) => ({ fileName, bytes: readFileSync(path.join(folder, fileName)) }));
}

export function chunkevalQuestions(): EvalQuestion[] {
  return parseQuestionSet(readFileSync(path.join(CHUNKEVAL_FOLDER, 'questions.csv'), 'utf8'), 'questions.csv');
}
