import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ChunkRun, ChunkSummary, DocumentItemView } from '../../../src-shared/api';
import { LEFT_OUT_REASONS, type CoveragePlace } from '../../../src-shared/evaluation';
import { offsetOfChunkStart } from '../../../src-shared/chunk-start';
import { escapeRegExp } from '../../../src-shared/escape-regexp';
import { chunkMarks, chunksByItem } from '../chunk-index';
import { samePlace } from '../coverage-places';
import { useLabMarks, type LabMark } from '../lab-marks';
import { useLabStore } from '../stores/lab-store';
import { measureChunksShown } from '../perf-marks';
import { useChunkStore } from '../stores/chunk-store';
import { useCoverageStore } from '../stores/coverage-store';
import { useChunkCardsStore } from '../stores/chunk-cards-store';
import { useChunkListView } from '../stores/chunk-list-store';
import { useDocumentStore } from '../stores/document-store';
import { useEnrichmentStore } from '../stores/enrichment-store';
import { useUiStore } from '../stores/ui-store';
import { VirtualList, type VirtualListHandle } from './VirtualList';

interface DocumentTextViewProps {
  items: readonly DocumentItemView[];
  chunks: readonly ChunkSummary[];
  /** the strategy's limit (ChunkStats.tokenLimit) */
  tokenLimit: number;
  /** chunks other chunks name as parent: never over the limit */
  parentIds?: ReadonlySet<string>;
  selectedIndex: number | null;
  onSelect(index: number): void;
  /** boundary marks from a comparison, keyed by chunk position */
  boundaryMarks?: ReadonlyMap<number, string>;
  /** text in no chunk, by the ref of the row that shows it (`leftOutByRow`) */
  leftOut?: ReadonlyMap<string, readonly CoveragePlace[]>;
  /** the place the fidelity line or a finding showed last */
  focusedPlace?: CoveragePlace | null;
  listRef?: React.Ref<VirtualListHandle>;
  onScroll?(element: HTMLDivElement): void;
  testId?: string;
  /** chunks the chunk list's filter leaves out: their bands are drawn faint */
  filteredOut?: ReadonlySet<number>;
  /** personal data found by the pipeline, marked wherever the document's text holds it */
  piiPattern?: RegExp | null;
  /** what the quality lab marks: reference passages and retrieved chunks, by item */
  labMarks?: ReadonlyMap<string, readonly LabMark[]>;
  /** Compare A/B: what a chunk's hover hint adds (the other side's chunks that hold its text) */
  hoverHint?(index: number): string;
  onHoverChunk?(index: number | null): void;
  /** Compare A/B: the chunks of this side that hold the text of the chunk hovered or selected on the other */
  relatedIndices?: ReadonlySet<number>;
}

/**
 * The document, item by item, with the chunks drawn over it: a band per chunk in the gutter
 * (alternating colours; two bands side by side where chunks overlap), a rule where a chunk starts,
 * over-limit and heading-only chunks marked, and text that is in no chunk painted.
 */
export function DocumentTextView({
  items,
  chunks,
  tokenLimit,
  parentIds,
  selectedIndex,
  onSelect,
  boundaryMarks,
  leftOut,
  focusedPlace,
  listRef,
  onScroll,
  testId,
  filteredOut,
  piiPattern = null,
  labMarks,
  hoverHint,
  onHoverChunk,
  relatedIndices,
}: DocumentTextViewProps) {
  const byItem = useMemo(() => chunksByItem(chunks), [chunks]);
  const [hovered, setHovered] = useState<number | null>(null);
  useEffect(() => onHoverChunk?.(hovered), [hovered, onHoverChunk]);
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
  const marksOf = (chunk: ChunkSummary) => chunkMarks(chunk, tokenLimit, parentIds);

  const renderRow = (index: number) => {
    const item = items[index]!;
    const covering = byItem.get(item.ref) ?? [];
    const selected = selectedIndex !== null && covering.includes(selectedIndex);
    const cuts = inlineCutsOf(item, chunks, covering);
    const cutPositions = new Set(cuts.map((cut) => cut.position));
    const places = leftOut?.get(item.ref) ?? [];
    const inText = places.filter((place) => place.ref === item.ref && place.range !== null);
    const apart = places.filter((place) => !inText.includes(place));
    const lab = labMarks?.get(item.ref) ?? NO_LAB_MARKS;
    const labWhole = lab.filter((mark) => mark.whole || !item.text);
    return (
      <div
        className={`doc-row${selected ? ' selected' : ''}${covering.length === 0 ? ' uncovered' : ''}${labWholeClasses(labWhole)}`}
        data-ref={item.ref}
        title={labWhole.map((mark) => mark.label).join('\n') || undefined}
      >
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
                {marksOf(chunk).map((mark) => (
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
                  className={`band band-${position % 2} ${marksOf(chunk).join(' ')}${position === selectedIndex ? ' selected' : ''}${
                    filteredOut?.has(position) ? ' filtered-out' : ''
                  }${relatedIndices?.has(position) ? ' related' : ''}`}
                  title={`chunk ${chunk.id} · ${chunk.tokenCount} tokens${hoverHint ? ` · ${hoverHint(position)}` : ''}`}
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
              <SegmentedText
                text={item.text}
                cuts={cuts}
                chunks={chunks}
                leftOut={inText}
                focusedPlace={focusedPlace ?? null}
                piiPattern={piiPattern}
                lab={lab.filter((mark) => !mark.whole)}
                boundaryMarks={boundaryMarks}
              />
            ) : (
              <span className="placeholder">[{item.label}]</span>
            )}
            {apart.length > 0 && (
              <div className="left-out-note">
                {item.label === 'table' ? 'Cells' : 'Text inside'} in no chunk:{' '}
                {apart.map((place, i) => (
                  <span key={i}>
                    {i > 0 && ' · '}
                    <LeftOutText place={place} focused={samePlace(place, focusedPlace)}>
                      {place.text}
                    </LeftOutText>
                  </span>
                ))}
              </div>
            )}
          </div>
        </div>
      </div>
    );
  };

  return (
    <div className="document-view">
      <div className="hover-info" data-testid="hover-info">
        {hoveredChunk
          ? `chunk ${hoveredChunk.id} · #${hovered} · ${hoveredChunk.tokenCount} tokens${hoverHint ? ` · ${hoverHint(hovered!)}` : ''}`
          : '\u00a0'}
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
  const preview = useDocumentStore((s) => s.preview);
  const selectedIndex = useChunkStore((s) => s.selectedIndex);
  const select = useChunkStore((s) => s.select);
  const scrollTarget = useUiStore((s) => s.scrollTarget);
  const placeTarget = useUiStore((s) => s.placeTarget);
  const coverage = useCoverageStore((s) => s.coverage?.coverage);
  const leftOut = useMemo(() => leftOutByRow(coverage?.places ?? []), [coverage]);
  const piiValues = useEnrichmentStore((s) => s.result?.piiValues);
  const { filteredOut } = useChunkListView();
  const cardsRun = useChunkCardsStore((s) => s.run);
  const cards = useChunkCardsStore((s) => s.cards);
  const parentIds = useMemo(
    () => new Set(cardsRun === run ? (cards ?? []).flatMap((card) => (card.parentId === null ? [] : [card.parentId])) : []),
    [cards, cardsRun, run],
  );
  const list = useRef<VirtualListHandle>(null);
  const piiPattern = useMemo(() => patternOf(piiValues?.map((value) => value.text) ?? []), [piiValues]);
  const positionOf = useMemo(() => new Map(items.map((item, index) => [item.ref, index])), [items]);
  const documentId = useChunkStore((s) => s.documentId);
  const labMarks = useLabMarks(documentId);
  const labFocus = useLabStore((s) => s.focus);

  // after the commit that put a new run's chunks in the view (the settled one, not an intermediate run)
  const measuredRun = useRef<ChunkRun | null>(null);
  useEffect(() => {
    if (!run || running || measuredRun.current === run) return;
    measuredRun.current = run;
    measureChunksShown(!preview);
  }, [run, running, preview]);

  useEffect(() => {
    const first = selectedIndex === null ? undefined : run?.chunks[selectedIndex]?.docItems[0];
    const position = first === undefined ? undefined : positionOf.get(first);
    if (position !== undefined) list.current?.scrollToIndex(position);
  }, [selectedIndex, run, positionOf]);

  useEffect(() => {
    const position = scrollTarget ? positionOf.get(scrollTarget.ref) : undefined;
    if (position !== undefined) list.current?.scrollToIndex(position);
  }, [scrollTarget, positionOf]);

  useEffect(() => {
    const place = placeTarget?.place;
    const position = place ? positionOf.get(place.picture ?? place.ref) : undefined;
    if (position !== undefined) list.current?.scrollToIndex(position);
  }, [placeTarget, positionOf]);

  useEffect(() => {
    const first = labFocus?.place.documentId === documentId ? labFocus?.place.items[0] : undefined;
    const position = first ? positionOf.get(first.ref) : undefined;
    if (position !== undefined) list.current?.scrollToIndex(position);
  }, [labFocus, documentId, positionOf]);

  return (
    <DocumentTextView
      items={items}
      chunks={run?.chunks ?? []}
      tokenLimit={run?.stats.tokenLimit ?? Number.POSITIVE_INFINITY}
      parentIds={parentIds}
      selectedIndex={selectedIndex}
      onSelect={select}
      leftOut={leftOut}
      focusedPlace={placeTarget?.place ?? null}
      listRef={list}
      testId="document-view"
      filteredOut={filteredOut}
      piiPattern={piiPattern}
      labMarks={labMarks.byItem}
    />
  );
}

const NO_LAB_MARKS: readonly LabMark[] = [];

/** A row the lab marks whole (a table, a picture): a bar per mark at its side. */
function labWholeClasses(marks: readonly LabMark[]): string {
  return marks.map((mark) => ` lab-whole lab-${mark.kind}`).join('');
}

/** Text in no chunk by the row that shows it: a picture's own text on the picture's row; furniture is on no row. */
function leftOutByRow(places: readonly CoveragePlace[]): Map<string, CoveragePlace[]> {
  const byRow = new Map<string, CoveragePlace[]>();
  for (const place of places) {
    if (place.kind === 'furniture') continue;
    const row = place.picture ?? place.ref;
    const list = byRow.get(row);
    if (list) list.push(place);
    else byRow.set(row, [place]);
  }
  return byRow;
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

/**
 * An item's text with a marker where each chunk starting inside it begins, each stretch tinted by
 * its chunk, the stretches no chunk holds painted, and personal data marked.
 */
function SegmentedText({
  text,
  cuts,
  chunks,
  leftOut,
  focusedPlace,
  piiPattern,
  lab,
  boundaryMarks,
}: {
  text: string;
  cuts: readonly InlineCut[];
  chunks: readonly ChunkSummary[];
  leftOut: readonly CoveragePlace[];
  focusedPlace: CoveragePlace | null;
  piiPattern: RegExp | null;
  lab: readonly LabMark[];
  boundaryMarks: ReadonlyMap<number, string> | undefined;
}) {
  if (cuts.length === 0 && leftOut.length === 0 && lab.length === 0) return <PiiMarked text={text} pattern={piiPattern} />;
  const stops = new Set([0, text.length, ...cuts.map((cut) => cut.offset)]);
  for (const place of leftOut) for (const offset of place.range!) stops.add(Math.min(Math.max(offset, 0), text.length));
  for (const mark of lab) for (const offset of [mark.start, mark.end]) stops.add(Math.min(Math.max(offset, 0), text.length));
  const offsets = [...stops].sort((a, b) => a - b);
  const parts: React.ReactNode[] = [];
  let cutIndex = -1;
  for (let i = 0; i + 1 < offsets.length; i++) {
    const [start, end] = [offsets[i]!, offsets[i + 1]!];
    const cut = cuts[cutIndex + 1];
    if (cut && cut.offset === start) {
      cutIndex++;
      const chunk = chunks[cut.position]!;
      parts.push(
        <span
          key={`cut-${cut.position}`}
          className={`inline-boundary band-${cut.position % 2} ${boundaryMarks?.get(cut.position) ?? ''}`}
          title={`chunk ${chunk.id} · ${chunk.tokenCount} tokens`}
          data-testid="inline-boundary"
        >
          #{cut.position}
        </span>,
      );
    }
    const stretch = text.slice(start, end);
    const place = leftOut.find(({ range }) => range![0] <= start && end <= range![1]);
    const marked = (
      <LabMarked marks={lab.filter((mark) => mark.start <= start && end <= mark.end && start < end)}>
        <PiiMarked text={stretch} pattern={piiPattern} />
      </LabMarked>
    );
    const content = place ? (
      <LeftOutText place={place} focused={samePlace(place, focusedPlace)}>
        {marked}
      </LeftOutText>
    ) : (
      marked
    );
    const tint = cutIndex >= 0 ? ` tint-${cuts[cutIndex]!.position % 2}` : '';
    parts.push(
      <span key={`text-${start}`} className={cutIndex >= 0 ? `segment${tint}` : undefined}>
        {content}
      </span>,
    );
  }
  return <>{parts}</>;
}

/** A stretch of text the quality lab marks, once per mark over it (a reference inside a retrieved chunk shows both). */
function LabMarked({ marks, children }: { marks: readonly LabMark[]; children: React.ReactNode }) {
  return marks.reduce<React.ReactNode>(
    (inner, mark) => (
      <mark className={`lab-mark lab-${mark.kind}`} title={mark.label} data-testid="lab-mark" data-kind={mark.kind}>
        {inner}
      </mark>
    ),
    children,
  );
}

/** Text that is in no chunk, painted, with why on hover (and for screen readers). */
function LeftOutText({ place, focused, children }: { place: CoveragePlace; focused: boolean; children: React.ReactNode }) {
  return (
    <mark
      className={`left-out${focused ? ' focused' : ''}`}
      title={`in no chunk: ${LEFT_OUT_REASONS[place.reason]}`}
      aria-label={`in no chunk (${place.reason}): ${place.text}`}
      data-testid="left-out-text"
      data-reason={place.reason}
    >
      {children}
    </mark>
  );
}
