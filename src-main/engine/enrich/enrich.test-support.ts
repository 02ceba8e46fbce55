import { readFile } from 'node:fs/promises';
import type { Chunk } from '../../../src-shared/chunk';
import type { EnrichStepEntry } from '../../../src-shared/pipeline-config';
import { chunkDocument, parseDocument, type ParsedDocument } from '../pipeline';
import { EnrichmentCache } from './enrichment-cache';
import { resolveEnrichmentSteps } from './resolve-steps';
import { runEnrichment, type EnrichmentProgress, type EnrichmentRun } from './run-enrichment';
import type { PictureImageSource } from './step';
import type { LlmSession } from '../llm/llm-session';
import type { CrossDocumentInput } from './cross-doc/cross-document-batch';

/** A file of `test-data/` (path below it), parsed and chunked: what the steps' tests enrich. Not used at run time. */
export async function chunkedTestDocument(
  path: string,
  config: unknown = { strategy: 'hybrid', maxTokens: 128 },
): Promise<{ parsed: ParsedDocument; chunks: Chunk[] }> {
  const bytes = await readFile(new URL(`../../../test-data/${path}`, import.meta.url));
  return chunkedText(path.split('/').pop()!, bytes, config);
}

export async function chunkedText(fileName: string, bytes: Uint8Array, config: unknown = { strategy: 'hybrid', maxTokens: 128 }) {
  const parsed = await parseDocument(fileName, bytes);
  return { parsed, chunks: [...chunkDocument(parsed.doc, parsed.docId, config)] };
}

interface EnrichWithOptions {
  llm?: LlmSession;
  crossDocument?: CrossDocumentInput;
  pictureImages?: PictureImageSource;
  signal?: AbortSignal;
  onProgress?: (progress: EnrichmentProgress) => void;
}

/**
 * Runs steps (names or `{ name, options }`) over the chunks, fail-fast, with a cache of its own unless given one,
 * and the LLM and pictures' images when given.
 */
export async function enrichWith(
  { parsed, chunks }: { parsed: ParsedDocument; chunks: readonly Chunk[] },
  steps: ReadonlyArray<string | EnrichStepEntry>,
  cache = new EnrichmentCache(),
  { llm, pictureImages, signal, onProgress, crossDocument }: EnrichWithOptions = {},
): Promise<EnrichmentRun> {
  const entries = steps.map((step) => (typeof step === 'string' ? { name: step, options: {} } : step));
  const resolved = resolveEnrichmentSteps(entries, { hasLlm: llm !== undefined });
  const { doc, docId } = parsed;
  return runEnrichment({ doc, docId, chunks, steps: resolved, cache, llm, pictureImages, signal, onProgress, crossDocument });
}
