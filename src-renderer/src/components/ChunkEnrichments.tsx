import type { ReactNode } from 'react';
import { isRecord } from '../../../src-shared/is-record';
import { useEnrichmentStore } from '../stores/enrichment-store';
import { ChunkCrossReferences, crossReferencesOf } from './ChunkCrossReferences';
import { ChunkReferences, referencesOf } from './ChunkReferences';

/** The keys this panel draws itself; any other step's result is shown as JSON. */
const DRAWN = new Set(['keywords', 'topic', 'summary', 'pii', 'references']);

/** A chunk's enrichments: keywords and topic (each a filter of the chunk list), summary, personal data, the rest as JSON. */
export function ChunkEnrichments({ enrichments }: { enrichments: Record<string, unknown> }) {
  const setFilter = useEnrichmentStore((s) => s.setFilter);
  const { keywords, topic, summary, pii } = enrichments;
  const references = referencesOf(enrichments);
  const crossReferences = crossReferencesOf(enrichments);
  const others = Object.entries(enrichments).filter(([key]) => !DRAWN.has(key));
  if (Object.keys(enrichments).length === 0) return null;
  return (
    <section className="chunk-enrichments" aria-label="Enrichments" data-testid="inspector-enrichments">
      <h3>Enrichments</h3>
      <dl className="facts">
        {Array.isArray(keywords) && (
          <>
            <dt>Keywords</dt>
            <dd className="chips" data-testid="inspector-keywords">
              {keywords.filter(isRecord).map((keyword) => (
                <button
                  key={String(keyword.term)}
                  type="button"
                  className="chip"
                  title={`score ${Number(keyword.score).toFixed(3)}: show the chunks with this keyword`}
                  onClick={() => setFilter({ keyword: String(keyword.term), topic: null })}
                >
                  {String(keyword.term)}
                </button>
              ))}
            </dd>
          </>
        )}
        {isRecord(topic) && (
          <>
            <dt>Topic</dt>
            <dd data-testid="inspector-topic">
              <button
                type="button"
                className="chip"
                title="Show the chunks of this topic"
                onClick={() => setFilter({ topic: Number(topic.id), keyword: null })}
              >
                {String(topic.label)}
              </button>
            </dd>
          </>
        )}
        {isRecord(summary) && typeof summary.text === 'string' && (
          <>
            <dt>Summary</dt>
            <dd data-testid="inspector-summary">{summary.text}</dd>
          </>
        )}
        {isRecord(enrichments['references']) && Array.isArray(enrichments['references'].intra_document) && (
          <>
            <dt>References</dt>
            <dd>{references.length === 0 ? 'none found' : <ChunkReferences references={references} />}</dd>
          </>
        )}
        {crossReferences && (
          <>
            <dt>Related in other documents</dt>
            <dd>{crossReferences.length === 0 ? 'none found' : <ChunkCrossReferences references={crossReferences} />}</dd>
          </>
        )}
        {Array.isArray(pii) && (
          <>
            <dt>Personal data</dt>
            <dd data-testid="inspector-pii">
              {pii.length === 0
                ? 'none found'
                : countsOf(pii.filter(isRecord).map((span) => String(span.label)))
                    .map(([label, count]) => `${label} ×${count}`)
                    .join(', ')}
            </dd>
          </>
        )}
      </dl>
      {others.map(([key, value]) => (
        <details key={key} className="other-enrichment">
          <summary>{key}</summary>
          <pre className="chunk-text">{JSON.stringify(value, null, 2)}</pre>
        </details>
      ))}
    </section>
  );
}

function countsOf(labels: readonly string[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return [...counts];
}

/** `[start, end)` code-point spans of a text with their labels (`chunk.enrichments.pii`). */
export function piiSpansOf(enrichments: Record<string, unknown>): Array<{ label: string; start: number; end: number }> {
  const pii = enrichments['pii'];
  if (!Array.isArray(pii)) return [];
  return pii
    .filter(isRecord)
    .flatMap((span) =>
      typeof span.start === 'number' && typeof span.end === 'number'
        ? [{ label: String(span.label), start: span.start, end: span.end }]
        : [],
    );
}

/** A text with its spans (code points) marked; spans are sorted and do not overlap (the step merges them). */
export function MarkedText({ text, spans }: { text: string; spans: ReadonlyArray<{ label: string; start: number; end: number }> }) {
  if (spans.length === 0) return <>{text}</>;
  const codePoints = Array.from(text);
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [index, span] of [...spans].sort((a, b) => a.start - b.start).entries()) {
    if (span.start < at) continue;
    parts.push(codePoints.slice(at, span.start).join(''));
    const value = codePoints.slice(span.start, span.end).join('');
    parts.push(
      <mark key={index} className="pii" title={span.label} data-testid="pii-mark">
        {value === '' ? `[${span.label}]` : value}
      </mark>,
    );
    at = span.end;
  }
  parts.push(codePoints.slice(at).join(''));
  return <>{parts}</>;
}
