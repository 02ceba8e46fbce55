import type { Chunk } from '../../src-shared/chunk';
import type { ConfigFile } from '../../src-shared/config';
import type { EnrichmentSettings } from '../../src-shared/pipeline-config';
import { stableHash } from '../engine/chunk/chunk-id';
import { relateBatch, type CrossDocumentInput } from '../engine/enrich/cross-doc/cross-document-batch';
import type { CrossDocOptions } from '../engine/enrich/cross-doc/cross-doc-options';
import type { EnrichmentOptions } from '../engine/enrich/enrich-chunks';
import { resolveEnrichmentSteps } from '../engine/enrich/resolve-steps';
import { LeastRecentlyUsedCache } from '../engine/pipeline-cache';
import { batchDocumentOf } from '../engine/pipeline-job';
import type { LoadedDocument } from './engine-port';

const CROSS_DOC_STEP = 'cross-doc';

/** Relations kept: a set under the config on screen and, with Compare open, under config B. */
const KEPT_RELATIONS = 2;

/**
 * Folder mode's batch phase of `cross-doc`: the chunks of every document of a set, under one config
 * and pipeline, related once by the CLI's batch code (`relateBatch`), each document's enrichment run
 * then given its share. A set relates by BM25: the workbench's pipeline carries no embedding provider.
 */
export class DocumentSetRelations {
  private readonly kept = new LeastRecentlyUsedCache<string, Promise<Map<string, CrossDocumentInput>>>(KEPT_RELATIONS);

  constructor(
    private readonly documentOf: (documentId: string) => LoadedDocument,
    private readonly chunksOf: (documentId: string, config: ConfigFile) => Promise<readonly Chunk[]>,
  ) {}

  /**
   * `documentId`'s share of its set's relations, or undefined when the pipeline has no `cross-doc`
   * or the set is the document alone (the step then says it was skipped).
   */
  async shareOf(
    documentId: string,
    documentSet: readonly string[] | undefined,
    config: ConfigFile,
    enrichment: EnrichmentSettings,
  ): Promise<CrossDocumentInput | undefined> {
    const members = [...new Set(documentSet ?? [])];
    if (!members.includes(documentId) || members.length < 2) return undefined;
    const enrich: EnrichmentOptions = {
      steps: enrichment.enrich,
      onError: enrichment.onError,
      // only whether there is one: the steps before cross-doc that rewrite texts run offline
      ...(enrichment.llm ? { llm: { config: enrichment.llm, estimateOnly: true } } : {}),
    };
    const crossDoc = resolveEnrichmentSteps(enrich.steps, { hasLlm: enrich.llm !== undefined }).find(
      ({ step }) => step.name === CROSS_DOC_STEP,
    );
    if (!crossDoc) return undefined;
    const key = stableHash({ members, config, enrich: enrichment.enrich });
    let relations = this.kept.get(key);
    if (!relations) {
      relations = this.relate(members, config, enrich, crossDoc.options as CrossDocOptions);
      this.kept.set(key, relations);
      // a failure (a member no longer open) is not kept: the next run tries again
      relations.catch(() => this.kept.get(key) === relations && this.kept.delete(key));
    }
    return (await relations).get(documentId);
  }

  /**
   * Not cancelled with the run that started it: every document of the set waits for the same
   * relations, and the chunk limit of `relateBatch` bounds the work.
   */
  private async relate(
    members: readonly string[],
    config: ConfigFile,
    enrich: EnrichmentOptions,
    options: CrossDocOptions,
  ): Promise<Map<string, CrossDocumentInput>> {
    const documents = [];
    for (const documentId of members) {
      const document = this.documentOf(documentId);
      documents.push(await batchDocumentOf(document, document.fileName, await this.chunksOf(documentId, config), enrich));
    }
    const shares = await relateBatch(documents, options, undefined);
    return new Map(members.map((documentId, index) => [documentId, shares[index]!]));
  }
}
