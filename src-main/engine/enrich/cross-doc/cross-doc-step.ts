import { StratumError } from '../../../../src-shared/errors';
import { stableHash } from '../../chunk/chunk-id';
import type { EnrichmentStep } from '../step';
import { BM25_B, BM25_K1 } from '../../retrieve/bm25';
import { crossDocOptionsSchema, type CrossDocOptions } from './cross-doc-options';
import { relationKey, type CrossDocumentReference } from './related-chunks';

const EXPLAIN_SYSTEM =
  'You help readers navigate a collection of documents. Given a passage of one document and a related passage of another, ' +
  'say in one sentence how they relate (the same topic, one details or updates the other, a translation, a contradiction...). ' +
  'Answer in the language of the first passage, with the sentence only.';
const EXPLAIN_MAX_TOKENS = 80;

/**
 * `chunk.enrichments.references.cross_document`: for each chunk, the most related chunks of the other
 * documents of its batch, by BM25 over the batch's chunks and, with an embedding provider, by cosine
 * similarity of their vectors; beside what the `references` step writes there. The batch phase
 * (`relateBatch`, run by the host once every document is chunked) does the relating; this step writes
 * each document's share, and with `explain` asks the LLM how the chunks relate.
 */
export const crossDocStep: EnrichmentStep<CrossDocOptions> = {
  name: 'cross-doc',
  chunkKey: 'references',
  sharesChunkKey: true,
  version: '1',
  usesLlm: 'optional',
  needsBatch: true,
  description: "The most related chunks of the batch's other documents (BM25, and embeddings when configured).",
  optionsSchema: crossDocOptionsSchema,
  supports: () => true,
  async enrich(_document, chunks, context) {
    const input = context.crossDocument;
    if (!input) throw new Error('cross-doc ran without its batch');
    if ('problem' in input) throw new StratumError(input.code, `cross-doc: ${input.problem}`);
    const llm = context.options.explain ? context.llm : undefined;
    let done = 0;
    const results = await Promise.all(
      chunks.map(async (chunk) => {
        const related = input.related[chunk.id] ?? [];
        if (!llm || related.length === 0) return related;
        const texts = related.map((reference) => input.texts?.[relationKey(reference.doc_id, reference.chunk_id)] ?? '');
        const notes = await context.memoAsync(
          chunk,
          () =>
            Promise.all(
              texts.map((text) =>
                llm.chat(
                  {
                    system: EXPLAIN_SYSTEM,
                    messages: [
                      {
                        role: 'user',
                        content: [{ type: 'text', text: `<passage>\n${chunk.text}\n</passage>\n<related>\n${text}\n</related>` }],
                      },
                    ],
                    maxOutputTokens: EXPLAIN_MAX_TOKENS,
                  },
                  context.signal,
                ),
              ),
            ),
          stableHash(texts),
        );
        context.progress(++done, chunks.length);
        return related.map((reference, index): CrossDocumentReference => ({ ...reference, note: notes[index]!.trim() }));
      }),
    );
    context.progress(chunks.length, chunks.length);
    return {
      // the runner keeps what the references step writes under the same key (`intra_document`) beside it
      chunks: results.map((cross_document) => ({ cross_document })),
      document: {
        documents: input.documents,
        batch_chunks: input.chunks,
        methods: input.methods,
        related_chunks: results.filter((related) => related.length > 0).length,
        bm25: { k1: BM25_K1, b: BM25_B },
        ...(llm ? { explained: true } : {}),
      },
    };
  },
};
