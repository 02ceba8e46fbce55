import { useEffect, useId, useMemo, useRef, type KeyboardEvent } from 'react';
import type { ChunkCard, ChunkEnrichmentSummary, ChunkRun } from '../../../src-shared/api';
import type { ContentFlags } from '../../../src-shared/chunk';
import { isRecord } from '../../../src-shared/is-record';
import { lintRules, type LintRule } from '../../../src-shared/evaluation';
import { rulesByChunk, snippetAround } from '../chunk-list-rows';
import { useChunkCardsStore } from '../stores/chunk-cards-store';
import { useChunkListStore, useChunkListView } from '../stores/chunk-list-store';
import { useChunkStore } from '../stores/chunk-store';
import { useEnrichmentStore } from '../stores/enrichment-store';
import { useCurrentChunkEnrichments } from '../stores/use-current-enrichments';
import { VirtualList, type VirtualListHandle } from './VirtualList';

const FLAGS: ReadonlyArray<[keyof ContentFlags, string]> = [
  ['has_table', 'table'],
  ['has_image', 'picture'],
  ['has_code', 'code'],
  ['has_formula', 'formula'],
  ['has_list', 'list'],
];

/**
 * Every chunk of the run as a card beside the document (number, tokens against the limit, heading path, first lines,
 * content, lint), children nested under their parents; searched and filtered; a card selects its chunk, which scrolls
 * the document and the pages to it. Arrows move between cards, Enter selects, `/` searches.
 */
export function ChunkList() {
  const run = useChunkStore((s) => s.run);
  const selectedIndex = useChunkStore((s) => s.selectedIndex);
  const select = useChunkStore((s) => s.select);
  const cardsRun = useChunkCardsStore((s) => s.run);
  const storedCards = useChunkCardsStore((s) => s.cards);
  const cards = cardsRun === run ? storedCards : null;
  const texts = useChunkCardsStore((s) => (s.run === run ? s.texts : null));
  const filter = useChunkListStore((s) => s.filter);
  const enriched = useCurrentChunkEnrichments();
  const { rows, filtering } = useChunkListView();
  const rules = useMemo(() => rulesByChunk(run?.findings ?? []), [run]);
  const parentIds = useMemo(() => new Set(cards?.flatMap((card) => (card.parentId === null ? [] : [card.parentId]))), [cards]);
  const list = useRef<VirtualListHandle>(null);
  const focusRow = useRef<number | null>(null);

  // a chunk selected elsewhere (document, pages, J / K) is brought into the list's view
  useEffect(() => {
    if (selectedIndex === null) return;
    const scroller = list.current?.element();
    const card = scroller?.querySelector<HTMLElement>(`[data-chunk-index="${selectedIndex}"]`);
    if (scroller && card) {
      const [view, box] = [scroller.getBoundingClientRect(), card.getBoundingClientRect()];
      if (box.top >= view.top && box.bottom <= view.bottom) return;
    }
    const row = rows.findIndex((r) => r.index === selectedIndex);
    if (row >= 0) list.current?.scrollToIndex(row);
  }, [selectedIndex, rows]);

  if (!run) return null;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp' && event.key !== 'Home' && event.key !== 'End') return;
    const current = Number((event.target as HTMLElement).closest<HTMLElement>('[data-row]')?.dataset.row ?? -1);
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? rows.length - 1
          : Math.min(rows.length - 1, Math.max(0, current + (event.key === 'ArrowDown' ? 1 : -1)));
    if (rows.length === 0) return;
    event.preventDefault();
    focusRow.current = next;
    list.current?.scrollToIndex(next);
    list.current?.element()?.querySelector<HTMLElement>(`[data-row="${next}"]`)?.focus();
  };

  return (
    <section className="chunk-list-panel" aria-label="Chunks" data-testid="chunk-list-panel">
      <ChunkListFilters run={run} cards={cards} />
      <p className="chunk-list-count muted" role="status" data-testid="chunk-list-count">
        {filtering ? `${rows.length} of ${run.chunks.length} chunks` : `${run.chunks.length} chunks`}
        {(!cards || (filter.query.trim() !== '' && !texts)) && ' (reading texts…)'}
      </p>
      <div className="chunk-list-keys" onKeyDown={onKeyDown}>
        <VirtualList
          ref={list}
          className="chunk-list"
          testId="chunk-list"
          count={rows.length}
          estimatedRowHeight={96}
          rowKey={(row) => String(rows[row]!.index)}
          renderRow={(row) => {
            const { index, depth } = rows[row]!;
            return (
              <ChunkCardView
                run={run}
                index={index}
                depth={depth}
                row={row}
                card={cards?.[index]}
                text={texts?.[index]}
                isParent={parentIds.has(run.chunks[index]!.id)}
                rules={rules.get(index) ?? []}
                query={filter.query}
                selected={index === selectedIndex}
                enrichment={enriched?.[index]}
                onSelect={() => select(index)}
                focusRef={(element) => {
                  if (element && focusRow.current === row) {
                    focusRow.current = null;
                    element.focus();
                  }
                }}
              />
            );
          }}
        />
      </div>
    </section>
  );
}

interface ChunkCardViewProps {
  run: ChunkRun;
  index: number;
  depth: number;
  row: number;
  card: ChunkCard | undefined;
  /** the whole text, once a search asked for the run's texts */
  text: string | undefined;
  isParent: boolean;
  rules: readonly LintRule[];
  query: string;
  selected: boolean;
  enrichment: ChunkEnrichmentSummary | undefined;
  onSelect(): void;
  focusRef(element: HTMLButtonElement | null): void;
}

function ChunkCardView({
  run,
  index,
  depth,
  row,
  card,
  text,
  isParent,
  rules,
  query,
  selected,
  enrichment,
  onSelect,
  focusRef,
}: ChunkCardViewProps) {
  const summary = run.chunks[index]!;
  const limit = run.stats.tokenLimit;
  const over = !isParent && summary.tokenCount > limit;
  const snippet = text === undefined ? null : snippetAround(text, query);
  return (
    <button
      type="button"
      ref={focusRef}
      className={`chunk-card${selected ? ' selected' : ''}${depth > 0 ? ' child' : ''}`}
      style={
        depth > 0 ? { marginLeft: `${4 + Math.min(depth, 4) * 14}px`, width: `calc(100% - ${8 + Math.min(depth, 4) * 14}px)` } : undefined
      }
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      data-testid="chunk-list-entry"
      data-chunk-index={index}
      data-row={row}
    >
      <span className="card-head">
        <span className={`card-no band-${index % 2}`}>#{index}</span>
        <span
          className={`card-tokens${over ? ' over-limit' : ''}`}
          title={
            isParent ? 'a parent: not embedded as such, its children are' : `tokens of the embedded text, against the strategy's limit`
          }
        >
          {summary.tokenCount}
          {isParent ? ' tokens' : ` / ${limit}`}
        </span>
        {card?.layer && <span className="mark layer">{card.layer}</span>}
        {FLAGS.filter(([flag]) => card?.contentFlags[flag]).map(([flag, label]) => (
          <span key={flag} className="mark flag">
            {label}
          </span>
        ))}
        {rules.map((rule) => (
          <span key={rule} className={`mark lint ${rule}`} data-testid="card-lint">
            {rule}
          </span>
        ))}
        {enrichment && enrichment.piiCount > 0 && <span className="mark pii-count">PII {enrichment.piiCount}</span>}
        {enrichment && enrichment.references.found > 0 && (
          <span
            className={`mark reference-count${enrichment.references.resolved < enrichment.references.found ? ' unresolved' : ''}`}
            title={`${enrichment.references.found} references, ${enrichment.references.resolved} resolved to a chunk`}
          >
            refs {enrichment.references.resolved}/{enrichment.references.found}
          </span>
        )}
      </span>
      {card && card.headingPath.length > 0 && <span className="card-path">{card.headingPath.join(' › ')}</span>}
      <span className="card-text" data-testid="card-text">
        {snippet ? (
          <>
            {snippet.before}
            <mark className="search-hit" data-testid="search-hit">
              {snippet.match}
            </mark>
            {snippet.after}
          </>
        ) : (
          // the start needle has no whitespace: until the card is in, nothing rather than words run together
          (card?.preview ?? '…')
        )}
      </span>
      {enrichment && enrichment.keywords.length > 0 && <span className="card-terms">{enrichment.keywords.slice(0, 4).join(', ')}</span>}
    </button>
  );
}

/** Search, the list's own filters, and the keyword and topic filters of the enrichment steps when they ran. */
function ChunkListFilters({ run, cards }: { run: ChunkRun; cards: readonly ChunkCard[] | null }) {
  const filter = useChunkListStore((s) => s.filter);
  const setFilter = useChunkListStore((s) => s.setFilter);
  const clearFilter = useChunkListStore((s) => s.clearFilter);
  const enrichmentFilter = useEnrichmentStore((s) => s.filter);
  const setEnrichmentFilter = useEnrichmentStore((s) => s.setFilter);
  const clearEnrichmentFilter = useEnrichmentStore((s) => s.clearFilter);
  const topics = useEnrichmentStore((s) => s.result?.document.find((entry) => entry['name'] === 'topics')?.['topics']);
  const enriched = useCurrentChunkEnrichments();
  const ids = useId();
  const rulesFound = useMemo(
    () => lintRules.filter((rule) => run.findings.some((finding) => finding.rule === rule && finding.chunkIndex !== null)),
    [run],
  );
  const headings = useMemo(() => [...new Set(cards?.flatMap((card) => card.headingPath))].sort().slice(0, 500), [cards]);
  const keywords = useMemo(() => [...new Set((enriched ?? []).flatMap((chunk) => chunk.keywords))].sort(), [enriched]);
  const pages = run.chunks.reduce((last, chunk) => Math.max(last, chunk.pageEnd ?? 0), 0);
  const anyFilter =
    filter.query !== '' ||
    filter.rule !== null ||
    filter.flag !== null ||
    filter.page !== null ||
    filter.heading !== '' ||
    enrichmentFilter.keyword !== null ||
    enrichmentFilter.topic !== null;
  return (
    <div className="chunk-list-filters">
      <input
        type="search"
        className="chunk-search"
        placeholder="Search chunk text  ( / )"
        aria-label="Search chunk text"
        value={filter.query}
        onChange={(e) => setFilter({ query: e.target.value })}
        data-testid="chunk-search"
      />
      <div className="chunk-filter-row">
        <select
          aria-label="Lint finding"
          value={filter.rule ?? ''}
          onChange={(e) => setFilter({ rule: e.target.value === '' ? null : (e.target.value as LintRule) })}
          data-testid="filter-rule"
        >
          <option value="">any lint</option>
          {rulesFound.map((rule) => (
            <option key={rule} value={rule}>
              {rule}
            </option>
          ))}
        </select>
        <select
          aria-label="Content"
          value={filter.flag ?? ''}
          onChange={(e) => setFilter({ flag: e.target.value === '' ? null : (e.target.value as keyof ContentFlags) })}
          data-testid="filter-flag"
        >
          <option value="">any content</option>
          {FLAGS.map(([flag, label]) => (
            <option key={flag} value={flag}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="chunk-filter-row">
        <input
          type="search"
          list={`${ids}-headings`}
          placeholder="heading"
          aria-label="Heading"
          value={filter.heading}
          onChange={(e) => setFilter({ heading: e.target.value })}
          data-testid="filter-heading"
        />
        <datalist id={`${ids}-headings`}>
          {headings.map((heading) => (
            <option key={heading} value={heading} />
          ))}
        </datalist>
        {pages > 0 && (
          <input
            type="number"
            min={1}
            max={pages}
            placeholder="page"
            aria-label="Page"
            value={filter.page ?? ''}
            onChange={(e) => setFilter({ page: e.target.value === '' ? null : Number(e.target.value) })}
            data-testid="filter-page"
          />
        )}
        <button
          type="button"
          onClick={() => {
            clearFilter();
            clearEnrichmentFilter();
          }}
          disabled={!anyFilter}
          data-testid="filter-clear"
        >
          Clear
        </button>
      </div>
      {enriched && (
        <div className="chunk-filter-row">
          <input
            list={`${ids}-keywords`}
            type="search"
            aria-label="Keyword"
            value={enrichmentFilter.keyword ?? ''}
            placeholder="keyword"
            onChange={(e) => setEnrichmentFilter({ keyword: e.target.value.trim() === '' ? null : e.target.value.trim() })}
            data-testid="filter-keyword"
          />
          <datalist id={`${ids}-keywords`}>
            {keywords.map((keyword) => (
              <option key={keyword} value={keyword} />
            ))}
          </datalist>
          <select
            aria-label="Topic"
            value={enrichmentFilter.topic ?? ''}
            onChange={(e) => setEnrichmentFilter({ topic: e.target.value === '' ? null : Number(e.target.value) })}
            data-testid="filter-topic"
          >
            <option value="">any topic</option>
            {Array.isArray(topics) &&
              topics.filter(isRecord).map((topic) => (
                <option key={Number(topic.id)} value={Number(topic.id)}>
                  {String(topic.label)}
                </option>
              ))}
          </select>
        </div>
      )}
    </div>
  );
}
