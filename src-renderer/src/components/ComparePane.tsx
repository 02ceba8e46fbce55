import { useEffect, useMemo, useRef } from 'react';
import type { ChunkRun, DocumentItemView } from '../../../src-shared/api';
import type { BoundaryDiff } from '../../../src-shared/evaluation';
import { useCatalogStore } from '../stores/catalog-store';
import { useChunkStore } from '../stores/chunk-store';
import { useCompareStore } from '../stores/compare-store';
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
      <CompareHeader />
      {error && <p className="config-status error">{error}</p>}
      {result && marks ? (
        <>
          <DiffSummary diff={result.diff} a={result.a} b={result.b} />
          <div className="compare-columns">
            <div className="compare-column" data-testid="compare-a">
              <h3>A · {result.a.config.strategy} · {result.a.config.maxTokens}</h3>
              <DocumentTextView items={items} chunks={result.a.chunks} maxTokens={result.a.config.maxTokens} selectedIndex={selectedIndex} onSelect={select} boundaryMarks={marks.a} listRef={listA} onScroll={(el) => follow(el, listB.current)} />
            </div>
            <div className="compare-column" data-testid="compare-b">
              <h3>B · {result.b.config.strategy} · {result.b.config.maxTokens}</h3>
              <DocumentTextView items={items} chunks={result.b.chunks} maxTokens={result.b.config.maxTokens} selectedIndex={null} onSelect={() => undefined} boundaryMarks={marks.b} listRef={listB} onScroll={(el) => follow(el, listA.current)} />
            </div>
          </div>
        </>
      ) : (
        <p className="muted">{running ? 'Comparing…' : ''}</p>
      )}
    </div>
  );
}

function CompareHeader() {
  const configB = useCompareStore((s) => s.configB);
  const setOptionB = useCompareStore((s) => s.setOptionB);
  const setStrategyB = useCompareStore((s) => s.setStrategyB);
  const strategies = useCatalogStore((s) => s.catalog?.strategies);
  if (!configB) return null;
  return (
    <div className="compare-header">
      <strong>B:</strong>
      <select value={configB.strategy ?? ''} onChange={(e) => setStrategyB(e.target.value)} aria-label="Strategy B" data-testid="compare-strategy">
        {strategies?.map((s) => (
          <option key={s.name} value={s.name}>
            {s.name}
          </option>
        ))}
      </select>
      <label>
        max tokens{' '}
        <input type="number" min={1} value={configB.maxTokens ?? ''} onChange={(e) => setOptionB('maxTokens', e.target.value === '' ? undefined : Number(e.target.value))} data-testid="compare-max-tokens" />
      </label>
    </div>
  );
}

const METRICS: ReadonlyArray<[string, (run: ChunkRun) => number]> = [
  ['chunks', (run) => run.stats.count],
  ['min tokens', (run) => run.stats.minTokens],
  ['median tokens', (run) => run.stats.medianTokens],
  ['max tokens', (run) => run.stats.maxTokens],
  ['mean tokens', (run) => Math.round(run.stats.meanTokens * 10) / 10],
  ['over limit', (run) => run.stats.overLimit],
  ['lint findings', (run) => run.findings.length],
];

function DiffSummary({ diff, a, b }: { diff: BoundaryDiff; a: ChunkRun; b: ChunkRun }) {
  return (
    <div className="diff-summary">
      <p data-testid="boundary-diff">
        Boundaries: {diff.unchanged} unchanged, <span className="moved">{diff.moved.length} moved</span>, <span className="appeared">{diff.appeared.length} appeared</span>,{' '}
        <span className="vanished">{diff.vanished.length} vanished</span>
      </p>
      <table className="delta-table" data-testid="metric-deltas">
        <thead>
          <tr>
            <th />
            <th>A</th>
            <th>B</th>
            <th>Δ</th>
          </tr>
        </thead>
        <tbody>
          {METRICS.map(([name, metric]) => {
            const delta = Math.round((metric(b) - metric(a)) * 10) / 10;
            return (
              <tr key={name}>
                <th>{name}</th>
                <td>{metric(a)}</td>
                <td>{metric(b)}</td>
                <td>{delta > 0 ? `+${delta}` : delta}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
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
