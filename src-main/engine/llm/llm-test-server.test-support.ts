import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

/** A request the server received: path, headers and the parsed JSON body. */
export interface ReceivedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** How the server answers one request: a status, headers and a raw body; `hang` never answers; `drop` closes the connection. */
export type ScriptedReply = { status: number; headers?: Record<string, string>; body: string } | 'hang' | 'drop';
/** A scripted reply, or one chosen by the request's body (requests sent at once may arrive in any order). */
export type ScriptedStep = ScriptedReply | ((body: Record<string, unknown>) => ScriptedReply);

/** The default answer to the n-th request: `answer <n>: <the last user text's first 40 characters>`. */
const echo = (body: Record<string, unknown>, n: number) => `answer ${n}: ${lastUserText(body).slice(0, 40)}`;

/** Dimensions of the test server's vectors. */
export const TEST_EMBEDDING_DIMENSIONS = 64;

/**
 * A deterministic vector of a text: its words hashed into `TEST_EMBEDDING_DIMENSIONS` counts, so
 * that texts sharing words point alike, as a real model's vectors of related texts do.
 */
export function hashedWordVector(text: string): number[] {
  const vector = new Array<number>(TEST_EMBEDDING_DIMENSIONS).fill(0);
  for (const [word] of text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    let hash = 0;
    for (const character of word) hash = (hash * 31 + character.codePointAt(0)!) >>> 0;
    vector[hash % TEST_EMBEDDING_DIMENSIONS]! += 1;
  }
  return vector;
}

/**
 * A deterministic relevance score of a document for a query: the share of the query's distinct words
 * the document holds, as a reranking model's scores rise with what a passage shares with the question.
 */
export function sharedWordScore(query: string, document: string): number {
  const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  const asked = words(query);
  const held = words(document);
  let shared = 0;
  for (const word of asked) if (held.has(word)) shared++;
  return asked.size === 0 ? 0 : shared / asked.size;
}

/**
 * A chat server on 127.0.0.1 (random port) that speaks OpenAI's chat-completions
 * (`POST /v1/chat/completions`), Anthropic's messages (`POST /v1/messages`), OpenAI's embeddings
 * (`POST /v1/embeddings`, vectors by `embed`, default `hashedWordVector`) and the rerank protocols
 * (`POST /rerank`: Cohere's and Jina's `{query, documents}` → `{results: [{index, relevance_score}]}`
 * best first, text-embeddings-inference's `{query, texts}` → `[{index, score}]`; scores by
 * `sharedWordScore`). Replies from
 * `script` first, in order; then answers each request with `answer(body, n)` (default: `echo`) and
 * usage of 100 input (40 cached) and 10 output tokens. Records every request and every connection
 * the client closed before its answer. Not used at run time.
 */
export async function startLlmTestServer(
  script: ScriptedStep[] = [],
  answer: (body: Record<string, unknown>, n: number) => string = echo,
  embed: (text: string) => number[] = hashedWordVector,
) {
  const requests: ReceivedRequest[] = [];
  let closedEarly = 0;
  const hanging = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      requests.push({ path: request.url ?? '', headers: request.headers, body });
      const path = request.url ?? '';
      const step = script.shift();
      const reply =
        (typeof step === 'function' ? step(body) : step) ?? protocolReply(path, body, () => answer(body, requests.length), embed);
      response.on('close', () => {
        if (!response.writableFinished) closedEarly++;
        hanging.delete(response);
      });
      if (reply === 'hang') {
        hanging.add(response);
        return;
      }
      if (reply === 'drop') {
        request.socket.destroy();
        return;
      }
      response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      response.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Connections the client closed before the server answered (a cancelled or timed-out request). */
    closedEarly: () => closedEarly,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type LlmTestServer = Awaited<ReturnType<typeof startLlmTestServer>>;

/** The text of the last user message of a request of either protocol. */
export function lastUserText(body: Record<string, unknown>): string {
  const messages = body['messages'] as Array<{ role: string; content: string | Array<{ type: string; text?: string }> }>;
  const last = [...messages].reverse().find((message) => message.role === 'user');
  if (!last) return '';
  return typeof last.content === 'string' ? last.content : last.content.map((part) => part.text ?? '').join('');
}

/** The system prompt of a request of either protocol. */
export function systemText(body: Record<string, unknown>): string {
  const messages = body['messages'] as Array<{ role: string; content: unknown }>;
  const system = body['system'] ?? messages.find((message) => message.role === 'system')?.content;
  return typeof system === 'string' ? system : '';
}

function protocolReply(
  path: string,
  body: Record<string, unknown>,
  chatAnswer: () => string,
  embed: (text: string) => number[],
): ScriptedReply {
  if (path.endsWith('/embeddings')) return embeddingsReply(body, embed);
  if (path.endsWith('/rerank')) return rerankReply(body);
  return defaultReply(path, chatAnswer());
}

function rerankReply(body: Record<string, unknown>): ScriptedReply {
  const query = String(body['query']);
  const tei = Array.isArray(body['texts']);
  const documents = (tei ? body['texts'] : body['documents']) as string[];
  const scored = documents.map((document, index) => ({ index, score: sharedWordScore(query, document) }));
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  const answer = tei ? scored : { results: scored.map(({ index, score }) => ({ index, relevance_score: score })) };
  return { status: 200, body: JSON.stringify(answer) };
}

function defaultReply(path: string, text: string): ScriptedReply {
  if (path.endsWith('/messages')) {
    const usage = { input_tokens: 60, output_tokens: 10, cache_read_input_tokens: 40, cache_creation_input_tokens: 0 };
    return { status: 200, body: JSON.stringify({ type: 'message', content: [{ type: 'text', text }], usage }) };
  }
  const usage = { prompt_tokens: 100, completion_tokens: 10, prompt_tokens_details: { cached_tokens: 40 } };
  return {
    status: 200,
    body: JSON.stringify({ choices: [{ message: { role: 'assistant', content: text }, finish_reason: 'stop' }], usage }),
  };
}

function embeddingsReply(body: Record<string, unknown>, embed: (text: string) => number[]): ScriptedReply {
  const input = body['input'] as string[];
  const data = input.map((text, index) => ({ object: 'embedding', index, embedding: embed(text) }));
  return {
    status: 200,
    body: JSON.stringify({ object: 'list', data, usage: { prompt_tokens: 5 * input.length, total_tokens: 5 * input.length } }),
  };
}

/**
 * A test file's servers and cache folders, closed and removed after each test: `serve` starts a
 * server with its script, `cacheFolder` makes an empty disk-cache folder.
 */
export function useLlmTestServer(cacheFolderPrefix: string) {
  const servers: LlmTestServer[] = [];
  const folders: string[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
    await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
  });
  return {
    async serve(script: ScriptedStep[] = []): Promise<LlmTestServer> {
      const server = await startLlmTestServer(script);
      servers.push(server);
      return server;
    },
    async cacheFolder(): Promise<string> {
      const folder = await mkdtemp(join(tmpdir(), cacheFolderPrefix));
      folders.push(folder);
      return folder;
    },
  };
}
