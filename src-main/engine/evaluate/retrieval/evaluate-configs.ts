import type { ConfigEvaluation, EvalQuestion, EvaluationProgress, RetrievalSettings } from '../../../../src-shared/retrieval';
import { createRetriever, type RetrievalServices } from '../../retrieve/create-retriever';
import { RetrievalPool } from '../../retrieve/retrieval-pool';
import { chunkCorpus, type ParsedCorpus } from './chunk-corpus';
import { evaluateRetrieval } from './evaluate-retrieval';

export interface EvaluateConfigsInput {
  /** Parsed once (`parseCorpus`), chunked under each configuration. */
  corpus: ParsedCorpus;
  questions: readonly EvalQuestion[];
  /** Chunk configs as a config file holds them (`{strategy, size, ...}`). */
  configs: readonly unknown[];
  settings: RetrievalSettings;
  services?: RetrievalServices;
  signal?: AbortSignal;
  /** `config` is the position of the configuration being evaluated. */
  onProgress?: (progress: EvaluationProgress) => void;
}

/**
 * The quality lab's one call: each configuration's chunks of the whole corpus in one pool, retrieved
 * for every question and scored, in the order the configurations are given. A/B is two
 * configurations; a sweep is many.
 */
export async function evaluateConfigs(input: EvaluateConfigsInput): Promise<ConfigEvaluation[]> {
  const { corpus, questions, configs, settings, services, signal, onProgress } = input;
  const evaluations: ConfigEvaluation[] = [];
  for (const [index, config] of configs.entries()) {
    const report = (progress: EvaluationProgress) => onProgress?.({ ...progress, config: index });
    report({ stage: 'chunk', done: 0, total: corpus.files.length });
    const pool = new RetrievalPool(await chunkCorpus(corpus, config, signal));
    const retriever = await createRetriever(pool, settings, services, { signal, onProgress: report });
    const result = await evaluateRetrieval({ pool, questions, retriever, settings, signal, onProgress: report });
    evaluations.push({ config, result });
  }
  return evaluations;
}
