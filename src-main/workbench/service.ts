import { basename, dirname, join } from 'node:path';
import type { ChunkExtents, ChunkRun, DocumentView, PictureThumbnail, RunCoverage, StratumApi } from '../../src-shared/api';
import type { Chunk } from '../../src-shared/chunk';
import type { ConfigFile } from '../../src-shared/config';
import type { HandEdit } from '../../src-shared/hand-edits';
import { apiKeyFromEnvironment } from '../engine/llm/create-llm-session';
import { defaultLlmCacheFolder } from '../engine/llm/disk-cache';
import { enrichmentSettingsOf, parsePipelineConfigText, type EnrichmentSettings } from '../../src-shared/pipeline-config';
import { StratumError } from '../../src-shared/errors';
import { artifactsFolderNameOf, exportFileNameOf, exportOptionsSchema, type OutputFormat } from '../../src-shared/export-options';
import { writeFileAtomic } from '../base/atomic-write';
import { readInputFile } from '../base/input-file';
import { inputLimits } from '../engine/parse/limits';
import { stableHash } from '../engine/chunk/chunk-id';
import { approximateByteSize } from '../engine/approximate-size';
import { LeastRecentlyUsedCache } from '../engine/pipeline-cache';
import { threadLimits, type ThreadLimits } from '../engine/worker/thread-limits';
import { diffBoundaries } from '../engine/evaluate/boundary-diff';
import { correspondChunks } from '../engine/evaluate/chunk-correspondence';
import { textNotInChunksFinding } from '../engine/evaluate/coverage/coverage-finding';
import { measureCoverage } from '../engine/evaluate/coverage/measure-coverage';
import { lintChunks } from '../engine/evaluate/lint';
import { chunkStatistics } from '../engine/evaluate/statistics';
import { chunkCardsOf } from './chunk-cards';
import { chunkExtentsOf } from './chunk-extents';
import { summarizeChunk } from './chunk-summary';
import { pictureThumbnail } from './picture-thumbnail';
import { NotFoundError } from './dispatch';
import { documentViewOf } from './document-view';
import { DocumentSetBatch } from './document-set-batch';
import { EnrichmentRuns, type EnrichedChunks } from './enrichment-runs';
import { enrichmentViewOf } from './enrichment-view';
import type { ChunkedDocument, LoadedDocument, WorkbenchEngine } from './engine-port';
import { exportArchive } from './export-archive';
import type { HostCalls } from './host-calls';
import { JobRegistry } from './jobs';
import { createLabService } from './lab-service';
import type { WorkbenchLlmAccess } from './llm-access';
import { pageItemsOf } from './page-items';
import type { PresetStore } from './preset-store';

/** More than a document set's files (DOCUMENT_SET_LIMITS): folder mode relates them all at once. */
const OPEN_DOCUMENTS = 24;
/**
 * The latest runs, whole: `getChunk` asks about the run on screen, and with Compare open each edit
 * of A runs A then compares A with B, both already run.
 */
const KEPT_RUNS = 4;
/** Thumbnails are at most MAX_THUMBNAIL_SIDE² pixels of PNG: a few hundred of them weigh some megabytes. */
const KEPT_THUMBNAILS = 200;

/**
 * The id a document's preview (its first pages, ParseOptions.onPreview) is kept under. Document ids
 * are decimal content hashes, so an id with a hex letter in front is never a whole document's.
 */
const previewIdOf = (documentId: string): string => `f${documentId}`;

/** The group of enrichment runs of a comparison's config B (EnrichmentRuns cancels within a group). */
const compareGroupOf = (documentId: string): string => `${documentId}:B`;

const EXPORT_MIME_TYPES: Record<OutputFormat, string> = {
  canonical: 'application/json',
  jsonl: 'application/x-ndjson',
  docling: 'application/json',
};

/** Browser mode's and the tests': the environment variable the pipeline's `llm.apiKeyEnv` names. */
export const environmentLlmAccess: WorkbenchLlmAccess = {
  keyOf: async (config) => apiKeyFromEnvironment(config),
  cacheFolder: () => defaultLlmCacheFolder(),
};

interface KeptRun {
  run: ChunkRun;
  chunks: readonly Chunk[];
  /** the items hand edits excluded: coverage says they were left out by hand */
  excludedRefs?: ReadonlySet<string>;
  /** measured when first asked for */
  coverage?: RunCoverage;
  /** read back when first asked for (the text view, once the run has settled on screen) */
  extents?: ChunkExtents[];
}

/** What one enrichment run is of: the chunks of a config (with its hand edits) through a pipeline's steps. */
interface EnrichmentOf {
  documentId: string;
  config: ConfigFile;
  enrichment: EnrichmentSettings;
  /** the LLM steps send (the user let them); else they are only estimated */
  sendToLlm?: boolean;
  /** the documents the cross-document step reads beside this one */
  documentSet?: string[];
  edits?: readonly HandEdit[];
}

/**
 * The API both hosts expose, over the engine: documents are parsed once (jobs with progress and
 * cancel) and kept by content hash; a chunking call runs the pure strategy and evaluates it, unless
 * the same document and config ran lately (chunking is deterministic). Documents and runs are kept
 * within the cache budgets of `limits` (the process's by default), by count and by bytes.
 */
export function createWorkbenchService(
  engine: WorkbenchEngine,
  presets: PresetStore,
  limits: Pick<ThreadLimits, 'documentCacheBytes' | 'runCacheBytes'> = threadLimits(),
  llmAccess: WorkbenchLlmAccess = environmentLlmAccess,
): StratumApi & HostCalls {
  const documents = new LeastRecentlyUsedCache<string, LoadedDocument>(OPEN_DOCUMENTS, {
    maxWeight: limits.documentCacheBytes,
    weigh: (document) => document.bytes.byteLength + document.irBytes,
  });
  const jobs = new JobRegistry();

  // A document's view is derived once: getDocument sends it, compare needs its reading order.
  const views = new WeakMap<LoadedDocument, DocumentView>();
  const viewOf = (document: LoadedDocument): DocumentView => {
    let view = views.get(document);
    if (!view) {
      view = documentViewOf(document);
      views.set(document, view);
    }
    return view;
  };

  const documentOf = (documentId: string): LoadedDocument => {
    const document = documents.get(documentId);
    if (!document) throw new NotFoundError(`document ${documentId} is not open (open it again)`);
    return document;
  };

  const evaluate = (document: LoadedDocument, run: ChunkedDocument, startedAt: number): ChunkRun => ({
    config: run.config,
    chunks: run.chunks.map(summarizeChunk),
    stats: chunkStatistics(run.chunks, run.tokenLimit),
    findings: lintChunks(document.doc, run.chunks, {
      tokenLimit: run.tokenLimit,
      countTokens: (text) => engine.countTokens(text, run.config.tokenizer),
    }),
    elapsedMs: performance.now() - startedAt,
    ...(run.handEdits ? { handEdits: run.handEdits.report } : {}),
  });

  // scrolling back to a picture of a PDF must not render its page region again
  const thumbnails = new LeastRecentlyUsedCache<string, PictureThumbnail>(KEPT_THUMBNAILS);

  // a run is measured once, as it is kept: its chunks can outweigh the document (a 1-token limit)
  const recentRuns = new LeastRecentlyUsedCache<string, KeptRun>(KEPT_RUNS, {
    maxWeight: limits.runCacheBytes,
    weigh: approximateByteSize,
  });

  /** A config's runs are told apart by its hand edits too; without any, by the config alone. */
  const runHashOf = (config: ConfigFile, edits: readonly HandEdit[] = []) => stableHash(edits.length === 0 ? config : { config, edits });

  /** The run as the views show it, and its whole chunks (boundary diffs, `getChunk`), with the config's hand edits applied. */
  const chunkAndEvaluate = async (documentId: string, config: ConfigFile, edits?: readonly HandEdit[]): Promise<KeptRun> => {
    const document = documentOf(documentId);
    const key = `${documentId}:${runHashOf(config, edits)}`;
    const kept = recentRuns.get(key);
    if (kept) return kept;
    const startedAt = performance.now();
    const chunked = await engine.chunk(document, config, edits);
    const result = { run: evaluate(document, chunked, startedAt), chunks: chunked.chunks, excludedRefs: chunked.handEdits?.excludedRefs };
    recentRuns.set(key, result);
    return result;
  };

  /** A rule list changed: the run of the config with the new list. */
  const editedRun = async (documentId: string, config: ConfigFile, edits: HandEdit[]) => ({
    edits,
    run: (await chunkAndEvaluate(documentId, config, edits)).run,
  });

  const enrichments = new EnrichmentRuns();
  // an enrichment's key starts with its chunks' (an edit cancels the enrichments of the chunks it replaces)
  const chunkingKeyOf = (documentId: string, config: ConfigFile, edits?: readonly HandEdit[]) =>
    `${documentId}:${runHashOf(config, edits)}:`;
  const enrichmentKeyOf = ({ documentId, config, enrichment, sendToLlm = false, documentSet, edits }: EnrichmentOf) =>
    chunkingKeyOf(documentId, config, edits) +
    stableHash({ enrichment, sendToLlm: sendToLlm && enrichment.llm !== undefined, documentSet });
  const documentSets = new DocumentSetBatch(documentOf, async (documentId, config) => (await chunkAndEvaluate(documentId, config)).chunks);
  /**
   * The run `getChunk` and `startEnrichment` share: the chunks of `config`, through the pipeline's
   * steps; its LLM steps only estimated until the user lets them send (the key is looked up then).
   */
  const enrichmentWork =
    ({ documentId, config, enrichment, sendToLlm = false, documentSet, edits }: EnrichmentOf) =>
    async (signal: AbortSignal, onProgress: Parameters<WorkbenchEngine['enrich']>[4]['onProgress']): Promise<EnrichedChunks> => {
      const { chunks } = await chunkAndEvaluate(documentId, config, edits);
      const startedAt = performance.now();
      const llm = enrichment.llm && {
        config: enrichment.llm,
        cacheFolder: llmAccess.cacheFolder(),
        ...(sendToLlm ? { apiKey: await llmAccess.keyOf(enrichment.llm) } : { estimateOnly: true }),
      };
      const setShare = await documentSets.shareOf(documentId, documentSet, config, enrichment);
      const run = await engine.enrich(documentOf(documentId), config, chunks, enrichment, {
        signal,
        onProgress,
        ...(llm ? { llm } : {}),
        ...setShare,
      });
      return { view: enrichmentViewOf(chunks, run, performance.now() - startedAt), chunks: run.chunks };
    };

  /** The enriched chunks of a run: kept, running, or run now; `group` names the runs it may cancel (a document's by default). */
  const enrichedChunksOf = (of: EnrichmentOf, group = of.documentId) =>
    enrichments.chunksOf(enrichmentKeyOf(of), group, enrichmentWork(of));

  /** An export's LLM: the pipeline's with its key once the user let it send; none before (its steps run as without an LLM). */
  const exportLlmOf = async (enrichment: EnrichmentSettings | undefined, sendToLlm: boolean | undefined) =>
    enrichment?.llm && sendToLlm
      ? { llm: { config: enrichment.llm, apiKey: await llmAccess.keyOf(enrichment.llm), cacheFolder: llmAccess.cacheFolder() } }
      : {};

  const openDocument: StratumApi['openDocument'] = async ({ fileName, bytes, password }) => {
    const jobId = jobs.start(async (signal, report, preview) => {
      const showPreview = (first: LoadedDocument) => {
        const previewId = previewIdOf(first.docId);
        documents.set(previewId, { ...first, docId: previewId });
        preview(previewId);
      };
      const input = { fileName, bytes, ...(password === undefined ? {} : { password }) };
      const document = await engine.parse(input, { signal, onProgress: report, onPreview: showPreview });
      documents.set(document.docId, document);
      return document.docId;
    });
    return { jobId };
  };

  return {
    ...createLabService(documentOf, llmAccess),
    openDocument,
    async openDocumentFile({ path, fileName, password }) {
      const bytes = await readInputFile(path, inputLimits().maxFileBytes);
      return openDocument({ fileName: fileName ?? basename(path), bytes, ...(password === undefined ? {} : { password }) });
    },
    getJob: async ({ jobId }) => jobs.status(jobId),
    cancelJob: async ({ jobId }) => ({ cancelled: jobs.cancel(jobId) }),
    getDocument: async ({ documentId }) => viewOf(documentOf(documentId)),
    async chunkDocument({ documentId, config, edits }) {
      // an edit: the enrichment of the chunks it replaces would only hold this thread up
      enrichments.cancelStale(documentId, (key) => key.startsWith(chunkingKeyOf(documentId, config, edits)));
      return (await chunkAndEvaluate(documentId, config, edits)).run;
    },
    async getChunkCards({ documentId, config, edits }) {
      const { chunks } = await chunkAndEvaluate(documentId, config, edits);
      return { cards: chunkCardsOf(documentOf(documentId).doc, chunks) };
    },
    async getChunkExtents({ documentId, config, edits }) {
      const kept = await chunkAndEvaluate(documentId, config, edits);
      const { doc } = documentOf(documentId);
      kept.extents ??= kept.chunks.map((chunk) => chunkExtentsOf(doc, chunk));
      return { extents: kept.extents };
    },
    async getChunkTexts({ documentId, config, edits }) {
      const { chunks } = await chunkAndEvaluate(documentId, config, edits);
      return { texts: chunks.map((chunk) => chunk.text) };
    },
    async addHandEdit({ documentId, config, edits, edit }) {
      const { chunks } = await chunkAndEvaluate(documentId, config, edits);
      const made = engine.makeHandEdit(documentOf(documentId), chunks, edit);
      // the same pick twice is one rule
      return editedRun(documentId, config, edits.some((rule) => rule.id === made.id) ? edits : [...edits, made]);
    },
    async removeHandEdit({ documentId, config, edits, id }) {
      if (!edits.some((rule) => rule.id === id)) throw new NotFoundError(`hand edit ${id} is not in the list`);
      return editedRun(
        documentId,
        config,
        edits.filter((rule) => rule.id !== id),
      );
    },
    async listHandEdits({ documentId, config, edits }) {
      const { run } = await chunkAndEvaluate(documentId, config, edits);
      return { rules: edits.map((edit, index) => ({ edit, result: run.handEdits![index]! })) };
    },
    async getCoverage({ documentId, config, edits }) {
      const kept = await chunkAndEvaluate(documentId, config, edits);
      if (!kept.coverage) {
        const coverage = measureCoverage(documentOf(documentId).doc, kept.chunks, { excludedRefs: kept.excludedRefs });
        kept.coverage = { coverage, finding: textNotInChunksFinding(coverage) };
      }
      return kept.coverage;
    },
    async getChunk({ documentId, config, edits, index, enrichment, sendToLlm, documentSet }) {
      // a run no longer kept is made again, with the same chunks
      const { chunks } = enrichment
        ? await enrichedChunksOf({ documentId, config, enrichment, sendToLlm, documentSet, edits })
        : await chunkAndEvaluate(documentId, config, edits);
      const chunk = chunks[index];
      if (!chunk) throw new NotFoundError(`chunk ${index} does not exist (the run has ${chunks.length} chunks)`);
      return chunk;
    },
    async startEnrichment({ documentId, config, edits, enrichment, sendToLlm, documentSet }) {
      documentOf(documentId);
      const of = { documentId, config, enrichment, sendToLlm, documentSet, edits };
      return { runId: enrichments.start(enrichmentKeyOf(of), documentId, enrichmentWork(of)) };
    },
    getEnrichment: async ({ runId }) => enrichments.status(runId),
    cancelEnrichment: async ({ runId }) => ({ cancelled: enrichments.cancel(runId) }),
    async compareConfigs({ documentId, configA, configB, editsA, editsB }) {
      const [a, b] = [await chunkAndEvaluate(documentId, configA, editsA), await chunkAndEvaluate(documentId, configB, editsB)];
      const itemOrder = new Map(viewOf(documentOf(documentId)).items.map((item, index) => [item.ref, index]));
      return {
        a: a.run,
        b: b.run,
        diff: diffBoundaries(itemOrder, a.chunks, b.chunks),
        correspondence: correspondChunks(a.chunks, b.chunks),
      };
    },
    async compareEnrichments({ documentId, configA, enrichmentA, editsA, configB, enrichmentB, editsB }) {
      const viewOfSide = async (
        config: ConfigFile,
        enrichment: EnrichmentSettings | undefined,
        edits: readonly HandEdit[] | undefined,
        group: string,
      ) => {
        if (!enrichment || enrichment.enrich.length === 0) return null;
        return (await enrichedChunksOf({ documentId, config, enrichment, edits }, group)).view;
      };
      // B's runs are a group of their own: a run of B never cancels A's, nor A's edits B's
      const [a, b] = await Promise.all([
        viewOfSide(configA, enrichmentA, editsA, documentId),
        viewOfSide(configB, enrichmentB, editsB, compareGroupOf(documentId)),
      ]);
      return { a, b };
    },
    async exportChunks(request) {
      const { documentId, config, format, enrichment, edits } = request;
      const llm = await exportLlmOf(enrichment, request.sendToLlm);
      // the defaults of the options the caller left out (dispatch applies them too; a direct caller may not)
      const { contextualizedText, artifacts } = exportOptionsSchema.parse(request);
      const document = documentOf(documentId);
      const fileName = exportFileNameOf(document.fileName, format);
      if (!artifacts) {
        const { output, notes } = await engine.exportChunks(document, config, { format, contextualizedText, enrichment, edits, ...llm });
        return { fileName, mimeType: EXPORT_MIME_TYPES[format], content: output, notes };
      }
      const { zip, notes } = await exportArchive(fileName, (folder) =>
        engine.exportChunks(document, config, {
          format,
          contextualizedText,
          enrichment,
          edits,
          ...llm,
          artifacts: { folder, imageDpi: artifacts.imageDpi },
        }),
      );
      return { fileName: exportFileNameOf(document.fileName, 'zip'), mimeType: 'application/zip', content: zip, notes };
    },
    async exportChunksToFile({ path, documentId, config, edits, format, contextualizedText, artifacts, enrichment, sendToLlm }) {
      const document = documentOf(documentId);
      const folder = join(dirname(path), artifactsFolderNameOf(basename(path)));
      const request = {
        format,
        contextualizedText,
        enrichment,
        edits,
        ...(await exportLlmOf(enrichment, sendToLlm)),
        ...(artifacts ? { artifacts: { folder, imageDpi: artifacts.imageDpi } } : {}),
      };
      const { output, notes } = await engine.exportChunks(document, config, request);
      // Last, so that a failed export leaves a file saved before as it was.
      await writeFileAtomic(path, output);
      return { notes };
    },
    getCatalog: async () => engine.catalog(),
    countTokens: async ({ text, tokenizers }) => ({
      counts: tokenizers.map((tokenizer) => ({ tokenizer, count: engine.countTokens(text, tokenizer) })),
    }),
    listPresets: async () => ({ presets: await presets.list() }),
    savePreset: async ({ name, config, enrichment, edits }) => presets.save(name, config, enrichment, edits),
    async parseConfigFile({ fileName, content }) {
      const pipeline = parsePipelineConfigText(content, fileName);
      const enrichment = enrichmentSettingsOf(pipeline);
      return { config: pipeline.chunker, ...(enrichment ? { enrichment } : {}), ...(pipeline.edits ? { edits: pipeline.edits } : {}) };
    },
    async getPdfBytes({ documentId }) {
      const document = documentOf(documentId);
      if (document.format !== 'pdf') throw new StratumError('unsupported-format', `${document.fileName} is not a PDF: it has no page view`);
      return { bytes: document.bytes };
    },
    async getPictureThumbnail({ documentId, ref, maxSide }) {
      const key = `${documentId}:${ref}:${maxSide}`;
      let thumbnail = thumbnails.get(key);
      if (!thumbnail) thumbnails.set(key, (thumbnail = await pictureThumbnail(documentOf(documentId), ref, maxSide)));
      return thumbnail;
    },
    getPageItems: async ({ documentId }) => ({ items: pageItemsOf(documentOf(documentId).doc) }),
  };
}
