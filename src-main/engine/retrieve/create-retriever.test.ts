import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { retrievalSettingsSchema, type RetrievalSettingsInput } from '../../../src-shared/retrieval';
import { createEmbeddingSession } from '../llm/embeddings';
import { createLlmSession } from '../llm/create-llm-session';
import { hashedWordVector, lastUserText, sharedWordScore, useLlmTestServer } from '../llm/llm-test-server.test-support';
import { chunkDocument, parseDocument } from '../pipeline';
import { createRetriever, searchPool } from './create-retriever';
import { reciprocalRankFusion } from './rank-fusion';
import { httpReranker, llmReranker } from './rerank';
import { RetrievalPool } from './retrieval-pool';

const { serve, cacheFolder } = useLlmTestServer('stratum-retrieval-cache-');
const FAST_RETRIES = { baseDelayMs: 5, maxDelayMs: 20 };

/** The State of the Union 2024 in 400-character windows: 121 chunks, two embedding requests of 64. */
async function speechPool(): Promise<RetrievalPool> {
  const file = path.resolve(import.meta.dirname, '../../../test-data/chunkeval/corpora/state_of_the_union.md');
  const bytes = readFileSync(file);
  const parsed = await parseDocument('state_of_the_union.md', bytes);
  const config = { strategy: 'fixed-characters', size: 400, overlap: 0, over: 'source' };
  return new RetrievalPool([
    { corpusId: 'state_of_the_union', chunks: [...chunkDocument(parsed.doc, parsed.docId, config, {}, parsed.sourceText)] },
  ]);
}

function embeddings(url: string, cache?: string, retries = 0) {
  return createEmbeddingSession(
    {
      config: { provider: 'openai-compatible', baseUrl: `${url}/v1`, model: 'embed-test', batchSize: 64, maxConcurrency: 1, retries },
      cacheFolder: cache,
    },
    FAST_RETRIES,
  );
}

const settings = (input: RetrievalSettingsInput) => retrievalSettingsSchema.parse(input);

describe('dense, hybrid and reranked retrieval against a local provider', () => {
  it('ranks a chunk first for its own text, by cosine similarity, and reads every vector from the disk cache the second time', async () => {
    const server = await serve();
    const cache = await cacheFolder();
    const pool = await speechPool();
    const own = pool.entries[42]!.chunk.text;
    const first = embeddings(server.url, cache);
    const [hits] = await searchPool(pool, [own], settings({ retriever: 'dense', k: 3 }), { embeddings: first });
    expect(hits![0]).toMatchObject({ position: 42, rank: 1, chunkId: pool.entries[42]!.chunk.id, corpusId: 'state_of_the_union' });
    expect(hits![0]!.score).toBeCloseTo(1, 5);
    // the query is a chunk's text: the cache written a moment ago answers it
    expect(first.usage()).toMatchObject({ requests: 2, texts: 121, diskCacheHits: 1 });
    const again = embeddings(server.url, cache);
    await searchPool(pool, [own], settings({ retriever: 'dense', k: 3 }), { embeddings: again });
    expect(again.usage()).toMatchObject({ requests: 0, diskCacheHits: 122 });
  });

  it('fuses BM25 and dense rankings by reciprocal rank: a chunk first in both scores 2 / (k + 1)', async () => {
    const server = await serve();
    const pool = await speechPool();
    const [hits] = await searchPool(pool, [pool.entries[7]!.chunk.text], settings({ retriever: 'hybrid', k: 5 }), {
      embeddings: embeddings(server.url),
    });
    expect(hits![0]).toMatchObject({ position: 7 });
    expect(hits![0]!.score).toBeCloseTo(2 / 61, 10);
    expect(
      reciprocalRankFusion(
        [
          [{ position: 3, score: 9 }],
          [
            { position: 5, score: 1 },
            { position: 3, score: 0.5 },
          ],
        ],
        60,
        2,
      ),
    ).toEqual([
      { position: 3, score: 1 / 61 + 1 / 62 },
      { position: 5, score: 1 / 61 },
    ]);
  });

  it('reranks the candidates through a /rerank endpoint of either protocol', async () => {
    const server = await serve();
    const pool = await speechPool();
    const query = 'What did the President say about insulin prices for seniors?';
    for (const protocol of ['cohere', 'tei'] as const) {
      const reranker = httpReranker({ baseUrl: server.url, protocol, model: 'rerank-test', timeoutMs: 5000, retries: 0 });
      const [hits] = await searchPool(pool, [query], settings({ k: 5, candidates: 20 }), { reranker });
      const scores = hits!.map((hit) => hit.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      expect(scores[0]).toBeCloseTo(sharedWordScore(query, pool.entries[hits![0]!.position]!.chunk.text), 10);
    }
    const [cohere, tei] = server.requests;
    expect(cohere).toMatchObject({ path: '/rerank', body: { model: 'rerank-test', query, top_n: 20 } });
    expect((cohere!.body['documents'] as string[]).length).toBe(20);
    expect(Object.keys(tei!.body).sort()).toEqual(['query', 'texts']);
  });

  it('reranks by the scores an LLM gives the numbered candidates, and refuses an answer that does not score each', async () => {
    const chat = (content: string) => ({ status: 200, body: JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }) });
    const server = await serve([chat('[2, 9, 0, 5]'), chat('[1, 2]')]);
    const pool = await speechPool();
    const session = createLlmSession(
      { config: { provider: 'openai-compatible', baseUrl: `${server.url}/v1`, model: 'rank-test', retries: 0 } },
      'send',
    );
    const query = 'insulin prices';
    const [first] = await searchPool(pool, [query], settings({ k: 4, candidates: 4 }));
    const [reranked] = await searchPool(pool, [query], settings({ k: 4, candidates: 4 }), { reranker: llmReranker(session) });
    expect(reranked!.map((hit) => hit.position)).toEqual([1, 3, 0, 2].map((index) => first![index]!.position));
    expect(reranked!.map((hit) => hit.score)).toEqual([9, 5, 2, 0]);
    expect(lastUserText(server.requests[0]!.body)).toMatch(/^Question: insulin prices\n\nPassages:\n\n\[1\] /);
    await expect(searchPool(pool, [query], settings({ k: 4, candidates: 4 }), { reranker: llmReranker(session) })).rejects.toThrow(
      /llm reranker \(rank-test\): the answer is not 4 scores/,
    );
  });

  it('stops with a clear error when the provider fails mid-run, and caches only the vectors it answered', async () => {
    const pool = await speechPool();
    const cache = await cacheFolder();
    // The batches read the cache before they queue for the provider, so either may be sent first: the provider answers
    // the first request it gets and fails the next, and the run stops there.
    let answeredTexts = 0;
    const answerOnce = (body: Record<string, unknown>) => {
      if (answeredTexts > 0) return { status: 503, body: '{"error":{"message":"model overloaded"}}' };
      const input = body['input'] as string[];
      answeredTexts = input.length;
      return { status: 200, body: JSON.stringify({ data: input.map((text, index) => ({ index, embedding: hashedWordVector(text) })) }) };
    };
    const failing = await serve([answerOnce, answerOnce]);
    await expect(
      searchPool(pool, ['insulin'], settings({ retriever: 'dense' }), { embeddings: embeddings(failing.url, cache) }),
    ).rejects.toThrow(/embed-test.*503.*overloaded/s);
    expect([64, 57]).toContain(answeredTexts);
    // the same provider answers again (vectors are cached by endpoint and model)
    const session = embeddings(failing.url, cache);
    const hits = await searchPool(pool, [pool.entries[42]!.chunk.text, pool.entries[100]!.chunk.text], settings({ retriever: 'dense' }), {
      embeddings: session,
    });
    // the answered batch's vectors came from the cache, the other batch's from the provider; the two queries, chunk texts, from the cache
    expect(session.usage()).toMatchObject({ diskCacheHits: answeredTexts + 2, texts: 121 - answeredTexts });
    expect(hits.map((list) => list[0]!.position)).toEqual([42, 100]);
    expect(hits[0]![0]!.score).toBeCloseTo(1, 5);
  });

  it('is cancelled while a request is in flight', async () => {
    const server = await serve(['hang']);
    const pool = await speechPool();
    const controller = new AbortController();
    const pending = createRetriever(
      pool,
      settings({ retriever: 'hybrid' }),
      { embeddings: embeddings(server.url) },
      { signal: controller.signal },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    await expect(pending).rejects.toThrow(/cancel/i);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.closedEarly()).toBe(1);
  });

  it('needs an embedding provider for dense retrieval, and says so', async () => {
    const pool = await speechPool();
    await expect(createRetriever(pool, settings({ retriever: 'dense' }))).rejects.toThrow(/needs an embedding provider/);
  });
});
