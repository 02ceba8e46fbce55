import type { Chunk } from '../../src-shared/chunk';
import type { ConfigFile } from '../../src-shared/config';
import type { EnrichmentSettings } from '../../src-shared/pipeline-config';
import { stableHash } from '../engine/chunk/chunk-id';
import { relateBatch, type CrossDocumentInput } from '../engine/enrich/cross-doc/cross-document-batch';
import type { CrossDocOptions } from '../engine/enrich/cross-doc/cross-doc-options';
import { termStatisticsOf, type EnrichmentOptions } from '../engine/enrich/enrich-chunks';
import { resolveEnrichmentSteps } from '../engine/enrich/resolve-steps';
import { mergeBatchStatistics, type BatchTermStatistics } from '../engine/enrich/terms/term-statistics';
import { LeastRecentlyUsedCache } from '../engine/pipeline-cache';
import { batchDocumentOf } from '../engine/pipeline-job';
import type { LoadedDocument } from './engine-port';

const CROSS_DOC_STEP = 'cross-doc';
const KEYWORDS_STEP = 'keywords';

/** What a document's run is given by its set, as a CLI batch gives each file (`EnrichmentOptions`). */
export interface SetShare {
  /** `keywords`: the term statistics of the whole set */
  batch?: BatchTermStatistics;
  /** `cross-doc`: the document's share of the set's relations */
  crossDocument?: CrossDocumentInput;
}

/** Sets kept: a set under the config on screen and, with Compare open, under config B. */
const KEPT_SETS = 2;

/**
 * Folder mode's batch phase, as `stratum chunk` runs it over several files: the chunks of every
 * document of a set under one config and pipeline, their term statistics merged (`keywords`) and
 * related once by the CLI's batch code (`relateBatch`, `cross-doc`); each document's enrichment run
 * then given its share. A set relates by BM25: the workbench's pipeline carries no embedding provider.
 */
export class DocumentSetBatch {
  private readonly kept = new LeastRecentlyUsedCache<string, Promise<Map<string, SetShare>>>(KEPT_SETS);

  constructor(
    private readonly documentOf: (documentId: string) => LoadedDocument,
    private readonly chunksOf: (documentId: string, config: ConfigFile) => Promise<readonly Chunk[]>,
  ) {}

  /**
   * `documentId`'s share of its set: nothing when the pipeline has no step that depends on the set or
   * the set is the document alone (`cross-doc` then says it was skipped, `keywords` weighs the document alone).
   */
  async shareOf(
    documentId: string,
    documentSet: readonly string[] | undefined,
    config: ConfigFile,
    enrichment: EnrichmentSettings,
  ): Promise<SetShare> {
    const members = [...new Set(documentSet ?? [])];
    if (!members.includes(documentId) || members.length < 2) return {};
    const enrich: EnrichmentOptions = {
      steps: enrichment.enrich,
      onError: enrichment.onError,
      // only whether there is one: the steps before cross-doc that rewrite texts run offline
      ...(enrichment.llm ? { llm: { config: enrichment.llm, estimateOnly: true } } : {}),
    };
    const steps = resolveEnrichmentSteps(enrich.steps, { hasLlm: enrich.llm !== undefined });
    const crossDoc = steps.find(({ step }) => step.name === CROSS_DOC_STEP);
    const keywords = steps.some(({ step }) => step.name === KEYWORDS_STEP);
    if (!crossDoc && !keywords) return {};
    const key = stableHash({ members, config, enrich: enrichment.enrich });
    let shares = this.kept.get(key);
    if (!shares) {
      shares = this.relate(members, config, enrich, { keywords, crossDoc: crossDoc?.options as CrossDocOptions | undefined });
      this.kept.set(key, shares);
      // a failure (a member no longer open) is not kept: the next run tries again
      shares.catch(() => this.kept.get(key) === shares && this.kept.delete(key));
    }
    return (await shares).get(documentId) ?? {};
  }

  /**
   * Not cancelled with the run that started it: every document of the set waits for the same
   * relations, and the chunk limit of `relateBatch` bounds the work.
   */
  private async relate(
    members: readonly string[],
    config: ConfigFile,
    enrich: EnrichmentOptions,
    { keywords, crossDoc }: { keywords: boolean; crossDoc: CrossDocOptions | undefined },
  ): Promise<Map<string, SetShare>> {
    const terms: BatchTermStatistics[] = [];
    const documents = [];
    for (const documentId of members) {
      const document = this.documentOf(documentId);
      const chunks = await this.chunksOf(documentId, config);
      if (keywords) terms.push(termStatisticsOf(chunks));
      if (crossDoc) documents.push(await batchDocumentOf(document, document.fileName, chunks, enrich));
    }
    const batch = keywords ? mergeBatchStatistics(terms) : undefined;
    const related = crossDoc ? await relateBatch(documents, crossDoc, undefined) : undefined;
    return new Map(
      members.map((documentId, index) => [
        documentId,
        { ...(batch ? { batch } : {}), ...(related ? { crossDocument: related[index]! } : {}) },
      ]),
    );
  }
}
