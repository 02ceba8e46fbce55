import { useId, useMemo } from 'react';
import type { EnrichmentStepLog, EnrichmentView } from '../../../src-shared/api';
import { isRecord } from '../../../src-shared/is-record';
import { useChunkStore } from '../stores/chunk-store';
import { passesFilter, useEnrichmentStore } from '../stores/enrichment-store';
import { useCurrentChunkEnrichments } from '../stores/use-current-enrichments';
import { VirtualList } from './VirtualList';

/**
 * What the pipeline's steps say of the document: its summary and topics, the chunk list filtered by
 * keyword or topic, and the run log (each step's time, cache hits, errors, and LLM tokens and cost
 * when a step reports them). Shown while the pipeline has steps.
 */
export function DocumentPanel() {
  const steps = useEnrichmentStore((s) => s.settings.enrich.length);
  const state = useEnrichmentStore((s) => s.state);
  const progress = useEnrichmentStore((s) => s.progress);
  const error = useEnrichmentStore((s) => s.error);
  const result = useEnrichmentStore((s) => s.result);
  if (steps === 0) return null;
  return (
    <section className="document-panel" aria-label="Document enrichments" data-testid="document-panel">
      <h2>Document</h2>
      <p className="enrichment-status" role="status" data-testid="enrichment-status">
        {state === 'running'
          ? `Enriching… ${progress ? `${progress.step} ${progress.done}/${progress.total}` : ''}`
          : state === 'failed'
            ? ''
            : state === 'done'
              ? 'Enriched.'
              : '\u00a0'}
      </p>
      {error && (
        <p className="error" data-testid="enrichment-error">
          {error}
        </p>
      )}
      {result && <DocumentResults result={result} />}
      {result && <ChunkList />}
      {result && <RunLog steps={result.steps} elapsedMs={result.elapsedMs} />}
      {result?.llm && <LlmReport llm={result.llm} running={state === 'running'} />}
    </section>
  );
}

function DocumentResults({ result }: { result: EnrichmentView }) {
  const setFilter = useEnrichmentStore((s) => s.setFilter);
  const summary = result.document.find((entry) => entry['name'] === 'summary')?.['summary'];
  const topics = result.document.find((entry) => entry['name'] === 'topics')?.['topics'];
  const pii = result.document.find((entry) => entry['name'] === 'pii');
  return (
    <>
      {isRecord(summary) && typeof summary.text === 'string' && (
        <>
          <h3>Summary</h3>
          <p className="document-summary" data-testid="document-summary">
            {summary.text}
          </p>
        </>
      )}
      {Array.isArray(topics) && (
        <>
          <h3>Topics</h3>
          <ul className="topic-list" data-testid="document-topics">
            {topics.filter(isRecord).map((topic) => (
              <li key={Number(topic.id)}>
                <button
                  type="button"
                  className="chip"
                  title={`${Array.isArray(topic.terms) ? topic.terms.join(', ') : ''}: show its chunks`}
                  onClick={() => setFilter({ topic: Number(topic.id), keyword: null })}
                >
                  {String(topic.label)}
                </button>{' '}
                <span className="muted">{Number(topic.chunk_count)} chunks</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {pii && isRecord(pii['counts']) && (
        <>
          <h3>Personal data ({String(pii['action'])})</h3>
          <p data-testid="document-pii">
            {Object.entries(pii['counts'])
              .map(([label, count]) => `${label} ×${String(count)}`)
              .join(', ') || 'none found'}
          </p>
        </>
      )}
    </>
  );
}

/** The chunks, or those with the chosen keyword or topic; a click selects one. */
function ChunkList() {
  const filter = useEnrichmentStore((s) => s.filter);
  const setFilter = useEnrichmentStore((s) => s.setFilter);
  const clearFilter = useEnrichmentStore((s) => s.clearFilter);
  const topics = useEnrichmentStore((s) => s.result?.document.find((entry) => entry['name'] === 'topics')?.['topics']);
  const run = useChunkStore((s) => s.run);
  const select = useChunkStore((s) => s.select);
  const selectedIndex = useChunkStore((s) => s.selectedIndex);
  const enriched = useCurrentChunkEnrichments();
  const ids = useId();
  const keywords = useMemo(() => [...new Set((enriched ?? []).flatMap((chunk) => chunk.keywords))].sort(), [enriched]);
  const shown = useMemo(
    () => (run?.chunks ?? []).map((_, index) => index).filter((index) => passesFilter(filter, enriched?.[index])),
    [run, enriched, filter],
  );
  if (!run) return null;
  return (
    <>
      <h3>Chunks ({shown.length === run.chunks.length ? shown.length : `${shown.length} of ${run.chunks.length}`})</h3>
      <div className="chunk-filter">
        <label htmlFor={`${ids}-keyword`}>Keyword</label>
        <input
          id={`${ids}-keyword`}
          list={`${ids}-keywords`}
          type="search"
          value={filter.keyword ?? ''}
          placeholder="any"
          onChange={(e) => setFilter({ keyword: e.target.value.trim() === '' ? null : e.target.value.trim() })}
          data-testid="filter-keyword"
        />
        <datalist id={`${ids}-keywords`}>
          {keywords.map((keyword) => (
            <option key={keyword} value={keyword} />
          ))}
        </datalist>
        <label htmlFor={`${ids}-topic`}>Topic</label>
        <select
          id={`${ids}-topic`}
          value={filter.topic ?? ''}
          onChange={(e) => setFilter({ topic: e.target.value === '' ? null : Number(e.target.value) })}
          data-testid="filter-topic"
        >
          <option value="">any</option>
          {Array.isArray(topics) &&
            topics.filter(isRecord).map((topic) => (
              <option key={Number(topic.id)} value={Number(topic.id)}>
                {String(topic.label)}
              </option>
            ))}
        </select>
        <button type="button" onClick={clearFilter} disabled={filter.keyword === null && filter.topic === null}>
          Clear
        </button>
      </div>
      <VirtualList
        className="chunk-list"
        testId="chunk-list"
        count={shown.length}
        estimatedRowHeight={22}
        rowKey={(row) => String(shown[row])}
        renderRow={(row) => {
          const index = shown[row]!;
          const summary = enriched?.[index];
          return (
            <button
              type="button"
              className={`chunk-list-entry${index === selectedIndex ? ' selected' : ''}`}
              onClick={() => select(index)}
              data-testid="chunk-list-entry"
            >
              <span>#{index}</span>
              <span className="chunk-list-terms">{summary?.keywords.slice(0, 3).join(', ')}</span>
              {summary && summary.piiCount > 0 && <span className="mark pii-count">PII {summary.piiCount}</span>}
              {summary && summary.references.found > 0 && (
                <span
                  className={`mark reference-count${summary.references.resolved < summary.references.found ? ' unresolved' : ''}`}
                  title={`${summary.references.found} references, ${summary.references.resolved} resolved to a chunk`}
                >
                  refs {summary.references.resolved}/{summary.references.found}
                </span>
              )}
            </button>
          );
        }}
      />
    </>
  );
}

function RunLog({ steps, elapsedMs }: { steps: readonly EnrichmentStepLog[]; elapsedMs: number }) {
  return (
    <>
      <h3>Run log ({elapsedMs.toFixed(0)} ms)</h3>
      <table className="run-log" data-testid="run-log">
        <thead>
          <tr>
            <th>step</th>
            <th>status</th>
            <th>ms</th>
            <th title="per-chunk results from the cache / computed">cache</th>
          </tr>
        </thead>
        <tbody>
          {steps.map((step) => (
            <tr key={step.name} className={step.status} title={step.message}>
              <td>
                {step.name} <span className="muted">v{step.version}</span>
              </td>
              <td>
                {step.status}
                {step.message && <div className="error">{step.message}</div>}
                {step.llm && <div className="muted">{llmUsageOf(step.llm)}</div>}
              </td>
              <td>{step.milliseconds.toFixed(0)}</td>
              <td>
                {step.cacheHits} / {step.cacheMisses}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/**
 * The LLM's part of the run: the estimate, counted before anything was sent, and the user's go-ahead
 * (the LLM steps wrote nothing until then); after, what the provider counted and its cost.
 */
function LlmReport({ llm, running }: { llm: NonNullable<EnrichmentView['llm']>; running: boolean }) {
  const confirmLlm = useEnrichmentStore((s) => s.confirmLlm);
  return (
    <div className="llm-report" data-testid="llm-report">
      <h3>LLM ({llm.model})</h3>
      <p data-testid="llm-estimate">Estimate: {llm.estimate}</p>
      {llm.sent ? (
        <p data-testid="llm-usage">Used: {llm.usage}</p>
      ) : (
        <>
          <p className="muted">Nothing has been sent yet: the LLM steps have no results until you send.</p>
          <button type="button" onClick={confirmLlm} disabled={running} data-testid="llm-confirm">
            Send to {llm.model}
          </button>
        </>
      )}
    </div>
  );
}

/** What a step reports of its LLM use, as it reports it: requests, tokens, cost. */
function llmUsageOf(llm: Record<string, unknown>): string {
  const tokens = isRecord(llm['tokens']) ? Object.entries(llm['tokens']).map(([kind, count]) => `${String(count)} ${kind}`) : [];
  const parts = [
    typeof llm['requests'] === 'number' ? `${llm['requests']} requests` : '',
    ...tokens,
    typeof llm['inputTokens'] === 'number' ? `~${llm['inputTokens']} input tokens` : '',
    llm['cost'] !== undefined ? `cost ${String(llm['cost'])}` : '',
    llm['maxCost'] !== undefined ? `at most ${String(llm['maxCost'])}` : '',
  ];
  return parts.filter((part) => part !== '').join(' · ');
}
