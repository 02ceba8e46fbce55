import type { ChunkEnrichmentSummary, EnrichmentView } from '../../src-shared/api';
import type { Chunk } from '../../src-shared/chunk';
import { isRecord } from '../../src-shared/is-record';
import type { LlmRunReport } from '../engine/enrich/enrich-chunks';
import type { EnrichmentRun } from '../engine/enrich/run-enrichment';
import { describeEstimate, describeUsage } from '../engine/llm/llm-usage';
import { distinctPiiValues, piiValuesOfChunk, type PiiSpanOfChunk } from './pii-values';

/**
 * What the renderer shows of an enrichment run: the log, the document's results, what each chunk is
 * filtered on, and the personal data as the document reads it. `original` are the chunks before the
 * run, in the same order.
 */
export function enrichmentViewOf(
  original: readonly Chunk[],
  run: EnrichmentRun & { llm?: LlmRunReport },
  elapsedMs: number,
): EnrichmentView {
  const chunks = run.chunks.map(chunkSummaryOf);
  const piiValues = distinctPiiValues(
    run.chunks.flatMap((chunk, index) => {
      const spans = piiSpansOf(chunk.enrichments['pii']);
      return spans.length === 0 ? [] : piiValuesOfChunk(original[index]?.text ?? '', chunk.text, spans);
    }),
  );
  // the LLM report is a plain object of numbers and strings: the API carries it as a record
  const steps = run.report.map(({ llm, ...step }) => (llm ? { ...step, llm: { ...llm } } : step));
  const llm = run.llm
    ? {
        model: run.llm.estimate.model,
        estimate: describeEstimate(run.llm.estimate),
        usage: run.llm.usage ? describeUsage(run.llm.usage) : null,
        sent: run.llm.usage !== undefined,
      }
    : null;
  return { steps, llm, elapsedMs, document: run.documentEnrichments, chunks, piiValues };
}

function chunkSummaryOf(chunk: Chunk): ChunkEnrichmentSummary {
  const { keywords, topic, pii, references } = chunk.enrichments;
  const intraDocument = isRecord(references) && Array.isArray(references.intra_document) ? references.intra_document.filter(isRecord) : [];
  return {
    keywords: Array.isArray(keywords)
      ? keywords.flatMap((keyword) => (isRecord(keyword) && typeof keyword.term === 'string' ? [keyword.term] : []))
      : [],
    topic: isRecord(topic) && typeof topic.id === 'number' && typeof topic.label === 'string' ? { id: topic.id, label: topic.label } : null,
    piiCount: Array.isArray(pii) ? pii.length : 0,
    references: { found: intraDocument.length, resolved: intraDocument.filter((reference) => reference.resolved === true).length },
  };
}

function piiSpansOf(value: unknown): PiiSpanOfChunk[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((span) =>
    isRecord(span) && typeof span.label === 'string' && typeof span.start === 'number' && typeof span.end === 'number'
      ? [{ label: span.label, start: span.start, end: span.end, ...(typeof span.text === 'string' ? { text: span.text } : {}) }]
      : [],
  );
}
