import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ApiResponse, ChunkRun, DocumentItemView, DocumentView } from '../../../src-shared/api';
import type { BoundaryDiff } from '../../../src-shared/evaluation';
import type { HandEditResult } from '../../../src-shared/hand-edits';
import { counterpartsHint, counterpartsOf } from '../chunk-mapping';
import { contentPositionAt, scrollToContentPosition, type ContentPosition } from '../compare-scroll';
import { chunkEnrichmentDifferencesOf, enrichmentDeltasOf } from '../enrichment-deltas';
import { formatDelta, metricDeltasOf, type MetricDelta } from '../metric-deltas';
import { useChunkStore } from '../stores/chunk-store';
import { useCompareStore, type CompareSide } from '../stores/compare-store';
import { useUiStore } from '../stores/ui-store';
import { CONFIG_B_ID } from './ConfigPanel';
import { DocumentTextView } from './DocumentView';
import { TextPagesTabs } from './TextPagesTabs';
import { PdfPageView } from './PdfPageView';
import type { VirtualListHandle } from './VirtualList';

type Comparison = ApiResponse<'compareConfigs'>;

/** A and B side by side over the same document, scrolled together by content, with the boundary diff marked. */
export function ComparePane({ document }: { document: DocumentView }) {
  const result = useCompareStore((s) => s.result);
  const error = useCompareStore((s) => s.error);
  const running = useCompareStore((s) => s.running);
  const mode = useUiStore((s) => s.mode);
  const showPages = document.hasPdf && mode === 'page';

  useEffect(() => void useCompareStore.getState().start(), []);

  return (
    <div className="compare" data-testid="compare-pane">
      <div className="compare-header">
        {result ? <BoundarySummary diff={result.diff} /> : <span className="muted">{running ? 'Comparing…' : '\u00a0'}</span>}
        <span className="spacer" />
        {document.hasPdf && <CompareViewSwitch showPages={showPages} />}
        <button type="button" onClick={focusConfigB} title="Move to config B's fields, under A's in the side panel" data-testid="edit-b">
          Edit B…
        </button>
      </div>
      {error && <p className="config-status error">{error}</p>}
      {result && (
        <>
          <MetricDeltas a={result.a} b={result.b} />
          {showPages ? (
            <ComparePages document={document} comparison={result} />
          ) : (
            <CompareColumns items={document.items} comparison={result} />
          )}
        </>
      )}
    </div>
  );
}

function CompareViewSwitch({ showPages }: { showPages: boolean }) {
  return (
    <div className="view-switch" role="tablist" aria-label="Compare as">
      <TextPagesTabs
        showPages={showPages}
        textTestId="compare-text-tab"
        pagesTestId="compare-pages-tab"
        pagesTitle="A's and B's boxes on the same pages"
      />
    </div>
  );
}

/** The chunk hovered on one side: the other side marks the chunks that hold its text. */
interface HoveredChunk {
  side: CompareSide;
  index: number;
}

/** A's and B's text views, each selectable, hinting at the other side's chunks, kept at the same content by scrolling. */
function CompareColumns({ items, comparison }: { items: readonly DocumentItemView[]; comparison: Comparison }) {
  const selectedIndex = useChunkStore((s) => s.selectedIndex);
  const selectedB = useCompareStore((s) => s.selectedB);
  const inspected = useCompareStore((s) => s.inspected);
  const selectChunk = useCompareStore((s) => s.selectChunk);
  const [hovered, setHovered] = useState<HoveredChunk | null>(null);
  const listA = useRef<VirtualListHandle>(null);
  const listB = useRef<VirtualListHandle>(null);
  const { follow, scrollToChunk } = useContentSync(items, listA, listB);
  const marks = useMemo(() => boundaryMarksOf(comparison.diff), [comparison]);
  const extents = useCompareStore((s) => (s.extents?.of === comparison ? s.extents : null));
  const { correspondence } = comparison;

  useEffect(() => {
    if (selectedIndex !== null) scrollToChunk('A', selectedIndex);
  }, [selectedIndex, scrollToChunk]);
  useEffect(() => {
    if (selectedB !== null) scrollToChunk('B', selectedB);
  }, [selectedB, scrollToChunk]);

  // the chunk hovered, else the one inspected: the other side marks the chunks that hold its text
  const focus: HoveredChunk | null =
    hovered ??
    (inspected === 'B'
      ? selectedB === null
        ? null
        : { side: 'B', index: selectedB }
      : selectedIndex === null
        ? null
        : { side: 'A', index: selectedIndex });
  const relatedOn = (side: CompareSide) =>
    focus && focus.side !== side ? new Set(counterpartsOf(correspondence, focus.side, focus.index).map((c) => c.index)) : undefined;
  const hoverA = useCallback((index: number | null) => setHovered((h) => hoverOf(h, 'A', index)), []);
  const hoverB = useCallback((index: number | null) => setHovered((h) => hoverOf(h, 'B', index)), []);

  return (
    <div className="compare-columns">
      <div className="compare-column" data-testid="compare-a">
        <RunTitle side="A" run={comparison.a} />
        <DocumentTextView
          items={items}
          chunks={comparison.a.chunks}
          extents={extents?.a ?? null}
          tokenLimit={comparison.a.stats.tokenLimit}
          selectedIndex={selectedIndex}
          onSelect={(index) => selectChunk('A', index)}
          boundaryMarks={marks.a}
          listRef={listA}
          onScroll={(element) => follow('A', element)}
          hoverHint={(index) => counterpartsHint(correspondence, 'A', index)}
          onHoverChunk={hoverA}
          relatedIndices={relatedOn('A')}
          testId="compare-scroll-a"
        />
      </div>
      <div className="compare-column" data-testid="compare-b">
        <RunTitle side="B" run={comparison.b} />
        <DocumentTextView
          items={items}
          chunks={comparison.b.chunks}
          extents={extents?.b ?? null}
          tokenLimit={comparison.b.stats.tokenLimit}
          selectedIndex={selectedB}
          onSelect={(index) => selectChunk('B', index)}
          boundaryMarks={marks.b}
          listRef={listB}
          onScroll={(element) => follow('B', element)}
          hoverHint={(index) => counterpartsHint(correspondence, 'B', index)}
          onHoverChunk={hoverB}
          relatedIndices={relatedOn('B')}
          testId="compare-scroll-b"
        />
      </div>
    </div>
  );
}

/** The hover state after a side's view reported its hovered chunk (null: it left that side's chunks). */
function hoverOf(current: HoveredChunk | null, side: CompareSide, index: number | null): HoveredChunk | null {
  if (index !== null) return { side, index };
  return current?.side === side ? null : current;
}

/**
 * Scrolling either view scrolls the other to the same content (the same item and point of its text at the top), and a
 * chunk selected on one side is scrolled to there (the other follows).
 */
function useContentSync(
  items: readonly DocumentItemView[],
  listA: React.RefObject<VirtualListHandle | null>,
  listB: React.RefObject<VirtualListHandle | null>,
) {
  // where this hook last scrolled each side to: a scroll event that finds a side there is the echo of our own scroll
  const placedAt = useRef<Record<CompareSide, number | null>>({ A: null, B: null });
  const frame = useRef(0);
  const positionOf = useMemo(() => new Map(items.map((item, index) => [item.ref, index])), [items]);
  const follow = useCallback(
    (side: CompareSide, source: HTMLDivElement) => {
      const otherSide: CompareSide = side === 'A' ? 'B' : 'A';
      const other = (otherSide === 'A' ? listA : listB).current;
      const placed = placedAt.current[side];
      if (!other || (placed !== null && Math.abs(source.scrollTop - placed) < 1)) return;
      placedAt.current[side] = null;
      // a scroll of either side replaces the alignment under way
      cancelAnimationFrame(frame.current);
      const place = (target: HTMLDivElement, position: ContentPosition) => {
        const aligned = scrollToContentPosition(target, position);
        // only to draw the item's rows, which the next frame aligns: a list that moved on by itself would read as scrolled
        if (!aligned) other.scrollToIndex(positionOf.get(position.ref) ?? 0, { hold: false });
        placedAt.current[otherSide] = target.scrollTop;
        return aligned;
      };
      // for a moment at most: after a jump the source list draws the rows now at its top only once it has rendered
      // them, and the other list those of the item it scrolled to; a busy machine renders them frames later
      const deadline = performance.now() + ALIGN_WAIT_MS;
      const step = () => {
        const target = other.element();
        const position = contentPositionAt(source);
        if (!target || (position && place(target, position)) || performance.now() > deadline) return;
        frame.current = requestAnimationFrame(step);
      };
      frame.current = requestAnimationFrame(step);
    },
    [listA, listB, positionOf],
  );
  const scrollToChunk = useCallback(
    (side: CompareSide, index: number) => {
      const run = useCompareStore.getState().result?.[side === 'A' ? 'a' : 'b'];
      const first = run?.chunks[index]?.docItems[0];
      const position = first === undefined ? undefined : positionOf.get(first);
      const list = (side === 'A' ? listA : listB).current;
      if (position === undefined || !list) return;
      list.scrollToIndex(position);
      // the scroll event that follows makes the other side follow
    },
    [listA, listB, positionOf],
  );
  return { follow, scrollToChunk };
}

/** How long the view that follows waits for the rows at both top edges to be drawn. */
const ALIGN_WAIT_MS = 1000;

/** A's and B's boxes on the same pages, in two colours; a click selects a chunk of its side. */
function ComparePages({ document, comparison }: { document: DocumentView; comparison: Comparison }) {
  const selectedB = useCompareStore((s) => s.selectedB);
  const selectChunk = useCompareStore((s) => s.selectChunk);
  const compareB = useMemo(
    () => ({ chunks: comparison.b.chunks, selectedIndex: selectedB, onSelect: (index: number) => selectChunk('B', index) }),
    [comparison, selectedB, selectChunk],
  );
  return (
    <div className="compare-pages" data-testid="compare-pages">
      <p className="page-legend" data-testid="compare-pages-legend">
        <span className="legend-swatch side-a" /> A · {comparison.a.config.strategy} ({comparison.a.stats.count} chunks,{' '}
        {handEditsNote(comparison.a.handEdits ?? [])}) <span className="legend-swatch side-b" /> B · {comparison.b.config.strategy} (
        {comparison.b.stats.count} chunks, {handEditsNote(comparison.b.handEdits ?? [])}): each chunk&apos;s lines, A&apos;s boxes drawn
        outside B&apos;s; click a box to inspect its chunk
      </p>
      <PdfPageView document={document} compareB={compareB} />
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
  const edits = run.handEdits ?? [];
  return (
    <h3>
      {side} · {run.config.strategy} · max {run.stats.tokenLimit} tokens ·{' '}
      <span data-testid={`chunk-count-${side.toLowerCase()}`}>{run.stats.count}</span> chunks
      {/* each side's own hand edits (a preset or config file holds them): what became of each, rule by rule, in the tooltip */}
      <span
        className="muted run-edits"
        title={edits.map((result) => `${result.kind}: ${result.status}, ${result.message}`).join('\n') || undefined}
        data-testid={`hand-edits-${side.toLowerCase()}`}
      >
        {' · '}
        {handEditsNote(edits)}
      </span>
    </h3>
  );
}

/** "no hand edits", or how many and what became of them: "2 hand edits: 1 applied, 1 unmatched". */
function handEditsNote(results: readonly HandEditResult[]): string {
  if (results.length === 0) return 'no hand edits';
  const byStatus = new Map<string, number>();
  for (const { status } of results) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  const counts = [...byStatus].map(([status, count]) => `${count} ${status}`).join(', ');
  return `${results.length} hand edit${results.length === 1 ? '' : 's'}: ${counts}`;
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
  const selectChunk = useCompareStore((s) => s.selectChunk);
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
                  <button type="button" className="chip" onClick={() => selectChunk('A', difference.indexA)} title="Select A's chunk">
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
