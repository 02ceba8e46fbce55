import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ChunkExtents, ChunkRun, ChunkSummary, DocumentItemView } from '../../../src-shared/api';
import { LEFT_OUT_REASONS, type CoveragePlace } from '../../../src-shared/evaluation';
import { offsetOfChunkStart } from '../../../src-shared/chunk-start';
import { escapeRegExp } from '../../../src-shared/escape-regexp';
import { chunkMarks, chunksByItem } from '../chunk-index';
import { extentIndexOf, gutterLanes, overlapsIn, stretchesOf, tableRowStarts, type ExtentMark, type PartialHolds } from '../chunk-extents';
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
import { PictureBlock, TableGrid } from './ItemBlocks';
import { VirtualList, type VirtualListHandle } from './VirtualList';

interface DocumentTextViewProps {
  items: readonly DocumentItemView[];
  chunks: readonly ChunkSummary[];
  /** where each chunk lies inside the items it holds in part (`getChunkExtents`); until they arrive, null: paragraph by paragraph */
  extents?: readonly ChunkExtents[] | null;
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
 * The document, item by item, with the chunks drawn over it exactly: a band per chunk in the gutter
 * (one lane per chunk down its rows, parents left of what they hold), a rule where a chunk starts
 * (above the headings it carries as context), its number where it starts or ends inside an item,
 * table rows and pictures drawn as such, over-limit and heading-only chunks marked, and text that
 * is in no chunk painted.
 */
export function DocumentTextView({
  items,
  chunks,
  extents: runExtents = null,
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
  const extents = useMemo(() => extentIndexOf(chunks, runExtents), [chunks, runExtents]);
  const documentId = useDocumentStore((s) => s.document?.documentId);
  const [hovered, setHovered] = useState<number | null>(null);
  useEffect(() => onHoverChunk?.(hovered), [hovered, onHoverChunk]);
  const rowKey = useCallback((index: number) => items[index]!.ref, [items]);
  const rowOf = useMemo(() => new Map(items.map((item, index) => [item.ref, index])), [items]);
  const parentPositions = useMemo(() => {
    const positions = new Set<number>();
    chunks.forEach((chunk, position) => parentIds?.has(chunk.id) && positions.add(position));
    return positions;
  }, [chunks, parentIds]);
  const startsAt = useMemo(() => chunkStartRows(items, chunks, runExtents, rowOf), [items, chunks, runExtents, rowOf]);
  const gutter = useMemo(() => gutterLanes(chunks.map((chunk) => rowSpanOf(chunk, rowOf))), [chunks, rowOf]);
  const hoveredChunk = hovered === null ? undefined : chunks[hovered];
  const marksOf = (chunk: ChunkSummary) => chunkMarks(chunk, tokenLimit, parentIds);

  const renderRow = (index: number) => {
    const item = items[index]!;
    const covering = byItem.get(item.ref) ?? [];
    const holds = holdsOf(item, chunks, runExtents, covering, extents.partial.get(item.ref));
    const rowsHeld = extents.tableRows.get(item.ref);
    const contextOf = extents.contextOf.get(item.ref) ?? [];
    const heldWhole =
      selectedIndex !== null && covering.includes(selectedIndex) && !holds?.has(selectedIndex) && !rowsHeld?.has(selectedIndex);
    const labelledInside = chunksLabelledInside(holds, rowsHeld);
    const places = leftOut?.get(item.ref) ?? [];
    const inText = places.filter((place) => place.ref === item.ref && place.range !== null);
    const apart = places.filter((place) => !inText.includes(place));
    const lab = labMarks?.get(item.ref) ?? NO_LAB_MARKS;
    const labWhole = lab.filter((mark) => mark.whole || !item.text);
    const rowClass = `doc-row${heldWhole ? ' selected' : ''}${covering.length === 0 && contextOf.length === 0 ? ' uncovered' : ''}`;
    return (
      <div
        className={`${rowClass}${labWholeClasses(labWhole)}`}
        data-ref={item.ref}
        title={labWhole.map((mark) => mark.label).join('\n') || undefined}
      >
        {(startsAt.get(index) ?? [])
          .filter((position) => !(chunks[position]!.docItems[0] === item.ref && labelledInside.has(position)))
          .map((position) => {
            const chunk = chunks[position]!;
            return (
              <div
                key={position}
                className={`chunk-start band-${position % 2} ${boundaryMarks?.get(position) ?? ''}`}
                data-testid="chunk-start"
                data-chunk-index={position}
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
          <div className="bands" style={{ width: `${gutterWidth(gutter.count)}px` }}>
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
                  }${parentPositions.has(position) ? ' parent' : ''}${relatedIndices?.has(position) ? ' related' : ''}`}
                  style={{ left: `${laneLeft(gutter.lanes[position] ?? 0)}px` }}
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
            className={`item item-${item.label}${item.headingLevel !== null ? ' heading' : ''}${contextOf.length > 0 ? ' context' : ''}`}
            style={{ paddingLeft: `${Math.min(item.depth - 1, 6) * 12}px` }}
            onClick={() => {
              const next = nextCoveringChunk(covering.length > 0 ? covering : contextOf, selectedIndex);
              if (next !== undefined) onSelect(next);
            }}
          >
            {item.page !== null && <span className="page-no">p{item.page}</span>}
            {contextOf.length > 0 && (
              <span className="context-of" data-testid="context-of" title="the heading path these chunks are embedded with">
                context of {contextLabel(contextOf)}
              </span>
            )}
            {item.grid ? (
              <TableGrid grid={item.grid} rowsHeld={rowsHeld ?? new Map()} selectedIndex={selectedIndex} />
            ) : item.label === 'picture' && documentId ? (
              <PictureBlock documentId={documentId} pictureRef={item.ref} caption={item.caption} />
            ) : item.text ? (
              <ExtentText
                text={item.text}
                covering={covering}
                holds={holds}
                chunks={chunks}
                selectedIndex={selectedIndex}
                parents={parentPositions}
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
  const cardsExtents = useChunkCardsStore((s) => s.extents);
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
    const position = place ? positionOf.get(place.ref) : undefined;
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
      extents={cardsRun === run ? cardsExtents : null}
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

/** Text in no chunk by the row that shows it (a picture's labels are rows of their own under it); furniture is on no row. */
function leftOutByRow(places: readonly CoveragePlace[]): Map<string, CoveragePlace[]> {
  const byRow = new Map<string, CoveragePlace[]>();
  for (const place of places) {
    if (place.kind === 'furniture') continue;
    const row = place.ref;
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

/** Gutter lanes are this far apart; past MAX_LANES, lanes share the last one. */
const LANE_STEP = 10;
const MAX_LANES = 12;

function laneLeft(lane: number): number {
  return Math.min(lane, MAX_LANES - 1) * LANE_STEP;
}

function gutterWidth(lanes: number): number {
  return Math.max(34, Math.min(lanes, MAX_LANES) * LANE_STEP + 8);
}

/** The first and last rows a chunk's items lie on. */
function rowSpanOf(chunk: ChunkSummary, rowOf: ReadonlyMap<string, number>): [number, number] | undefined {
  let first = Infinity;
  let last = -Infinity;
  for (const ref of chunk.docItems) {
    const row = rowOf.get(ref);
    if (row === undefined) continue;
    if (row < first) first = row;
    if (row > last) last = row;
  }
  return first <= last ? [first, last] : undefined;
}

/**
 * The row each chunk's start is drawn above: its first item's, or the first of the headings right
 * above it that it carries as context (they are its context, not the end of the chunk before).
 */
function chunkStartRows(
  items: readonly DocumentItemView[],
  chunks: readonly ChunkSummary[],
  runExtents: readonly ChunkExtents[] | null,
  rowOf: ReadonlyMap<string, number>,
) {
  const starts = new Map<number, number[]>();
  chunks.forEach((chunk, position) => {
    const first = chunk.docItems[0];
    let row = first === undefined ? undefined : rowOf.get(first);
    if (row === undefined) return;
    const context = runExtents?.[position]?.contextItems ?? [];
    while (row > 0 && context.includes(items[row - 1]!.ref)) row--;
    const list = starts.get(row);
    if (list) list.push(position);
    else starts.set(row, [position]);
  });
  return starts;
}

/**
 * Chunks whose start is drawn inside an item (a marker at a character, a rule above a table row)
 * rather than above the item's row.
 */
function chunksLabelledInside(
  holds: PartialHolds | undefined,
  rowsHeld: ReadonlyMap<number, readonly [number, number]> | undefined,
): Set<number> {
  const inside = new Set<number>();
  for (const [position, ranges] of holds ?? []) if (ranges[0]![0] > 0) inside.add(position);
  for (const positions of tableRowStarts(rowsHeld).values()) for (const position of positions) inside.add(position);
  return inside;
}

/** The chunks a heading is context of, short: a run of consecutive numbers as a range. */
function contextLabel(positions: readonly number[]): string {
  const first = positions[0]!;
  const last = positions[positions.length - 1]!;
  if (positions.length > 2 && last - first === positions.length - 1) return `#${first}–#${last}`;
  const shown = positions.slice(0, 4).map((position) => `#${position}`);
  return positions.length > 4 ? `${shown.join(' ')} +${positions.length - 4}` : shown.join(' ');
}

/**
 * Which chunks hold which part of an item's text: the exact ranges of the run's extents; where a
 * format has no source offsets (DOCX), or until the run's extents arrived, a chunk that starts inside
 * the item is found by its first characters, and holds the rest of the item from there.
 */
function holdsOf(
  item: DocumentItemView,
  chunks: readonly ChunkSummary[],
  runExtents: readonly ChunkExtents[] | null,
  covering: readonly number[],
  exact: PartialHolds | undefined,
): PartialHolds | undefined {
  let holds = exact;
  for (const position of covering.slice(1)) {
    const chunk = chunks[position]!;
    if (chunk.docItems[0] !== item.ref || exact?.has(position) || (runExtents?.[position]?.ranges.length ?? 0) > 0) continue;
    const offset = offsetOfChunkStart(item.text, chunk.startNeedle);
    if (offset === undefined || offset === 0) continue;
    holds = new Map(holds);
    holds.set(position, [[offset, item.text.length]]);
  }
  return holds;
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
 * An item's text drawn chunk by chunk: a marker where a chunk starts or ends inside it, the
 * selected chunk's own characters highlighted (not its neighbours'), characters two chunks hold
 * hatched, the stretches no chunk holds painted, and personal data marked.
 */
function ExtentText({
  text,
  covering,
  holds,
  chunks,
  selectedIndex,
  parents,
  leftOut,
  focusedPlace,
  piiPattern,
  lab,
  boundaryMarks,
}: {
  text: string;
  covering: readonly number[];
  holds: PartialHolds | undefined;
  chunks: readonly ChunkSummary[];
  selectedIndex: number | null;
  parents: ReadonlySet<number>;
  leftOut: readonly CoveragePlace[];
  focusedPlace: CoveragePlace | null;
  piiPattern: RegExp | null;
  lab: readonly LabMark[];
  boundaryMarks: ReadonlyMap<number, string> | undefined;
}) {
  const plain = (holds === undefined || holds.size === 0) && leftOut.length === 0 && lab.length === 0 && !overlapsIn(covering, parents);
  if (plain) return <PiiMarked text={text} pattern={piiPattern} />;
  const extraStops = [...leftOut.flatMap((place) => place.range!), ...lab.flatMap((mark) => [mark.start, mark.end])];
  const { stretches, marks } = stretchesOf(text.length, covering, holds, extraStops);
  const parts: React.ReactNode[] = [];
  let markIndex = 0;
  for (const { start, end, chunks: holding } of stretches) {
    for (; markIndex < marks.length && marks[markIndex]!.offset <= start; markIndex++) {
      const mark = marks[markIndex]!;
      parts.push(
        <ExtentMarkChip
          key={`${mark.kind}-${mark.position}-${mark.offset}`}
          mark={mark}
          chunk={chunks[mark.position]!}
          diff={mark.kind === 'start' ? boundaryMarks?.get(mark.position) : undefined}
        />,
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
    const partial = holds !== undefined && holds.size > 0;
    const latest = holding.length > 0 ? Math.max(...holding) : null;
    const held = selectedIndex !== null && holding.includes(selectedIndex) && partial;
    const className = [
      partial && latest !== null ? `segment tint-${latest % 2}` : '',
      overlapsIn(holding, parents) ? 'overlap' : '',
      held ? 'held-selected' : '',
    ]
      .filter(Boolean)
      .join(' ');
    parts.push(
      <span
        key={`text-${start}`}
        className={className || undefined}
        data-chunks={holding.join(' ')}
        {...(held ? { 'data-testid': 'selected-text' } : {})}
      >
        {content}
      </span>,
    );
  }
  return <>{parts}</>;
}

/** Where a chunk starts or ends inside an item's text: its number at the exact character (in Compare, coloured by the diff). */
function ExtentMarkChip({ mark, chunk, diff }: { mark: ExtentMark; chunk: ChunkSummary; diff: string | undefined }) {
  const start = mark.kind === 'start';
  return (
    <span
      className={`inline-boundary ${mark.kind} band-${mark.position % 2}${diff ? ` ${diff}` : ''}`}
      title={`${mark.kind} of chunk ${chunk.id} · ${chunk.tokenCount} tokens`}
      data-testid={start ? 'inline-boundary' : 'inline-end'}
      data-chunk-index={mark.position}
    >
      {start ? `#${mark.position}` : `#${mark.position}\u00a0end`}
    </span>
  );
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
