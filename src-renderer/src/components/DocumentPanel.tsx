import type { EnrichmentStepLog, EnrichmentView } from '../../../src-shared/api';
import { isRecord } from '../../../src-shared/is-record';
import { useEnrichmentStore } from '../stores/enrichment-store';

/**
 * What the pipeline's steps say of the document: its summary and topics (a topic filters the chunk list), and the run
 * log (each step's time, cache hits, errors, and LLM tokens and cost when a step reports them). Shown while the
 * pipeline has steps.
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
