import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ChunkRun, ChunkSummary, DocumentItemView } from '../../../src-shared/api';
import { offsetOfChunkStart } from '../../../src-shared/chunk-start';
import { escapeRegExp } from '../../../src-shared/escape-regexp';
import { chunkMarks, chunksByItem } from '../chunk-index';
import { measureChunksShown } from '../perf-marks';
import { useChunkStore } from '../stores/chunk-store';
import { passesFilter, useEnrichmentStore } from '../stores/enrichment-store';
import { useCurrentChunkEnrichments } from '../stores/use-current-enrichments';
import { useUiStore } from '../stores/ui-store';
import { VirtualList, type VirtualListHandle } from './VirtualList';

interface DocumentTextViewProps {
  items: readonly DocumentItemView[];
  chunks: readonly ChunkSummary[];
  maxTokens: number;
  selectedIndex: number | null;
  onSelect(index: number): void;
  /** boundary marks from a comparison, keyed by chunk position */
  boundaryMarks?: ReadonlyMap<number, string>;
  listRef?: React.Ref<VirtualListHandle>;
  onScroll?(element: HTMLDivElement): void;
  testId?: string;
  /** chunks the chunk list's filter leaves out: their bands are drawn faint */
  filteredOut?: ReadonlySet<number>;
  /** personal data found by the pipeline, marked wherever the document's text holds it */
  piiPattern?: RegExp | null;
}

/**
 * The document, item by item, with the chunks drawn over it: a band per chunk in the gutter
 * (alternating colours; two bands side by side where chunks overlap), a rule where a chunk starts,
 * over-limit and heading-only chunks marked.
 */
export function DocumentTextView({
  items,
  chunks,
  maxTokens,
  selectedIndex,
  onSelect,
  boundaryMarks,
  listRef,
  onScroll,
  testId,
  filteredOut,
  piiPattern = null,
}: DocumentTextViewProps) {
  const byItem = useMemo(() => chunksByItem(chunks), [chunks]);
  const [hovered, setHovered] = useState<number | null>(null);
  const rowKey = useCallback((index: number) => items[index]!.ref, [items]);
  const startsAt = useMemo(() => {
    const starts = new Map<string, number[]>();
    chunks.forEach((chunk, position) => {
      const first = chunk.docItems[0];
      if (first === undefined) return;
      const list = starts.get(first);
      if (list) list.push(position);
      else starts.set(first, [position]);
    });
    return starts;
  }, [chunks]);
  const hoveredChunk = hovered === null ? undefined : chunks[hovered];

  const renderRow = (index: number) => {
    const item = items[index]!;
    const covering = byItem.get(item.ref) ?? [];
    const selected = selectedIndex !== null && covering.includes(selectedIndex);
    const cuts = inlineCutsOf(item, chunks, covering);
    const cutPositions = new Set(cuts.map((cut) => cut.position));
    return (
      <div className={`doc-row${selected ? ' selected' : ''}${covering.length === 0 ? ' uncovered' : ''}`} data-ref={item.ref}>
        {(startsAt.get(item.ref) ?? [])
          .filter((position) => !cutPositions.has(position))
          .map((position) => {
            const chunk = chunks[position]!;
            return (
              <div
                key={position}
                className={`chunk-start band-${position % 2} ${boundaryMarks?.get(position) ?? ''}`}
                data-testid="chunk-start"
              >
                #{position} · {chunk.tokenCount} tokens{' '}
                {chunkMarks(chunk, maxTokens).map((mark) => (
                  <span key={mark} className={`mark ${mark}`}>
                    {mark}
                  </span>
                ))}
              </div>
            );
          })}
        <div className="doc-row-body">
          <div className="bands">
            {covering.map((position) => {
              const chunk = chunks[position]!;
              return (
                <button
                  key={position}
                  type="button"
                  data-testid="chunk-band"
                  data-chunk-index={position}
                  className={`band band-${position % 2} ${chunkMarks(chunk, maxTokens).join(' ')}${position === selectedIndex ? ' selected' : ''}${
                    filteredOut?.has(position) ? ' filtered-out' : ''
                  }`}
                  title={`chunk ${chunk.id} · ${chunk.tokenCount} tokens`}
                  aria-label={`chunk ${position}`}
                  onMouseEnter={() => setHovered(position)}
                  onMouseLeave={() => setHovered((current) => (current === position ? null : current))}
                  onClick={() => onSelect(position)}
                />
              );
            })}
          </div>
          <div
            className={`item item-${item.label}${item.headingLevel !== null ? ' heading' : ''}`}
            style={{ paddingLeft: `${Math.min(item.depth - 1, 6) * 12}px` }}
            onClick={() => {
              const next = nextCoveringChunk(covering, selectedIndex);
              if (next !== undefined) onSelect(next);
            }}
          >
            {item.page !== null && <span className="page-no">p{item.page}</span>}
            {item.text ? (
              <SegmentedText text={item.text} cuts={cuts} chunks={chunks} piiPattern={piiPattern} />
            ) : (
              <span className="placeholder">[{item.label}]</span>
            )}
          </div>
        </div>
      </div>
    );
  };

  return (
    <div className="document-view">
      <div className="hover-info" data-testid="hover-info">
        {hoveredChunk ? `chunk ${hoveredChunk.id} · #${hovered} · ${hoveredChunk.tokenCount} tokens` : '\u00a0'}
      </div>
      <VirtualList
        ref={listRef}
        className="document-scroll"
        testId={testId}
        count={items.length}
        estimatedRowHeight={44}
        rowKey={rowKey}
        renderRow={renderRow}
        {...(onScroll ? { onScroll } : {})}
      />
    </div>
  );
}

/** The main document view: follows the selection and the outline's scroll requests. */
export function DocumentPane({ items }: { items: readonly DocumentItemView[] }) {
  const run = useChunkStore((s) => s.run);
  const running = useChunkStore((s) => s.running);
  const selectedIndex = useChunkStore((s) => s.selectedIndex);
  const select = useChunkStore((s) => s.select);
  const scrollTarget = useUiStore((s) => s.scrollTarget);
  const filter = useEnrichmentStore((s) => s.filter);
  const piiValues = useEnrichmentStore((s) => s.result?.piiValues);
  const enriched = useCurrentChunkEnrichments();
  const list = useRef<VirtualListHandle>(null);
  const filteredOut = useMemo(
    () => new Set((run?.chunks ?? []).map((_, index) => index).filter((index) => !passesFilter(filter, enriched?.[index] ?? undefined))),
    [run, enriched, filter],
  );
  const piiPattern = useMemo(() => patternOf(piiValues?.map((value) => value.text) ?? []), [piiValues]);
  const positionOf = useMemo(() => new Map(items.map((item, index) => [item.ref, index])), [items]);

  // after the commit that put a new run's chunks in the view (the settled one, not an intermediate run)
  const measuredRun = useRef<ChunkRun | null>(null);
  useEffect(() => {
    if (!run || running || measuredRun.current === run) return;
    measuredRun.current = run;
    measureChunksShown();
  }, [run, running]);

  useEffect(() => {
    const first = selectedIndex === null ? undefined : run?.chunks[selectedIndex]?.docItems[0];
    const position = first === undefined ? undefined : positionOf.get(first);
    if (position !== undefined) list.current?.scrollToIndex(position);
  }, [selectedIndex, run, positionOf]);

  useEffect(() => {
    const position = scrollTarget ? positionOf.get(scrollTarget.ref) : undefined;
    if (position !== undefined) list.current?.scrollToIndex(position);
  }, [scrollTarget, positionOf]);

  return (
    <DocumentTextView
      items={items}
      chunks={run?.chunks ?? []}
      maxTokens={run?.config.maxTokens ?? Number.POSITIVE_INFINITY}
      selectedIndex={selectedIndex}
      onSelect={select}
      listRef={list}
      testId="document-view"
      filteredOut={filteredOut}
      piiPattern={piiPattern}
    />
  );
}

/** Clicking an item selects its first chunk, and cycles through the chunks when they overlap there. */
function nextCoveringChunk(covering: readonly number[], selectedIndex: number | null): number | undefined {
  const current = selectedIndex === null ? -1 : covering.indexOf(selectedIndex);
  return covering[(current + 1) % covering.length];
}

interface InlineCut {
  position: number;
  offset: number;
}

/** Chunks that start inside this item's text (a split paragraph), with where they start. */
function inlineCutsOf(item: DocumentItemView, chunks: readonly ChunkSummary[], covering: readonly number[]): InlineCut[] {
  const cuts: InlineCut[] = [];
  for (const position of covering.slice(1)) {
    const chunk = chunks[position]!;
    if (chunk.docItems[0] !== item.ref) continue;
    const offset = offsetOfChunkStart(item.text, chunk.startNeedle);
    if (offset !== undefined && offset > 0) cuts.push({ position, offset });
  }
  return cuts.sort((a, b) => a.offset - b.offset);
}

/** One pattern for every value (longest first, so that a value inside a longer one marks the longer). */
function patternOf(values: readonly string[]): RegExp | null {
  if (values.length === 0) return null;
  const escaped = [...values].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return new RegExp(escaped.join('|'), 'g');
}

/** A text with the personal data `pattern` finds in it marked. */
function PiiMarked({ text, pattern }: { text: string; pattern: RegExp | null }) {
  if (!pattern) return <>{text}</>;
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    parts.push(text.slice(at, match.index));
    parts.push(
      <mark key={match.index} className="pii" data-testid="document-pii-mark">
        {match[0]}
      </mark>,
    );
    at = match.index + match[0].length;
  }
  if (parts.length === 0) return <>{text}</>;
  parts.push(text.slice(at));
  return <>{parts}</>;
}

interface SegmentedTextProps {
  text: string;
  cuts: readonly InlineCut[];
  chunks: readonly ChunkSummary[];
  piiPattern: RegExp | null;
}

/** An item's text with a marker where each chunk starting inside it begins, and its personal data marked. */
function SegmentedText({ text, cuts, chunks, piiPattern }: SegmentedTextProps) {
  if (cuts.length === 0) return <PiiMarked text={text} pattern={piiPattern} />;
  const parts = [
    <span key="start">
      <PiiMarked text={text.slice(0, cuts[0]!.offset)} pattern={piiPattern} />
    </span>,
  ];
  cuts.forEach((cut, i) => {
    const chunk = chunks[cut.position]!;
    parts.push(
      <span
        key={`cut-${cut.position}`}
        className={`inline-boundary band-${cut.position % 2}`}
        title={`chunk ${chunk.id} · ${chunk.tokenCount} tokens`}
        data-testid="inline-boundary"
      >
        #{cut.position}
      </span>,
      <span key={`text-${cut.position}`} className={`segment tint-${cut.position % 2}`}>
        <PiiMarked text={text.slice(cut.offset, cuts[i + 1]?.offset ?? text.length)} pattern={piiPattern} />
      </span>,
    );
  });
  return <>{parts}</>;
}
