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

const contextSchema = z
  .object({ text: z.string() })
  .describe('`context` step (LLM): a short context situating the chunk in its document (contextual retrieval).');

const classificationSchema = z
  .object({
    label: z.string().nullable().describe('One of the configured labels; null when none fits.'),
    method: z.enum(['llm', 'rules']).describe('Who chose it: the LLM, or the offline cue rules.'),
    scores: z.record(z.string(), z.number()).optional().describe("The rules' cue matches per 100 words, by label."),
    note: z.string().optional().describe('Why the rules chose for an LLM configured: its answer was not a label.'),
  })
  .describe('`classification` step: the label of the chunk.');

const tableSummariesSchema = z
  .array(z.object({ ref: z.string(), summary: z.string() }))
  .describe('`tables` step (LLM): a summary of each table the chunk shows, by its `self_ref`.');

const pictureDescriptionsSchema = z
  .array(z.union([z.object({ ref: z.string(), description: z.string() }), z.object({ ref: z.string(), note: z.string() })]))
  .describe('`pictures` step (vision LLM): a description of each picture the chunk shows, or a note why it has none.');

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
    context: contextSchema.optional(),
    classification: classificationSchema.optional(),
    tables: tableSummariesSchema.optional(),
    pictures: pictureDescriptionsSchema.optional(),
    references: referencesSchema.optional(),
  })
  .describe('Enrichment results by step name (`stratum chunk --pipeline-config`).');

export const documentEnrichmentSchema = z
  .looseObject({
    name: z.string().min(1).describe('The step.'),
    version: z.string().min(1).describe("The step's version: its output for the same input changes only with it."),
    timestamp: z.string().describe('When the step ran (ISO 8601, UTC).'),
    error: z.string().optional().describe('Why the step failed, in a pipeline whose `onError` is `continue`.'),
    model: z.string().optional().describe('`<provider>/<model>`: the LLM the pipeline gave a step that asks one.'),
  })
  .describe(
    'A step that ran, with its document-level results: `keywords` its `language` and `idf` (`document` or `batch`); ' +
      '`summary` its `summary` ({ text, method: extractive | abstractive, sentences: [{ text, chunk_id, score }] }); ' +
      '`topics` its `topics` ([{ id, label, terms, chunk_count, named_by? }]); `context` its `prefix` (`document` or `outline`: ' +
      'what the LLM was shown of the document); `classification` its `labels` and `method`; ' +
      '`pii` its `action` and the `counts` of values by label; ' +
      '`references` the references `found` and `resolved`, and both `by_kind`.',
  );
