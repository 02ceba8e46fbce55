import { describe, expect, it } from 'vitest';
import type { EmbeddingConfig } from '../../../src-shared/pipeline-config';
import { createEmbeddingSession } from './embeddings';
import { hashedWordVector, useLlmTestServer } from './llm-test-server.test-support';

const KEY = 'sk-embed-0123456789abcdef-SECRET';
const FAST_RETRIES = { baseDelayMs: 5, maxDelayMs: 20 };
const TEXTS = ['debian/watch file', 'the conffiles list', 'source format 3.0 (quilt)', 'the conffiles list', 'dh_make templates'];

const { serve, cacheFolder } = useLlmTestServer('stratum-embedding-cache-');

function session(config: Partial<EmbeddingConfig> & { baseUrl: string }, cache?: string) {
  return createEmbeddingSession(
    { config: { provider: 'openai-compatible', model: 'embed-test', ...config }, apiKey: KEY, cacheFolder: cache },
    FAST_RETRIES,
  );
}

const expected = (text: string) => Float32Array.from(hashedWordVector(text));

describe('embeddings client against a local OpenAI-compatible server', () => {
  it('posts the texts in batches with the model and the key, and returns one vector per text in order', async () => {
    const { url, requests } = await serve();
    const embeddings = session({ baseUrl: `${url}/v1`, batchSize: 2 });
    const vectors = await embeddings.embed(TEXTS);
    expect(vectors).toEqual(TEXTS.map(expected));
    // four distinct texts, two a request
    expect(requests.map((request) => request.path)).toEqual(['/v1/embeddings', '/v1/embeddings']);
    expect(requests[0]).toMatchObject({
      headers: { authorization: `Bearer ${KEY}` },
      body: { model: 'embed-test', input: TEXTS.slice(0, 2) },
    });
    expect(embeddings.usage()).toEqual({ model: 'embed-test', requests: 2, diskCacheHits: 0, texts: 4, inputTokens: 20 });
  });

  it('waits what a 429 Retry-After asks, then succeeds', async () => {
    const { url, requests } = await serve([{ status: 429, headers: { 'retry-after': '1' }, body: '{"error":{"message":"slow down"}}' }]);
    const started = performance.now();
    await expect(session({ baseUrl: url }).embed(['one text'])).resolves.toEqual([expected('one text')]);
    expect(performance.now() - started).toBeGreaterThan(900);
    expect(requests).toHaveLength(2);
  });

  it('fails on an answer that is not JSON or not one vector per text, without retrying', async () => {
    const { url, requests } = await serve([
      { status: 200, body: '{"data": [' },
      { status: 200, body: JSON.stringify({ data: [{ index: 0, embedding: [1, 0] }] }) },
    ]);
    await expect(session({ baseUrl: url }).embed(['a'])).rejects.toThrow(/embeddings \(embed-test\) at .*: the answer is not JSON/);
    await expect(session({ baseUrl: url }).embed(['a', 'b'])).rejects.toThrow(/1 embeddings answer 2 texts/);
    expect(requests).toHaveLength(2);
  });

  it('stops a request in flight when cancelled', async () => {
    const server = await serve(['hang']);
    const controller = new AbortController();
    const pending = session({ baseUrl: server.url }).embed(['waits'], controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    await expect(pending).rejects.toThrow(/cancel/i);
    await expect.poll(() => server.closedEarly()).toBe(1);
  });

  it('answers the second run from the disk cache, and only the new texts are sent', async () => {
    const { url, requests } = await serve();
    const folder = await cacheFolder();
    await session({ baseUrl: url }, folder).embed(TEXTS);
    const second = session({ baseUrl: url }, folder);
    await expect(second.embed([...TEXTS, 'a new text'])).resolves.toEqual([...TEXTS, 'a new text'].map(expected));
    expect(second.usage()).toMatchObject({ requests: 1, diskCacheHits: 4, texts: 1 });
    expect(requests.at(-1)!.body['input']).toEqual(['a new text']);
    // another model's vectors are its own
    await session({ baseUrl: url, model: 'other' }, folder).embed(['a new text']);
    expect(requests).toHaveLength(3);
  });

  it('never shows the key: an error that quotes it is redacted', async () => {
    const { url } = await serve([{ status: 401, body: JSON.stringify({ error: { message: `Incorrect API key provided: ${KEY}` } }) }]);
    const error = await session({ baseUrl: url })
      .embed(['x'])
      .catch((caught: unknown) => caught);
    expect(String((error as Error).message)).toContain('HTTP 401: Incorrect API key provided: [redacted key]');
    expect(JSON.stringify(error) + String(error)).not.toContain(KEY);
  });
});
