import type { StratumApi } from '../../src-shared/api';
import type { Chunk } from '../../src-shared/chunk';
import type { ConfigFile } from '../../src-shared/config';
import { StratumError } from '../../src-shared/errors';
import type { LabEvaluation, LabHit, LabRunResult, LabSide, SourcePlace } from '../../src-shared/lab';
import {
  retrievalConfigFileSchema,
  type EvalQuestion,
  type EvaluationResult,
  type RetrievalConfigFile,
  type RetrievalHit,
} from '../../src-shared/retrieval';
import { sourcesOf } from '../engine/chunk/item-sources';
import { chunkCorpus, corpusIdOf, type ParsedCorpus } from '../engine/evaluate/retrieval/chunk-corpus';
import { evaluateConfigs } from '../engine/evaluate/retrieval/evaluate-configs';
import { generateQuestions } from '../engine/evaluate/retrieval/generate-questions';
import { checkReferences, parseQuestionSet } from '../engine/evaluate/retrieval/question-set';
import { SourcePlaces } from '../engine/evaluate/retrieval/source-places';
import { configLabel, parseSweepText } from '../engine/evaluate/retrieval/sweep';
import { sweepCsv, sweepRows } from '../engine/evaluate/retrieval/sweep-report';
import { createLlmSession } from '../engine/llm/create-llm-session';
import { searchPool } from '../engine/retrieve/create-retriever';
import { RetrievalPool, type PoolDocument } from '../engine/retrieve/retrieval-pool';
import { retrievalServicesOf } from '../engine/retrieve/retrieval-services';
import { codePointSlice } from '../engine/text/code-points';
import type { LoadedDocument } from './engine-port';
import { LabRuns } from './lab-runs';
import type { WorkbenchLlmAccess } from './llm-access';

type LabApi = Pick<
  StratumApi,
  'startLabRun' | 'getLabRun' | 'cancelLabRun' | 'getLabQuestion' | 'loadQuestionSet' | 'referencesOfSelection' | 'placesOfReferences'
>;

/** An evaluation as it ran, so that a question of it can be drawn later: its corpus, questions and each side's config. */
interface KeptEvaluation {
  corpus: PooledCorpus;
  questions: readonly EvalQuestion[];
  sides: Array<{ side: LabSide; config: ConfigFile; result: EvaluationResult }>;
  /** each side's pool, chunked again on the first question asked (chunking is deterministic) */
  pools: Map<LabSide, RetrievalPool>;
}

/** The lab's corpus: the pool's documents parsed once (the workbench holds them), by corpus id. */
interface PooledCorpus extends ParsedCorpus {
  documentIds: Map<string, string>;
  documents: Map<string, LoadedDocument>;
}

/** Characters of a chunk the lab lists beside its score. */
const EXCERPT_CHARACTERS = 240;

/**
 * The quality lab of the workbench (issue 12), on the workbench thread: retrieval previews, A/B
 * evaluations, sweeps and question generation as runs the renderer polls, over the open document or
 * its set. Chunks and references are drawn by their own source spans (SourcePlaces), never by
 * searching their text.
 */
export function createLabService(documentOf: (documentId: string) => LoadedDocument, llmAccess: WorkbenchLlmAccess): LabApi {
  const runs = new LabRuns<KeptEvaluation>();
  const placesByDocument = new WeakMap<LoadedDocument, SourcePlaces>();
  const placesOf = (document: LoadedDocument) => {
    let places = placesByDocument.get(document);
    if (!places) placesByDocument.set(document, (places = new SourcePlaces(document.doc)));
    return places;
  };

  const corpusOf = (documentIds: readonly string[]): PooledCorpus => {
    const corpus: PooledCorpus = { files: [], sources: new Map(), documentIds: new Map(), documents: new Map() };
    for (const documentId of documentIds) {
      const document = documentOf(documentId);
      const corpusId = corpusIdOf(document.fileName);
      const other = corpus.documents.get(corpusId);
      if (other)
        throw new StratumError('invalid-config', `${other.fileName} and ${document.fileName} both have the corpus id "${corpusId}"`);
      corpus.files.push({ corpusId, parsed: document });
      if (document.sourceText !== undefined) corpus.sources.set(corpusId, document.sourceText);
      corpus.documentIds.set(corpusId, documentId);
      corpus.documents.set(corpusId, document);
    }
    return corpus;
  };

  const keyOf = async (block: 'embedding' | 'rerank' | 'llm', config: { apiKeyEnv?: string; provider?: string }) => {
    if (block !== 'llm' && config.apiKeyEnv === undefined) return undefined;
    const provider = block === 'llm' && config.provider === 'anthropic' ? 'anthropic' : 'openai-compatible';
    return llmAccess.keyOf({ provider, ...(config.apiKeyEnv === undefined ? {} : { apiKeyEnv: config.apiKeyEnv }) });
  };

  const placeOfChunk = (corpus: PooledCorpus, corpusId: string, chunk: Chunk): SourcePlace => {
    const document = corpus.documents.get(corpusId)!;
    return { documentId: document.docId, ...placesOf(document).placeSpans(chunk.sourceSpans) };
  };

  const labHitOf = (
    corpus: PooledCorpus,
    pool: RetrievalPool,
    hit: Pick<RetrievalHit, 'position' | 'rank' | 'score' | 'expandedTo'>,
  ): LabHit => {
    const { chunk, corpusId } = pool.entries[hit.position]!;
    const expanded = hit.expandedTo?.slice(1).map((position) => {
      const entry = pool.entries[position]!;
      return { chunkIndex: entry.chunk.index, place: placeOfChunk(corpus, entry.corpusId, entry.chunk) };
    });
    return {
      rank: hit.rank,
      score: hit.score,
      chunkId: chunk.id,
      chunkIndex: chunk.index,
      corpusId,
      documentId: corpus.documentIds.get(corpusId)!,
      tokenCount: chunk.tokenCount,
      excerpt: chunk.text.slice(0, EXCERPT_CHARACTERS),
      place: placeOfChunk(corpus, corpusId, chunk),
      ...(expanded && expanded.length > 0 ? { expandedTo: expanded } : {}),
    };
  };

  const sidesOf = (configA: ConfigFile, configB: ConfigFile | undefined) => [
    { side: 'A' as const, config: configA },
    ...(configB ? [{ side: 'B' as const, config: configB }] : []),
  ];

  const servicesOf = (settings: RetrievalConfigFile) => {
    if (settings.retriever !== 'bm25' && !settings.embedding) {
      throw new StratumError('invalid-config', `the ${settings.retriever} retriever needs an embedding provider (an embedding: block)`);
    }
    return retrievalServicesOf(settings, keyOf, llmAccess.cacheFolder());
  };

  const poolOf = async (corpus: ParsedCorpus, config: ConfigFile, signal?: AbortSignal) =>
    new RetrievalPool((await chunkCorpus(corpus, config, signal)) satisfies PoolDocument[]);

  return {
    async startLabRun(request) {
      if (request.task === 'generate') {
        const document = documentOf(request.documentId);
        if (document.sourceText === undefined) {
          throw new StratumError(
            'invalid-config',
            `${document.fileName}: questions are generated from a text document (Markdown, TXT, HTML), ` +
              'whose references index its characters; for a PDF, write questions by selecting passages',
          );
        }
        const session = createLlmSession(
          { config: request.llm, apiKey: await keyOf('llm', request.llm), cacheFolder: llmAccess.cacheFolder() },
          'send',
        );
        const source = document.sourceText;
        const runId = runs.start('generate', async (signal, report) => {
          const generated = await generateQuestions({
            source,
            corpusId: corpusIdOf(document.fileName),
            session,
            questionsPerPassage: request.questionsPerPassage ?? 3,
            signal,
            onProgress: (done: number, total: number) => report({ stage: 'generate', done, total }),
          });
          return { result: { task: 'generate', ...generated } };
        });
        return { runId };
      }
      const corpus = corpusOf(request.documentIds);
      // the defaults a direct caller left out (dispatch applies them to what crosses a boundary)
      const settings = retrievalConfigFileSchema.parse(request.settings);
      const services = await servicesOf(settings);
      if (request.task === 'search') {
        const runId = runs.start('search', async (signal, report) => {
          const sides = [];
          for (const { side, config } of sidesOf(request.configA, request.configB)) {
            const pool = await poolOf(corpus, config, signal);
            const [hits = []] = await searchPool(pool, [request.query], settings, services, { signal, onProgress: report });
            sides.push({ side, label: configLabel(config), hits: hits.map((hit) => labHitOf(corpus, pool, hit)) });
          }
          return { result: { task: 'search', query: request.query, sides } };
        });
        return { runId };
      }
      if (request.task === 'evaluate') {
        const questions = request.questions;
        checkReferences(questions, corpus.sources, 'the question set');
        const sides = sidesOf(request.configA, request.configB);
        const runId = runs.start('evaluate', async (signal, report) => {
          const evaluations = await evaluateConfigs({
            corpus,
            questions,
            configs: sides.map(({ config }) => config),
            settings,
            services,
            signal,
            onProgress: (progress) => report({ ...progress, configs: sides.length }),
          });
          const kept: KeptEvaluation = {
            corpus,
            questions,
            sides: sides.map((side, index) => ({ ...side, result: evaluations[index]!.result })),
            pools: new Map(),
          };
          const result: LabRunResult = {
            task: 'evaluate',
            sides: kept.sides.map(({ side, config, result }) => labEvaluationOf(side, config, result)),
          };
          return { result, kept };
        });
        return { runId };
      }
      const configs = parseSweepText(request.sweepFile.content, request.sweepFile.fileName);
      checkReferences(request.questions, corpus.sources, 'the question set');
      const runId = runs.start('sweep', async (signal, report) => {
        const evaluations = await evaluateConfigs({
          corpus,
          questions: request.questions,
          configs,
          settings,
          services,
          signal,
          onProgress: (progress) => report({ ...progress, configs: configs.length }),
        });
        const rows = sweepRows(evaluations);
        return { result: { task: 'sweep', k: settings.k, rows, csv: sweepCsv(rows) } };
      });
      return { runId };
    },
    getLabRun: async ({ runId }) => runs.status(runId),
    cancelLabRun: async ({ runId }) => ({ cancelled: runs.cancel(runId) }),
    async getLabQuestion({ runId, question }) {
      const kept = runs.kept(runId);
      const asked = kept.questions[question];
      if (!asked) throw new StratumError('invalid-config', `the run has ${kept.questions.length} questions, not ${question + 1}`);
      const document = kept.corpus.documents.get(asked.corpusId)!;
      const places = placesOf(document);
      const references = asked.references.map((reference) => ({
        documentId: document.docId,
        ...places.place([{ page: reference.page ?? 0, start: reference.start, end: reference.end }]),
      }));
      const sides = [];
      for (const { side, config, result } of kept.sides) {
        let pool = kept.pools.get(side);
        if (!pool) kept.pools.set(side, (pool = await poolOf(kept.corpus, config)));
        sides.push({ side, hits: result.questions[question]!.hits.map((hit) => labHitOf(kept.corpus, pool, hit)) });
      }
      return { references, sides };
    },
    async loadQuestionSet({ fileName, content, documentIds }) {
      const corpus = corpusOf(documentIds);
      const all = parseQuestionSet(content, fileName);
      const questions = all.filter((question) => corpus.documents.has(question.corpusId));
      const leftOut = new Map<string, number>();
      for (const question of all) {
        if (!corpus.documents.has(question.corpusId)) leftOut.set(question.corpusId, (leftOut.get(question.corpusId) ?? 0) + 1);
      }
      if (questions.length === 0) {
        const open = [...corpus.documents.keys()].join(', ');
        throw new StratumError('invalid-config', `${fileName}: none of its ${all.length} questions is about an open document (${open})`);
      }
      checkReferences(questions, corpus.sources, fileName);
      return { questions, leftOut: [...leftOut].map(([corpusId, count]) => ({ corpusId, questions: count })) };
    },
    async referencesOfSelection({ documentId, ranges }) {
      const document = documentOf(documentId);
      const { sourceSpans } = sourcesOf(
        document.doc,
        ranges.map(({ ref, start, end, whole }) => (whole ? { ref } : { ref, start, end })),
      );
      if (sourceSpans.length === 0)
        throw new StratumError('invalid-config', 'the passage selected has no place in the source (no source span)');
      const references = sourceSpans.map(([start, end, page]) => ({
        start,
        end,
        ...(page === undefined ? {} : { page }),
        ...(document.sourceText === undefined ? {} : { content: codePointSlice(document.sourceText, start, end) }),
      }));
      return { corpusId: corpusIdOf(document.fileName), references };
    },
    async placesOfReferences({ documentId, references }) {
      const document = documentOf(documentId);
      const places = placesOf(document);
      return {
        places: references.map((reference) => ({
          documentId,
          ...places.place([{ page: reference.page ?? 0, start: reference.start, end: reference.end }]),
        })),
      };
    },
  };
}

function labEvaluationOf(side: LabSide, config: ConfigFile, result: EvaluationResult): LabEvaluation {
  return {
    side,
    label: configLabel(config),
    retriever: result.retriever,
    k: result.k,
    chunks: result.chunks,
    meanChunkChars: result.meanChunkChars,
    overall: result.overall,
    perCorpus: result.perCorpus,
    questions: result.questions.map(({ hits, ...metrics }) => ({
      ...metrics,
      hits: hits.map(({ rank, score, chunkId, corpusId }) => ({ rank, score, chunkId, corpusId })),
    })),
  };
}
