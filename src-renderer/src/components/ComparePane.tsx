import { useEffect, useMemo, useRef } from 'react';
import type { ChunkRun, DocumentItemView } from '../../../src-shared/api';
import type { BoundaryDiff } from '../../../src-shared/evaluation';
import { chunkEnrichmentDifferencesOf, enrichmentDeltasOf } from '../enrichment-deltas';
import { formatDelta, metricDeltasOf, type MetricDelta } from '../metric-deltas';
import { useChunkStore } from '../stores/chunk-store';
import { useCompareStore } from '../stores/compare-store';
import { useUiStore } from '../stores/ui-store';
import { CONFIG_B_ID } from './ConfigPanel';
import { DocumentTextView } from './DocumentView';
import type { VirtualListHandle } from './VirtualList';

/** A and B side by side over the same document, scrolled together, with the boundary diff marked. */
export function ComparePane({ items }: { items: readonly DocumentItemView[] }) {
  const result = useCompareStore((s) => s.result);
  const error = useCompareStore((s) => s.error);
  const running = useCompareStore((s) => s.running);
  const selectedIndex = useChunkStore((s) => s.selectedIndex);
  const select = useChunkStore((s) => s.select);
  const listA = useRef<VirtualListHandle>(null);
  const listB = useRef<VirtualListHandle>(null);
  const syncing = useRef(false);

  useEffect(() => void useCompareStore.getState().start(), []);

  const marks = useMemo(() => (result ? boundaryMarksOf(result.diff) : null), [result]);
  const follow = (source: HTMLDivElement, target: VirtualListHandle | null) => {
    const other = target?.element();
    if (!other || syncing.current) return;
    syncing.current = true;
    const fraction = source.scrollTop / Math.max(1, source.scrollHeight - source.clientHeight);
    other.scrollTop = fraction * Math.max(0, other.scrollHeight - other.clientHeight);
    requestAnimationFrame(() => (syncing.current = false));
  };

  return (
    <div className="compare" data-testid="compare-pane">
      <div className="compare-header">
        {result ? <BoundarySummary diff={result.diff} /> : <span className="muted">{running ? 'Comparing…' : '\u00a0'}</span>}
        <span className="spacer" />
        <button type="button" onClick={focusConfigB} title="Move to config B's fields, under A's in the side panel" data-testid="edit-b">
          Edit B…
        </button>
      </div>
      {error && <p className="config-status error">{error}</p>}
      {result && marks && (
        <>
          <MetricDeltas a={result.a} b={result.b} />
          <div className="compare-columns">
            <div className="compare-column" data-testid="compare-a">
              <RunTitle side="A" run={result.a} />
              <DocumentTextView
                items={items}
                chunks={result.a.chunks}
                tokenLimit={result.a.stats.tokenLimit}
                selectedIndex={selectedIndex}
                onSelect={select}
                boundaryMarks={marks.a}
                listRef={listA}
                onScroll={(el) => follow(el, listB.current)}
              />
            </div>
            <div className="compare-column" data-testid="compare-b">
              <RunTitle side="B" run={result.b} />
              <DocumentTextView
                items={items}
                chunks={result.b.chunks}
                tokenLimit={result.b.stats.tokenLimit}
                selectedIndex={null}
                onSelect={() => undefined}
                boundaryMarks={marks.b}
                listRef={listB}
                onScroll={(el) => follow(el, listA.current)}
              />
            </div>
          </div>
        </>
      )}
    </div>
  );
}

/** Config B's fields live under A's in the side panel: bring them into view with the focus on them. */
function focusConfigB() {
  useUiStore.getState().setRightTab('config');
  // once the Config tab is drawn
  requestAnimationFrame(() => {
    const panel = document.getElementById(CONFIG_B_ID);
    panel?.scrollIntoView({ block: 'start' });
    panel?.focus();
  });
}

function RunTitle({ side, run }: { side: 'A' | 'B'; run: ChunkRun }) {
  return (
    <h3>
      {side} · {run.config.strategy} · max {run.stats.tokenLimit} tokens ·{' '}
      <span data-testid={`chunk-count-${side.toLowerCase()}`}>{run.stats.count}</span> chunks
    </h3>
  );
}

function BoundarySummary({ diff }: { diff: BoundaryDiff }) {
  return (
    <p className="boundary-summary" data-testid="boundary-diff">
      Boundaries: {diff.unchanged} unchanged, <span className="moved">{diff.moved.length} moved</span>,{' '}
      <span className="appeared">{diff.appeared.length} appeared</span>, <span className="vanished">{diff.vanished.length} vanished</span>
    </p>
  );
}

function MetricDeltas({ a, b }: { a: ChunkRun; b: ChunkRun }) {
  const { sizes, lint } = useMemo(() => metricDeltasOf(a, b), [a, b]);
  return (
    <div className="metric-deltas" data-testid="metric-deltas">
      <DeltaTable caption="Sizes" rows={sizes} />
      <DeltaTable caption="Lint findings" rows={lint} />
      <EnrichmentDeltas a={a} b={b} />
    </div>
  );
}

/** Most chunks listed whose enrichments differ: the count says how many more there are. */
const DIFFERING_CHUNKS_SHOWN = 50;

/** What A's and B's steps found, side by side, and the chunks both runs have whose enrichments differ. */
function EnrichmentDeltas({ a, b }: { a: ChunkRun; b: ChunkRun }) {
  const enrichment = useCompareStore((s) => s.enrichment);
  const running = useCompareStore((s) => s.enrichmentRunning);
  const error = useCompareStore((s) => s.enrichmentError);
  const select = useChunkStore((s) => s.select);
  const rows = useMemo(() => (enrichment ? enrichmentDeltasOf(enrichment.a, enrichment.b) : []), [enrichment]);
  const differing = useMemo(() => (enrichment ? chunkEnrichmentDifferencesOf(a, enrichment.a, b, enrichment.b) : []), [a, b, enrichment]);
  if (!enrichment && !running && !error) return null;
  return (
    <div className="enrichment-deltas" data-testid="enrichment-deltas">
      {error && <p className="error">{error}</p>}
      {running && <p className="muted">Enriching A and B…</p>}
      {enrichment && (
        <>
          <DeltaTable caption="Enrichments" rows={rows} />
          <details className="differing-chunks" open={differing.length > 0 && differing.length <= 8}>
            <summary data-testid="differing-chunks-count">
              {differing.length} chunk{differing.length === 1 ? '' : 's'} of both runs enriched differently
            </summary>
            <ul>
              {differing.slice(0, DIFFERING_CHUNKS_SHOWN).map((difference) => (
                <li key={difference.indexA} data-testid="differing-chunk">
                  <button type="button" className="chip" onClick={() => select(difference.indexA)} title="Select A's chunk">
                    A #{difference.indexA} · B #{difference.indexB}
                  </button>{' '}
                  {difference.changes.join('; ')}
                </li>
              ))}
              {differing.length > DIFFERING_CHUNKS_SHOWN && <li className="muted">and {differing.length - DIFFERING_CHUNKS_SHOWN} more</li>}
            </ul>
          </details>
        </>
      )}
    </div>
  );
}

function DeltaTable({ caption, rows }: { caption: string; rows: MetricDelta[] }) {
  return (
    <table className="delta-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th />
          <th scope="col">A</th>
          <th scope="col">B</th>
          <th scope="col">Δ</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name} className={row.delta === 0 ? '' : 'changed'} data-testid={`delta-${row.name.replace(/ /g, '-')}`}>
            <th scope="row">{row.name}</th>
            <td>{row.a}</td>
            <td>{row.b}</td>
            <td>{formatDelta(row.delta)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The class each side's chunk-start rule gets: moved in both, vanished in A, appeared in B. */
function boundaryMarksOf(diff: BoundaryDiff): { a: Map<number, string>; b: Map<number, string> } {
  const a = new Map<number, string>();
  const b = new Map<number, string>();
  for (const pair of diff.moved) {
    a.set(pair.a.chunkIndex, 'moved');
    b.set(pair.b.chunkIndex, 'moved');
  }
  for (const boundary of diff.vanished) a.set(boundary.chunkIndex, 'vanished');
  for (const boundary of diff.appeared) b.set(boundary.chunkIndex, 'appeared');
  return { a, b };
}
