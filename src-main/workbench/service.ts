import type { ApiRequest, ChunkRun, DocumentView, StratumApi } from '../../src-shared/api';
import { parseConfigText } from '../../src-shared/config';
import { StratumError } from '../../src-shared/errors';
import { LeastRecentlyUsedCache } from '../engine/pipeline-cache';
import { diffBoundaries } from '../engine/evaluate/boundary-diff';
import { lintChunks } from '../engine/evaluate/lint';
import { chunkStatistics } from '../engine/evaluate/statistics';
import { NotFoundError } from './dispatch';
import { documentViewOf } from './document-view';
import type { ChunkedDocument, LoadedDocument, WorkbenchEngine } from './engine-port';
import { JobRegistry } from './jobs';
import type { PresetStore } from './preset-store';

const OPEN_DOCUMENTS = 8;

/**
 * The id a document's preview (its first pages, ParseOptions.onPreview) is kept under. Document ids
 * are decimal content hashes, so an id with a hex letter in front is never a whole document's.
 */
const previewIdOf = (documentId: string): string => `f${documentId}`;

/**
 * The API both hosts expose, over the engine: documents are parsed once (jobs with progress and
 * cancel) and kept by content hash; every chunking call re-runs the pure strategy and evaluates it.
 */
export function createWorkbenchService(engine: WorkbenchEngine, presets: PresetStore): StratumApi {
  const documents = new LeastRecentlyUsedCache<string, LoadedDocument>(OPEN_DOCUMENTS);
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
    chunks: run.chunks,
    stats: chunkStatistics(run.chunks, run.config.maxTokens),
    findings: lintChunks(document.doc, run.chunks, { maxTokens: run.config.maxTokens }),
    elapsedMs: performance.now() - startedAt,
  });

  const chunkAndEvaluate = async (document: LoadedDocument, config: ApiRequest<'chunkDocument'>['config']) => {
    const startedAt = performance.now();
    return evaluate(document, await engine.chunk(document, config), startedAt);
  };

  return {
    async openDocument({ fileName, bytes, password }) {
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
    },
    getJob: async ({ jobId }) => jobs.status(jobId),
    cancelJob: async ({ jobId }) => ({ cancelled: jobs.cancel(jobId) }),
    getDocument: async ({ documentId }) => viewOf(documentOf(documentId)),
    chunkDocument: async ({ documentId, config }) => chunkAndEvaluate(documentOf(documentId), config),
    async compareConfigs({ documentId, configA, configB }) {
      const document = documentOf(documentId);
      const [a, b] = [await chunkAndEvaluate(document, configA), await chunkAndEvaluate(document, configB)];
      const itemOrder = new Map(viewOf(document).items.map((item, index) => [item.ref, index]));
      return { a, b, diff: diffBoundaries(itemOrder, a.chunks, b.chunks) };
    },
    async exportChunks({ documentId, config, format }) {
      const document = documentOf(documentId);
      const stem = document.fileName.replace(/\.[^.]+$/, '');
      return {
        fileName: `${stem}.chunks.${format}`,
        mimeType: format === 'json' ? 'application/json' : 'application/x-ndjson',
        content: await engine.exportCanonical(document, config, format),
      };
    },
    getCatalog: async () => engine.catalog(),
    countTokens: async ({ text, tokenizers }) => ({
      counts: tokenizers.map((tokenizer) => ({ tokenizer, count: engine.countTokens(text, tokenizer) })),
    }),
    listPresets: async () => ({ presets: await presets.list() }),
    savePreset: async ({ name, config }) => presets.save(name, config),
    parseConfigFile: async ({ fileName, content }) => ({ config: parseConfigText(content, fileName) }),
    async getPdfBytes({ documentId }) {
      const document = documentOf(documentId);
      if (document.format !== 'pdf') throw new StratumError('unsupported-format', `${document.fileName} is not a PDF: it has no page view`);
      return { bytes: document.bytes };
    },
  };
}
