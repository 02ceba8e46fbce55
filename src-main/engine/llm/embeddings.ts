import { hash } from 'node:crypto';
import { z } from 'zod';
import { isStratumError, StratumError } from '../../../src-shared/errors';
import type { EmbeddingConfig, EmbeddingProvider } from '../../../src-shared/pipeline-config';
import { cancelledError, isCancelledError } from '../cancellation';
import { stableHash, stableStringify } from '../chunk/chunk-id';
import { ConcurrencyLimit } from './concurrency-limit';
import { DEFAULT_CONCURRENCY, DEFAULT_TIMEOUT_SECONDS } from './create-llm-session';
import { JsonDiskCache } from './disk-cache';
import { LlmRequestError, postJson } from './http-json';
import { OPENAI_DEFAULT_BASE_URL } from './openai-compatible';
import { DEFAULT_RETRY_POLICY, withRetries, type RetryPolicy } from './retry';

/** Texts per request: well within what OpenAI (2,048) and the local servers take, few enough that one retry costs little. */
export const DEFAULT_EMBEDDING_BATCH_SIZE = 64;
const REDACTED = '[redacted key]';
const NEVER_ABORTED = new AbortController().signal;

/** One provider's embeddings endpoint: one request for a few texts; limits, retries and caching are the session's. */
export interface EmbeddingClient {
  readonly provider: EmbeddingProvider;
  readonly baseUrl: string;
  readonly model: string;
  embed(texts: readonly string[], signal: AbortSignal): Promise<{ vectors: Float32Array[]; inputTokens: number }>;
}

const answerSchema = z.object({
  data: z.array(z.object({ embedding: z.array(z.number()).min(1), index: z.number().int().nonnegative().optional() })),
  usage: z.object({ prompt_tokens: z.number().int().nonnegative().optional() }).nullable().optional(),
});

/**
 * OpenAI's embeddings protocol, `POST {baseUrl}/embeddings` with `{model, input: [texts]}`: OpenAI, and
 * the local servers that speak it (Ollama's `/v1`, llama.cpp server, vLLM, LM Studio). An answer must
 * hold one vector per text, all of one dimension.
 */
export function openAiCompatibleEmbeddingClient(settings: { baseUrl?: string; model: string; apiKey?: string; timeoutMs: number }) {
  const baseUrl = (settings.baseUrl ?? OPENAI_DEFAULT_BASE_URL).replace(/\/+$/, '');
  const label = `openai-compatible embeddings (${settings.model})`;
  const client: EmbeddingClient = {
    provider: 'openai-compatible',
    baseUrl,
    model: settings.model,
    async embed(texts, signal) {
      const answer = await postJson({
        label,
        url: `${baseUrl}/embeddings`,
        headers: settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {},
        body: { model: settings.model, input: texts, encoding_format: 'float' },
        timeoutMs: settings.timeoutMs,
        signal,
      });
      const parsed = answerSchema.safeParse(answer);
      if (!parsed.success) throw new LlmRequestError(`${label}: the answer is not a list of embeddings`, false);
      const { data, usage } = parsed.data;
      if (data.length !== texts.length) {
        throw new LlmRequestError(`${label}: ${data.length} embeddings answer ${texts.length} texts`, false);
      }
      // Servers may list the vectors in any order; `index` says whose each one is.
      const ordered = data.every((item) => item.index !== undefined) ? [...data].sort((a, b) => a.index! - b.index!) : data;
      const dimension = ordered[0]?.embedding.length;
      if (ordered.some((item, position) => item.embedding.length !== dimension || (item.index ?? position) !== position)) {
        throw new LlmRequestError(`${label}: the embeddings differ in dimension or do not answer each text once`, false);
      }
      return { vectors: ordered.map((item) => Float32Array.from(item.embedding)), inputTokens: usage?.prompt_tokens ?? 0 };
    },
  };
  return client;
}

/** What a session asked of its provider: requests sent, texts answered from the disk cache, texts embedded, tokens. */
export interface EmbeddingUsage {
  model: string;
  requests: number;
  diskCacheHits: number;
  texts: number;
  inputTokens: number;
}

export interface EmbeddingSessionSettings {
  client: EmbeddingClient;
  concurrency: number;
  retry: RetryPolicy;
  batchSize: number;
  cache?: JsonDiskCache<{ vector: string }>;
  /** The API key: removed from every message an error carries. */
  secret?: string;
}

/**
 * Embeddings as the steps see them: texts sent `batchSize` at a time, at most `concurrency` requests
 * at a time, each retried on 429 (after its Retry-After), 5xx and network failures; a text embedded
 * before by the same provider, endpoint and model is read from the disk cache. Errors never carry the key.
 */
export class EmbeddingSession {
  readonly model: string;
  /** Names what changes a vector besides the text: provider, endpoint and model. */
  readonly fingerprint: string;
  private readonly limit: ConcurrencyLimit;
  private requests = 0;
  private diskCacheHits = 0;
  private texts = 0;
  private inputTokens = 0;

  constructor(private readonly settings: EmbeddingSessionSettings) {
    const { provider, baseUrl, model } = settings.client;
    this.model = model;
    this.fingerprint = stableHash({ provider, baseUrl, model });
    this.limit = new ConcurrencyLimit(settings.concurrency);
  }

  /** A vector for each text, in order (a text given twice is embedded once). Texts must not be empty. */
  async embed(texts: readonly string[], signal: AbortSignal = NEVER_ABORTED): Promise<Float32Array[]> {
    const unique = [...new Set(texts)];
    const vectors = new Map<string, Float32Array>();
    const batches: string[][] = [];
    for (let start = 0; start < unique.length; start += this.settings.batchSize) {
      batches.push(unique.slice(start, start + this.settings.batchSize));
    }
    // The first failure stops the batches still waiting or in flight, and the call returns only once
    // every batch has settled: no vector is written to the cache after the caller saw the error.
    const stop = new AbortController();
    const stopAll = () => stop.abort();
    signal.addEventListener('abort', stopAll, { once: true });
    const settled = await Promise.allSettled(
      batches.map((batch) =>
        this.embedBatch(batch, vectors, stop.signal).catch((error: unknown) => {
          stop.abort();
          throw error;
        }),
      ),
    );
    signal.removeEventListener('abort', stopAll);
    const failed = settled.find((outcome) => outcome.status === 'rejected');
    if (failed) throw this.redacted(signal.aborted ? cancelledError() : firstCause(settled, failed.reason));
    const dimensions = new Set([...vectors.values()].map((vector) => vector.length));
    if (dimensions.size > 1) {
      throw new StratumError('llm', `embeddings of ${this.model} differ in dimension (${[...dimensions].join(', ')}): clear the cache`);
    }
    return texts.map((text) => vectors.get(text)!);
  }

  usage(): EmbeddingUsage {
    const { model, requests, diskCacheHits, texts, inputTokens } = this;
    return { model, requests, diskCacheHits, texts, inputTokens };
  }

  private async embedBatch(batch: readonly string[], vectors: Map<string, Float32Array>, signal: AbortSignal): Promise<void> {
    const { cache, client, retry } = this.settings;
    const missing: string[] = [];
    // read within the batch: at most `batchSize` files open at once
    const cached = await Promise.all(batch.map((text) => cache?.get(this.keyOf(text))));
    for (const [index, text] of batch.entries()) {
      const vector = cached[index] && decodeVector(cached[index].vector);
      if (vector) {
        this.diskCacheHits++;
        vectors.set(text, vector);
      } else missing.push(text);
    }
    if (missing.length === 0) return;
    const answer = await this.limit.run(() => withRetries(() => client.embed(missing, signal), retry, signal), signal);
    this.requests++;
    this.texts += missing.length;
    this.inputTokens += answer.inputTokens;
    for (const [index, text] of missing.entries()) {
      const vector = answer.vectors[index]!;
      vectors.set(text, vector);
      await cache?.set(this.keyOf(text), { vector: encodeVector(vector) });
    }
  }

  private keyOf(text: string): string {
    const { provider, baseUrl, model } = this.settings.client;
    return hash('sha256', stableStringify({ kind: 'embedding', provider, baseUrl, model, text }));
  }

  private redacted(error: unknown): unknown {
    const secret = this.settings.secret;
    const message = isStratumError(error) || error instanceof Error ? error.message : String(error);
    if (!secret || !message.includes(secret)) return error;
    return new StratumError(isStratumError(error) ? error.code : 'llm', message.split(secret).join(REDACTED));
  }
}

/** The error that stopped the batches: the first that is not the cancellation the others got from it. */
function firstCause(settled: ReadonlyArray<PromiseSettledResult<void>>, fallback: unknown): unknown {
  for (const outcome of settled) if (outcome.status === 'rejected' && !isCancelledError(outcome.reason)) return outcome.reason;
  return fallback;
}

const vectorEntrySchema = z.object({ vector: z.string().min(1) });

/** What a host adds to a pipeline's `embedding` block: the key it holds and where vectors are cached. */
export interface EmbeddingAccess {
  config: EmbeddingConfig;
  apiKey?: string;
  /** The disk cache's folder (the LLM cache's: keys never collide); none: vectors are not cached on disk. */
  cacheFolder?: string;
}

export function createEmbeddingSession(access: EmbeddingAccess, retry: Partial<RetryPolicy> = {}): EmbeddingSession {
  const { config, apiKey } = access;
  const timeoutMs = (config.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000;
  const client = openAiCompatibleEmbeddingClient({ baseUrl: config.baseUrl, model: config.model, apiKey, timeoutMs });
  const useCache = (config.cache ?? true) && access.cacheFolder !== undefined;
  return new EmbeddingSession({
    client,
    concurrency: config.maxConcurrency ?? DEFAULT_CONCURRENCY,
    retry: { ...DEFAULT_RETRY_POLICY, ...(config.retries === undefined ? {} : { retries: config.retries }), ...retry },
    batchSize: config.batchSize ?? DEFAULT_EMBEDDING_BATCH_SIZE,
    cache: useCache ? new JsonDiskCache(access.cacheFolder!, vectorEntrySchema) : undefined,
    secret: apiKey,
  });
}

/** A vector as the disk cache keeps it: its float32 bytes in base64, a quarter of its JSON numbers' size. */
function encodeVector(vector: Float32Array): string {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64');
}

/** The cached vector, or undefined for an entry that cannot be one (then a miss). */
function decodeVector(encoded: string): Float32Array | undefined {
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.byteLength === 0 || bytes.byteLength % Float32Array.BYTES_PER_ELEMENT !== 0) return undefined;
  // copied: a Buffer may share a pool's memory at an offset a Float32Array cannot start at
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}
