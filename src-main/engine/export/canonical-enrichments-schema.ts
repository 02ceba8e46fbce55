import { PII_LABELS } from '../enrich/pii/pii-label';
import { REFERENCE_KINDS } from '../enrich/references/reference-kinds';
import { z } from 'zod';

/**
 * What enrichment steps write into canonical JSON (`chunk.enrichments.<step>` and the entries of
 * `document.enrichments`). Keys of steps not listed here (a newer Stratum's) are kept as they are.
 */
const keywordsSchema = z
  .array(z.object({ term: z.string().min(1), score: z.number().nonnegative() }))
  .describe("`keywords` step: the chunk's key terms by TF-IDF against its document (or batch), highest first.");

const chunkSummarySchema = z
  .object({ text: z.string() })
  .describe("`summary` step: the chunk's most central sentence, by the document's sentence ranking.");

const topicSchema = z
  .object({ id: z.number().int().nonnegative(), label: z.string() })
  .describe('`topics` step: the topic the chunk belongs to (one of the document-level `topics` of the step).');

const piiSchema = z
  .array(
    z.object({
      label: z.enum(PII_LABELS),
      start: z.number().int().nonnegative(),
      end: z.number().int().nonnegative(),
      text: z.string().optional().describe('The value, with `action: keep` only.'),
    }),
  )
  .describe(
    '`pii` step: personal data in the chunk text, `[start, end)` in code points of `text` as exported: the value itself with ' +
      '`action: keep`, its placeholder (`[EMAIL]`) with `mask`, an empty range where it was with `drop`.',
  );

const referencesSchema = z
  .object({
    intra_document: z.array(
      z.object({
        text: z.string().min(1).describe('The reference as written in the chunk text.'),
        kind: z.enum(REFERENCE_KINDS),
        target: z.string().describe('The label referred to ("3.2", "B", "7-26", "12"), or the quoted title.'),
        target_chunk_ids: z.array(z.string()).describe('The chunks that hold the target, in document order; empty when unresolved.'),
        resolved: z.boolean(),
        start: z.number().int().nonnegative(),
        end: z.number().int().nonnegative(),
      }),
    ),
  })
  .describe(
    '`references` step: references to other parts of the document ("see Section 3.2", "Table 4", "Fig. 2", "Appendix B", ' +
      '"Eq. (3)", "§ 4", "p. 12" and their equivalents in ten more languages), `[start, end)` in code points of `text`, each with ' +
      'the chunks that hold its target; one the document does not hold is kept with `resolved: false`.',
  );

export const chunkEnrichmentsSchema = z
  .looseObject({
    keywords: keywordsSchema.optional(),
    summary: chunkSummarySchema.optional(),
    topic: topicSchema.optional(),
    pii: piiSchema.optional(),
    references: referencesSchema.optional(),
  })
  .describe('Enrichment results by step name (`stratum chunk --pipeline-config`).');

export const documentEnrichmentSchema = z
  .looseObject({
    name: z.string().min(1).describe('The step.'),
    version: z.string().min(1).describe("The step's version: its output for the same input changes only with it."),
    timestamp: z.string().describe('When the step ran (ISO 8601, UTC).'),
    error: z.string().optional().describe('Why the step failed, in a pipeline whose `onError` is `continue`.'),
  })
  .describe(
    'A step that ran, with its document-level results: `keywords` its `language` and `idf` (`document` or `batch`); ' +
      '`summary` its `summary` ({ text, sentences: [{ text, chunk_id, score }] }); ' +
      '`topics` its `topics` ([{ id, label, terms, chunk_count }]); `pii` its `action` and the `counts` of values by label; ' +
      '`references` the references `found` and `resolved`, and both `by_kind`.',
  );
