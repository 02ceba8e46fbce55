import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LlmConfig } from '../../../src-shared/pipeline-config';
import { createLlmSession } from './create-llm-session';
import { useLlmTestServer } from './llm-test-server.test-support';
import type { LlmPrompt } from './llm-session';

const KEY = 'sk-test-0123456789abcdef-SECRET';
const FAST_RETRIES = { baseDelayMs: 5, maxDelayMs: 20 };
const prompt = (text: string): LlmPrompt => ({
  system: 'You situate chunks.',
  messages: [{ role: 'user', content: [{ type: 'text', text }] }],
});
const chatCompletion = (content: string) =>
  JSON.stringify({ choices: [{ message: { content } }], usage: { prompt_tokens: 7, completion_tokens: 3 } });

const { serve, cacheFolder } = useLlmTestServer('stratum-llm-cache-');

function session(config: Partial<LlmConfig> & { baseUrl: string }, cache?: string) {
  return createLlmSession(
    { config: { provider: 'openai-compatible', model: 'test-model', ...config }, apiKey: KEY, cacheFolder: cache },
    'send',
    FAST_RETRIES,
  );
}

describe('LLM session against a local OpenAI-compatible server', () => {
  it('sends the system prompt, the messages, the model settings and the key, and counts the usage', async () => {
    const { url, requests } = await serve();
    const llm = session({ baseUrl: `${url}/v1`, prices: { 'test-model': { input: 1, output: 2, cachedInput: 0.5 } } });
    await expect(llm.chat(prompt('Where does this chunk sit?'))).resolves.toBe('answer 1: Where does this chunk sit?');
    expect(requests[0]).toMatchObject({
      path: '/v1/chat/completions',
      headers: { authorization: `Bearer ${KEY}` },
      body: {
        model: 'test-model',
        messages: [
          { role: 'system', content: 'You situate chunks.' },
          { role: 'user', content: 'Where does this chunk sit?' },
        ],
        max_tokens: 512,
        temperature: 0,
      },
    });
    // 60 uncached at $1, 40 cached at $0.5, 10 out at $2, per million
    expect(llm.usage()).toEqual({
      model: 'test-model',
      requests: 1,
      diskCacheHits: 0,
      tokens: { input: 100, output: 10, cachedInput: 40 },
      cost: (60 + 20 + 20) / 1e6,
    });
  });

  it('sends an image as an image_url part and reports an unknown cost for a model without a price', async () => {
    const { url, requests } = await serve();
    const llm = session({ baseUrl: url });
    const dataUrl = 'data:image/png;base64,iVBORw0KGgo=';
    await llm.chat({
      system: 's',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Describe.' },
            { type: 'image', dataUrl },
          ],
        },
      ],
    });
    expect(requests[0]!.body['messages']).toEqual([
      { role: 'system', content: 's' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Describe.' },
          { type: 'image_url', image_url: { url: dataUrl } },
        ],
      },
    ]);
    expect(llm.usage().cost).toBe('unknown');
  });

  it('waits what a 429 Retry-After asks, then succeeds', async () => {
    const { url, requests } = await serve([{ status: 429, headers: { 'retry-after': '1' }, body: '{"error":{"message":"slow down"}}' }]);
    const started = performance.now();
    await expect(session({ baseUrl: url }).chat(prompt('hello'))).resolves.toBe('answer 2: hello');
    expect(performance.now() - started).toBeGreaterThan(900);
    expect(requests).toHaveLength(2);
  });

  it('fails at once when Retry-After asks more than a retry waits', async () => {
    const date = new Date(Date.now() + 3_600_000).toUTCString();
    const { url, requests } = await serve([{ status: 429, headers: { 'retry-after': date }, body: '' }]);
    await expect(session({ baseUrl: url }).chat(prompt('hello'))).rejects.toThrow(/HTTP 429 \(the provider asks to wait 3\d{3} s/);
    expect(requests).toHaveLength(1);
  });

  it('retries a 500 and a dropped connection, and gives up after its retries with the last error', async () => {
    const { url, requests } = await serve([{ status: 500, body: 'upstream failed' }, 'drop', { status: 503, body: '' }]);
    await expect(session({ baseUrl: url }).chat(prompt('one'))).resolves.toBe('answer 4: one');
    expect(requests).toHaveLength(4);
    const server = await serve(Array.from({ length: 5 }, () => ({ status: 502, body: '{"error":"bad gateway"}' })));
    await expect(session({ baseUrl: server.url, retries: 2 }).chat(prompt('two'))).rejects.toMatchObject({
      code: 'llm',
      message: `openai-compatible (test-model) at ${server.url}/chat/completions: HTTP 502: bad gateway`,
    });
    expect(server.requests).toHaveLength(3);
  });

  it('times out a request that gets no answer, closing its connection', async () => {
    const { url, closedEarly } = await serve(['hang']);
    await expect(session({ baseUrl: url, timeoutSeconds: 0.3, retries: 0 }).chat(prompt('hello'))).rejects.toThrow(
      /openai-compatible \(test-model\) at .*: no answer within 0.3 s/,
    );
    await expect.poll(closedEarly, { timeout: 2000 }).toBe(1);
  });

  it('names the provider when the answer is not JSON or not a chat completion, and does not retry it', async () => {
    const { url, requests } = await serve([
      { status: 200, body: '{"choices": [' },
      { status: 200, body: '{"id": "x"}' },
    ]);
    const llm = session({ baseUrl: url });
    await expect(llm.chat(prompt('a'))).rejects.toThrow(
      /^openai-compatible \(test-model\) at .*: the answer is not JSON \(\{"choices": \[\)$/,
    );
    await expect(llm.chat(prompt('b'))).rejects.toThrow('openai-compatible (test-model): the answer is not a chat completion');
    expect(requests).toHaveLength(2);
  });

  it('refuses an answer larger than the bound without reading it all', async () => {
    const { url } = await serve([{ status: 200, body: chatCompletion('x'.repeat(9 * 1024 * 1024)) }]);
    await expect(session({ baseUrl: url }).chat(prompt('a'))).rejects.toThrow(/the answer is larger than 8388608 bytes/);
  });

  it('is cancelled mid-run: waiting and running requests stop, and the server sees their connections closed', async () => {
    const { url, requests, closedEarly } = await serve(['hang', 'hang']);
    const llm = session({ baseUrl: url, maxConcurrency: 2 });
    const controller = new AbortController();
    const calls = ['a', 'b', 'c', 'd'].map((text) => llm.chat(prompt(text), controller.signal));
    await expect.poll(() => requests.length, { timeout: 2000 }).toBe(2);
    controller.abort();
    for (const call of calls) await expect(call).rejects.toMatchObject({ code: 'cancelled' });
    await expect.poll(closedEarly, { timeout: 2000 }).toBe(2);
    expect(requests).toHaveLength(2);
  });

  it('answers a request asked before from the disk cache: the server sees no second request', async () => {
    const { url, requests } = await serve();
    const folder = await cacheFolder();
    await session({ baseUrl: url }, folder).chat(prompt('cached'));
    const again = session({ baseUrl: url }, folder);
    await expect(again.chat(prompt('cached'))).resolves.toBe('answer 1: cached');
    expect(requests).toHaveLength(1);
    expect(again.usage()).toMatchObject({ requests: 0, diskCacheHits: 1, tokens: { input: 0, output: 0, cachedInput: 0 } });
    // another model is another answer
    await session({ baseUrl: url, model: 'other-model' }, folder).chat(prompt('cached'));
    expect(requests).toHaveLength(2);
  });

  it('asks a request once when several callers ask it together', async () => {
    const { url, requests } = await serve();
    const llm = session({ baseUrl: url });
    const answers = await Promise.all([llm.chat(prompt('same')), llm.chat(prompt('same'))]);
    expect(answers).toEqual(['answer 1: same', 'answer 1: same']);
    expect(requests).toHaveLength(1);
  });

  it('estimates before sending: counts the prompts, sends nothing, and takes cached answers as free', async () => {
    const { url, requests } = await serve();
    const folder = await cacheFolder();
    const config = {
      provider: 'openai-compatible' as const,
      model: 'test-model',
      baseUrl: url,
      prices: { 'test-model': { input: 2, output: 4 } },
    };
    await createLlmSession({ config, cacheFolder: folder }, 'send').chat(prompt('seen before'));
    const estimating = createLlmSession({ config, cacheFolder: folder }, 'estimate');
    await expect(estimating.chat(prompt('seen before'))).resolves.toBe('answer 1: seen before');
    await expect(estimating.chat({ ...prompt('new words here'), maxOutputTokens: 20 })).resolves.toBe('');
    const estimate = estimating.estimate();
    expect(estimate).toMatchObject({ requests: 1, diskCacheHits: 1, maxOutputTokens: 20 });
    expect(estimate.inputTokens).toBeGreaterThan(5);
    expect(estimate.inputTokens).toBeLessThan(20);
    expect(estimate.maxCost).toBeCloseTo((estimate.inputTokens * 2 + 20 * 4) / 1e6, 12);
    expect(requests).toHaveLength(1);
  });

  it('never lets the key reach an error, a log or a cache file, even when the provider echoes it', async () => {
    const { url } = await serve([
      { status: 401, body: JSON.stringify({ error: { message: `Incorrect API key provided: ${KEY}.` } }) },
      { status: 200, body: chatCompletion(`my key is ${KEY}?`) },
    ]);
    const folder = await cacheFolder();
    const logged: string[] = [];
    const restore = captureOutput(logged);
    let message = '';
    try {
      const llm = session({ baseUrl: url }, folder);
      await llm
        .chat(prompt('first'))
        .catch((error: unknown) => (message = error instanceof Error ? `${error.message}\n${error.stack}` : ''));
      await expect(llm.chat(prompt('second'))).resolves.toBe('my key is [redacted key]?');
    } finally {
      restore();
    }
    expect(message).toContain('HTTP 401: Incorrect API key provided: [redacted key].');
    expect(message).not.toContain(KEY);
    expect(logged.join('')).not.toContain(KEY);
    const files = await filesUnder(folder);
    expect(files.length).toBe(1);
    for (const file of files) expect(await readFile(file, 'utf8')).not.toContain('0123456789abcdef');
  });
});

describe('LLM session against a local Anthropic server', () => {
  it('sends the key and version headers, marks the shared prefix for caching, and counts cached tokens as input', async () => {
    const { url, requests } = await serve();
    const llm = createLlmSession({ config: { provider: 'anthropic', model: 'claude-test', baseUrl: url }, apiKey: KEY }, 'send');
    const answer = await llm.chat({
      system: 'You situate chunks.',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: '<document>The whole document.</document>', sharedPrefix: true },
            { type: 'text', text: '<chunk>One chunk.</chunk>' },
            { type: 'image', dataUrl: 'data:image/jpeg;base64,/9j/AA==' },
          ],
        },
      ],
    });
    expect(answer).toBe('answer 1: <document>The whole document.</document>');
    expect(requests[0]).toMatchObject({
      path: '/v1/messages',
      headers: { 'x-api-key': KEY, 'anthropic-version': '2023-06-01' },
      body: {
        model: 'claude-test',
        system: 'You situate chunks.',
        max_tokens: 512,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: '<document>The whole document.</document>', cache_control: { type: 'ephemeral' } },
              { type: 'text', text: '<chunk>One chunk.</chunk>' },
              { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: '/9j/AA==' } },
            ],
          },
        ],
      },
    });
    expect(requests[0]!.headers['authorization']).toBeUndefined();
    expect(llm.usage().tokens).toEqual({ input: 100, output: 10, cachedInput: 40 });
  });

  it('retries a 529 overload and names the provider when the answer is malformed', async () => {
    const { url, requests } = await serve([
      { status: 529, headers: { 'retry-after': '0' }, body: '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}' },
      { status: 200, body: '{"content": "not a list"}' },
    ]);
    const llm = createLlmSession({ config: { provider: 'anthropic', model: 'claude-test', baseUrl: url } }, 'send', FAST_RETRIES);
    await expect(llm.chat(prompt('a'))).rejects.toThrow('anthropic (claude-test): the answer is not a message');
    expect(requests).toHaveLength(2);
  });
});

function captureOutput(into: string[]): () => void {
  const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
  const originals = methods.map((method) => console[method]);
  for (const method of methods) console[method] = (...args: unknown[]) => void into.push(args.map(String).join(' '));
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string | Uint8Array) => into.push(String(chunk)) > 0) as typeof process.stderr.write;
  return () => {
    methods.forEach((method, index) => (console[method] = originals[index]!));
    process.stderr.write = write;
  };
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}
