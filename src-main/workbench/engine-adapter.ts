import { z } from 'zod';
import type { Catalog } from '../../src-shared/api';
import { approximateByteSize } from '../engine/approximate-size';
import { allStrategies } from '../engine/chunk/registry';
import { enrichChunks } from '../engine/enrich/enrich-chunks';
import { allSteps } from '../engine/enrich/registry';
import { binaryHash } from '../engine/ir/document-id';
import { allParsers, parserForFile } from '../engine/parse/registry';
import { DEFAULT_TOKENIZER, type ConfigFile } from '../../src-shared/config';
import { sourceTextOf } from '../engine/pipeline';
import { chunkWithHandEdits } from '../engine/edits/edited-chunks';
import { makeHandEdit } from '../engine/edits/make-hand-edit';
import { resolveChunkingConfig, type ResolvedChunkingConfig } from '../engine/pipeline-config';
import { exportParsedDocument } from '../engine/pipeline-job';
import { memoizedTokenizer } from '../engine/tokenize/memoized-tokenizer';
import { allTokenizerIds, tokenizerById } from '../engine/tokenize/registry';
import type { Tokenizer } from '../engine/tokenize/tokenizer';
import type { LoadedDocument, WorkbenchEngine } from './engine-port';
import { ParseThreads } from './parse-off-thread';

/**
 * The engine as the workbench hosts use it: parsing on a thread of its own per file (cancel stops
 * it at once; a few at a time, within the thread limits), then the pipeline's chunking and export on the document held here (the IR stays
 * here: re-chunking is fast and an export never parses again).
 */
export function createEngine(): WorkbenchEngine {
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
  const resolveFor = (document: LoadedDocument, configFile: ConfigFile): ResolvedChunkingConfig => {
    const resolved = resolveChunkingConfig(configFile);
    return { ...resolved, tokenizer: tokenizerFor(document, resolved.tokenizer) };
  };
  return {
    async parse({ fileName, bytes, password }, { signal, onProgress, onPreview }) {
      const { format, mimeType } = parserForFile(fileName);
      // an undecodable file is the parser's to report, with its own message
      const sourceText = (() => {
        try {
          return sourceTextOf(format, { fileName, bytes });
        } catch {
          return undefined;
        }
      })();
      const loaded = (parsed: Pick<LoadedDocument, 'doc' | 'docId' | 'irBytes' | 'outline'>): LoadedDocument => ({
        ...parsed,
        fileName,
        format,
        mimeType,
        bytes,
        ...(sourceText === undefined ? {} : { sourceText }),
        ...(password === undefined ? {} : { password }),
      });
      // the tokenizer the first chunking uses loads its vocabulary meanwhile, not after
      setTimeout(() => tokenizerById(DEFAULT_TOKENIZER).count('warm up'), 0);
      // a preview is the first pages: small enough to measure here
      const previewOf = (doc: LoadedDocument['doc']) => loaded({ doc, docId: binaryHash(bytes), irBytes: approximateByteSize(doc) });
      const parsed = await parseThreads.parse(
        { fileName, bytes, ...(password === undefined ? {} : { password }) },
        { signal, onProgress, ...(onPreview ? { onPreview: (doc) => onPreview(previewOf(doc)) } : {}) },
      );
      return loaded(parsed);
    },
    async chunk(document, configFile, edits) {
      const resolved = resolveFor(document, configFile);
      const { chunks, handEdits } = chunkWithHandEdits(document, resolved, edits);
      const report = handEdits ? { handEdits: { report: handEdits.report, excludedRefs: handEdits.excludedRefs } } : {};
      return { config: resolved.config, tokenLimit: resolved.tokenLimit, chunks: [...chunks], ...report };
    },
    makeHandEdit: (document, chunks, request) => makeHandEdit(document.doc, chunks, request),
    enrich(document, configFile, chunks, { enrich, onError }, { signal, onProgress, llm, batch, crossDocument }) {
      const { tokenizer } = resolveFor(document, configFile);
      return enrichChunks(
        document,
        chunks,
        { steps: enrich, onError, ...(llm ? { llm } : {}), ...(batch ? { batch } : {}), ...(crossDocument ? { crossDocument } : {}) },
        { signal, onProgress, countTokens: (text) => tokenizer.count(text) },
      );
    },
    async exportChunks(document, configFile, { enrichment, llm, edits, ...request }) {
      const enrich = enrichment ? { enrich: { steps: enrichment.enrich, onError: enrichment.onError, ...(llm ? { llm } : {}) } } : {};
      const options = { ...request, ...enrich, ...(edits && edits.length > 0 ? { edits } : {}) };
      const { output, notes = [] } = await exportParsedDocument(document, resolveFor(document, configFile), options);
      return { output, notes };
    },
    countTokens: (text, tokenizerId) => tokenizerById(tokenizerId).count(text),
    catalog: (): Catalog => ({
      strategies: allStrategies().map((strategy) => ({
        name: strategy.name,
        description: strategy.description,
        optionsSchema: optionsJsonSchema(strategy.optionsSchema),
        size: strategy.size && {
          option: strategy.size.option,
          unitOption: strategy.size.unitOption ?? null,
          unit: strategy.size.unit ?? 'tokens',
          limitOption: strategy.size.limitOption ?? null,
        },
      })),
      tokenizers: allTokenizerIds().map((id) => ({ id, defaultMaxTokens: tokenizerById(id).defaultMaxTokens })),
      enrichmentSteps: allSteps().map((step) => ({
        name: step.name,
        description: step.description,
        optionsSchema: optionsJsonSchema(step.optionsSchema),
      })),
      formats: allParsers().map((parser) => ({ format: parser.format, extensions: [...parser.extensions] })),
    }),
    dispose: () => parseThreads.close(),
  };
}

/** The JSON Schema of options as a user writes them (defaults optional): what the config panel draws its fields from. */
function optionsJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any', io: 'input' }) as Record<string, unknown>;
}
