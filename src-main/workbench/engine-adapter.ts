import { availableParallelism } from 'node:os';
import { z } from 'zod';
import type { Catalog } from '../../src-shared/api';
import { allStrategies } from '../engine/chunk/registry';
import { binaryHash } from '../engine/parse/document-builder';
import { allParsers, parserForFile } from '../engine/parse/registry';
import { DEFAULT_TOKENIZER } from '../../src-shared/config';
import { resolveChunkingConfig } from '../engine/pipeline-config';
import { memoizedTokenizer } from '../engine/tokenize/memoized-tokenizer';
import { allTokenizerIds, tokenizerById } from '../engine/tokenize/registry';
import { EngineWorkerPool } from '../engine/worker/worker-pool';
import type { Tokenizer } from '../engine/tokenize/tokenizer';
import type { LoadedDocument, WorkbenchEngine } from './engine-port';
import { ParseThreads } from './parse-off-thread';

/**
 * The engine as the workbench hosts use it: parsing on a thread of its own per file (cancel stops
 * it at once), the pipeline's chunk function for the interactive view (the IR and chunks stay here,
 * re-chunking is fast), the pipeline's worker pool for exports (a parse-chunk-serialise job).
 */
export function createEngine(): WorkbenchEngine {
  const pool = new EngineWorkerPool(Math.max(1, Math.min(2, availableParallelism() - 1)));
  const parseThreads = new ParseThreads();
  // Live tuning re-chunks one document over and over: its texts are counted once per tokenizer.
  const tokenizersByDocument = new WeakMap<LoadedDocument, Map<string, Tokenizer>>();
  const tokenizerFor = (document: LoadedDocument, tokenizer: Tokenizer): Tokenizer => {
    let tokenizers = tokenizersByDocument.get(document);
    if (!tokenizers) tokenizersByDocument.set(document, (tokenizers = new Map()));
    let memoized = tokenizers.get(tokenizer.id);
    if (!memoized) tokenizers.set(tokenizer.id, (memoized = memoizedTokenizer(tokenizer)));
    return memoized;
  };
  return {
    async parse({ fileName, bytes, password }, { signal, onProgress, onPreview }) {
      const { format, mimeType } = parserForFile(fileName);
      const loaded = (parsed: { doc: LoadedDocument['doc']; docId: string }): LoadedDocument => ({
        ...parsed,
        fileName,
        format,
        mimeType,
        bytes,
        ...(password === undefined ? {} : { password }),
      });
      // the tokenizer the first chunking uses loads its vocabulary meanwhile, not after
      setTimeout(() => tokenizerById(DEFAULT_TOKENIZER).count('warm up'), 0);
      const parsed = await parseThreads.parse(
        { fileName, bytes, ...(password === undefined ? {} : { password }) },
        { signal, onProgress, ...(onPreview ? { onPreview: (doc) => onPreview(loaded({ doc, docId: binaryHash(bytes) })) } : {}) },
      );
      return loaded(parsed);
    },
    async chunk(document, configFile) {
      const resolved = resolveChunkingConfig(configFile);
      const { config, configHash } = resolved;
      const tokenizer = tokenizerFor(document, resolved.tokenizer);
      return { config, chunks: [...resolved.chunk({ doc: document.doc, docId: document.docId, tokenizer, maxTokens: config.maxTokens, configHash })] };
    },
    async exportCanonical(document, configFile, { format, contextualizedText, artifacts }) {
      const { output, notes = [] } = await pool.run({
        fileName: document.fileName,
        bytes: document.bytes,
        config: configFile,
        format: format === 'json' ? 'canonical' : 'jsonl',
        contextualizedText,
        ...(artifacts ? { artifacts } : {}),
        ...(document.password === undefined ? {} : { password: document.password }),
      });
      return { output, notes };
    },
    countTokens: (text, tokenizerId) => tokenizerById(tokenizerId).count(text),
    catalog: (): Catalog => ({
      strategies: allStrategies().map((strategy) => ({
        name: strategy.name,
        description: strategy.description,
        optionsSchema: z.toJSONSchema(strategy.optionsSchema, { target: 'draft-2020-12', unrepresentable: 'any', io: 'input' }) as Record<string, unknown>,
      })),
      tokenizers: allTokenizerIds().map((id) => ({ id, defaultMaxTokens: tokenizerById(id).defaultMaxTokens })),
      formats: allParsers().map((parser) => ({ format: parser.format, extensions: [...parser.extensions] })),
    }),
    dispose: async () => {
      await Promise.all([pool.close(), parseThreads.close()]);
    },
  };
}
