import { StratumError } from '../../../src-shared/errors';
import type { RetrievalConfigFile } from '../../../src-shared/retrieval';
import { createLlmSession } from '../llm/create-llm-session';
import { createEmbeddingSession } from '../llm/embeddings';
import type { RetrievalServices } from './create-retriever';
import { httpReranker, llmReranker } from './rerank';

/** Which block of a retrieval config a key is for, and the variable the block names (none: a local server needs no key). */
export type RetrievalKeyOf = (block: 'embedding' | 'rerank' | 'llm', config: { apiKeyEnv?: string }) => Promise<string | undefined>;

/**
 * The providers a retrieval config names, each with the key its host finds for it (the CLI: the
 * environment; the desktop workbench: its key store first), vectors cached in `cacheFolder`.
 * BM25 needs none; dense and hybrid need the embedding provider, a reranker its endpoint or the LLM.
 */
export async function retrievalServicesOf(
  config: RetrievalConfigFile,
  keyOf: RetrievalKeyOf,
  cacheFolder: string | undefined,
): Promise<RetrievalServices> {
  const services: RetrievalServices = {};
  if (config.retriever !== 'bm25' && config.embedding) {
    services.embeddings = createEmbeddingSession({
      config: config.embedding,
      apiKey: await keyOf('embedding', config.embedding),
      cacheFolder,
    });
  }
  const rerank = config.rerank;
  if (rerank?.provider === 'http') {
    services.reranker = httpReranker({ ...rerank, apiKey: await keyOf('rerank', rerank), timeoutMs: rerank.timeoutSeconds * 1000 });
  } else if (rerank?.provider === 'llm') {
    if (!config.llm) throw new StratumError('invalid-config', 'rerank: the llm reranker needs an llm: block');
    services.reranker = llmReranker(createLlmSession({ config: config.llm, apiKey: await keyOf('llm', config.llm), cacheFolder }, 'send'));
  }
  return services;
}
