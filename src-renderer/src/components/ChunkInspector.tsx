import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ChunkCard, ChunkRun, DocumentItemView, SourceLines } from '../../../src-shared/api';
import type { ConfigFile } from '../../../src-shared/config';
import type { EnrichmentSettings } from '../../../src-shared/pipeline-config';
import type { Chunk } from '../../../src-shared/chunk';
import type { HandEdit } from '../../../src-shared/hand-edits';
import { api } from '../api/host';
import { messageOf } from '../api/errors';
import { outlineNameOf, outlineTooltipOf } from '../outline-names';
import { useCatalogStore } from '../stores/catalog-store';
import { useChunkCardsStore } from '../stores/chunk-cards-store';
import { useChunkStore } from '../stores/chunk-store';
import { useCompareStore, type CompareSide } from '../stores/compare-store';
import { useDocumentStore } from '../stores/document-store';
import { useUiStore } from '../stores/ui-store';
import { useEnrichmentStore } from '../stores/enrichment-store';
import { ChunkEnrichments, MarkedText, piiSpansOf } from './ChunkEnrichments';
import { ChunkMapping } from './ChunkMapping';

/** The embedding models a chunk is checked against at once, with their input limits. */
const MODEL_LIMITS = [
  { model: 'all-MiniLM-L6-v2', tokenizer: 'hf:sentence-transformers/all-MiniLM-L6-v2', limit: 256 },
  { model: 'bge-small-en-v1.5', tokenizer: 'hf:BAAI/bge-small-en-v1.5', limit: 512 },
  { model: 'OpenAI text-embedding-3', tokenizer: 'tiktoken:cl100k_base', limit: 8191 },
] as const;

/** What the inspector shows a chunk of: a run, the config it was asked with, and how its chunks are selected. */
interface InspectedRun {
  /** set while Compare A/B is open: the inspector says which side the chunk is of */
  side: CompareSide | null;
  run: ChunkRun | null;
  /** the config `run` was asked for, as sent */
  runConfig: ConfigFile | null;
  /** the hand edits `run` was asked with, as sent (each side its own) */
  runEdits: HandEdit[] | null;
  selectedIndex: number | null;
  cards: readonly ChunkCard[] | null;
  /** the pipeline that enriched `run`, when its enrichment is in */
  enrichment: WholeChunkEnrichment | null;
  select(index: number): void;
}

/** Everything about the selected chunk: A's, or while Compare A/B is open the one of the side selected last. */
export function ChunkInspector() {
  const compareOpen = useUiStore((s) => s.compareOpen);
  const inspected = useCompareStore((s) => s.inspected);
  const a = useRunOfA();
  const b = useRunOfB();
  if (!compareOpen) return <RunInspector inspected={a} />;
  return <RunInspector inspected={inspected === 'B' ? b : { ...a, side: 'A' }} />;
}

/** The run being tuned, its selection, cards and enrichment. */
function useRunOfA(): InspectedRun {
  const documentId = useChunkStore((s) => s.documentId);
  const run = useChunkStore((s) => s.run);
  const runConfig = useChunkStore((s) => s.runConfig);
  const runEdits = useChunkStore((s) => s.runEdits);
  const selectedIndex = useChunkStore((s) => s.selectedIndex);
  const select = useChunkStore((s) => s.select);
  const cardsRun = useChunkCardsStore((s) => s.run);
  const cards = useChunkCardsStore((s) => (cardsRun === run ? s.cards : null));
  const resultKey = useEnrichmentStore((s) => s.resultKey);
  const current =
    resultKey && resultKey.documentId === documentId && resultKey.config === runConfig && resultKey.edits === runEdits ? resultKey : null;
  const enrichment = useMemo(
    () =>
      current?.enrichment
        ? {
            settings: current.enrichment,
            sendToLlm: current.sendToLlm,
            ...(current.documentSet ? { documentSet: current.documentSet } : {}),
          }
        : null,
    [current],
  );
  return { side: null, run, runConfig, runEdits, selectedIndex, cards, enrichment, select };
}

/** Compare's run B, its selection, its cards (asked for once a chunk of B is inspected) and its enrichment by B's steps. */
function useRunOfB(): InspectedRun {
  const documentId = useChunkStore((s) => s.documentId);
  const result = useCompareStore((s) => s.result);
  const runConfig = useCompareStore((s) => s.resultConfigB);
  const runEdits = useCompareStore((s) => s.resultEditsB);
  const selectedIndex = useCompareStore((s) => s.selectedB);
  const selectChunk = useCompareStore((s) => s.selectChunk);
  const enrichedB = useCompareStore((s) => s.enrichment?.b ?? null);
  const settingsB = useCompareStore((s) => s.enrichmentB);
  const run = result?.b ?? null;
  const [loaded, setLoaded] = useState<{ run: ChunkRun | null; cards: ChunkCard[] | null }>({ run: null, cards: null });
  const wanted = run !== null && selectedIndex !== null;
  useEffect(() => {
    if (!wanted || !documentId || !runConfig || loaded.run === run) return;
    let current = true;
    api
      .getChunkCards({ documentId, config: runConfig, ...(runEdits && runEdits.length > 0 ? { edits: runEdits } : {}) })
      .then(({ cards }) => current && setLoaded({ run, cards }))
      .catch(() => current && setLoaded({ run, cards: null }));
    return () => {
      current = false;
    };
  }, [wanted, documentId, runConfig, runEdits, run, loaded.run]);
  const enrichment = useMemo(() => (enrichedB ? { settings: settingsB, sendToLlm: false } : null), [enrichedB, settingsB]);
  const select = useCallback((index: number) => selectChunk('B', index), [selectChunk]);
  return { side: 'B', run, runConfig, runEdits, selectedIndex, cards: loaded.run === run ? loaded.cards : null, enrichment, select };
}

function RunInspector({ inspected }: { inspected: InspectedRun }) {
  const { side, run, selectedIndex, cards } = inspected;
  const summary = selectedIndex === null ? undefined : run?.chunks[selectedIndex];
  const { chunk, error } = useWholeChunk(inspected);
  if (!run || !summary) {
    return (
      <section className="inspector empty" data-testid="inspector" data-side={side ?? undefined}>
        <p>
          {side === 'B'
            ? 'Select a chunk of B (click its band in the B column) to inspect it.'
            : 'Select a chunk (click a band or a card of the chunk list, or J / K) to inspect it.'}
        </p>
      </section>
    );
  }
  // the whole chunk's count is the one exported: counted again when the pipeline masked its text
  const tokenCount = chunk?.tokenCount ?? summary.tokenCount;
  const limit = run.stats.tokenLimit;
  const children = cards?.filter((card) => card.parentId === summary.id).length ?? 0;
  const overLimit = children === 0 && tokenCount > limit;
  return (
    <section className={`inspector${side ? ` side-${side.toLowerCase()}` : ''}`} data-testid="inspector" data-side={side ?? undefined}>
      <header>
        <h2>
          {side && (
            <span className={`side-badge side-${side.toLowerCase()}`} data-testid="inspector-side" title={`a chunk of config ${side}`}>
              {side}
            </span>
          )}
          Chunk #{summary.index} <code data-testid="inspector-chunk-id">{summary.id}</code>
        </h2>
        <nav className="breadcrumb" aria-label="Heading path" title={chunk?.headingPath.join(' › ')}>
          {!chunk ? (
            '\u00a0'
          ) : chunk.headingPath.length === 0 ? (
            <span className="muted">(no heading)</span>
          ) : (
            chunk.headingPath.map((heading, i) => <span key={i}>{heading}</span>)
          )}
        </nav>
      </header>
      <dl className="facts">
        {side && (
          <>
            <dt>Config</dt>
            <dd>
              {side} · {run.config.strategy}
            </dd>
          </>
        )}
        <dt>Tokens</dt>
        <dd className={overLimit ? 'over-limit' : ''} data-testid="inspector-tokens">
          {children > 0 ? (
            <>
              {tokenCount} ({run.config.tokenizer}) <span className="muted">parent of {children}: not embedded as such</span>
            </>
          ) : (
            <>
              {tokenCount} / {limit} ({run.config.tokenizer})
            </>
          )}
        </dd>
        <dt>Pages</dt>
        <dd>
          {summary.pageStart === null
            ? '–'
            : summary.pageStart === summary.pageEnd
              ? summary.pageStart
              : `${summary.pageStart}–${summary.pageEnd}`}
        </dd>
        <dt>Items</dt>
        <dd>
          <ItemList refs={summary.docItems} />
        </dd>
        {side && (
          <>
            <dt>{side === 'A' ? 'In B' : 'In A'}</dt>
            <dd>
              <ChunkMapping side={side} index={summary.index} />
            </dd>
          </>
        )}
      </dl>
      {error && <p className="error">{error}</p>}
      {chunk && <WholeChunk chunk={chunk} run={run} sourceLines={cards?.[summary.index]?.sourceLines ?? null} select={inspected.select} />}
    </section>
  );
}

/** Items the chunk came from, shown as a reader knows them (label and first words); each scrolls the document to it. */
function ItemList({ refs }: { refs: readonly string[] }) {
  const items = useDocumentStore((s) => s.document?.items);
  const scrollToItem = useUiStore((s) => s.scrollToItem);
  const byRef = useMemo(() => new Map((items ?? []).map((item) => [item.ref, item])), [items]);
  const unique = [...new Set(refs)];
  const shown = unique.slice(0, ITEMS_SHOWN);
  return (
    <ul className="item-refs" data-testid="inspector-items">
      {shown.map((ref) => {
        const item = byRef.get(ref);
        return (
          <li key={ref}>
            <button
              type="button"
              className="link"
              title={item ? outlineTooltipOf(item) : ref}
              data-item-ref={ref}
              onClick={() => scrollToItem(ref)}
            >
              {item ? itemName(item) : ref}
            </button>
          </li>
        );
      })}
      {unique.length > shown.length && <li className="muted">and {unique.length - shown.length} more</li>}
    </ul>
  );
}

const ITEMS_SHOWN = 12;

/** An item as the outline names it (a table by its caption), cut to its first words, after its label. */
function itemName(item: DocumentItemView): string {
  const words = outlineNameOf(item).trim().split(/\s+/);
  return `${item.label.replace(/_/g, ' ')}: ${words.slice(0, 8).join(' ')}${words.length > 8 ? '…' : ''}`;
}

/** Where the chunk's own characters lie in the source, in words: "characters 415–1069 of the file", "page 7, lines 3–9". */
function sourceText(spans: Chunk['sourceSpans'], lines: readonly SourceLines[] | null): string {
  if (spans.length === 0) return 'no source text (this format has none, or the chunk only adds text)';
  const fileSpans = spans.filter((span) => span.length === 2);
  const parts: string[] = [];
  if (fileSpans.length > 0) parts.push(`characters ${fileSpans.map(([start, end]) => `${start}–${end}`).join(', ')} of the file`);
  const pages = [...new Set(spans.filter((span) => span.length === 3).map((span) => span[2]!))];
  for (const page of pages) {
    const onPage = lines?.find((entry) => entry.page === page);
    if (onPage)
      parts.push(`page ${page}, ${onPage.first === onPage.last ? `line ${onPage.first}` : `lines ${onPage.first}–${onPage.last}`}`);
    else {
      const ranges = spans.filter((span) => span[2] === page).map(([start, end]) => `${start}–${end}`);
      parts.push(`page ${page}, characters ${ranges.join(', ')} of its text`);
    }
  }
  return parts.join('; ');
}

/** The pipeline a run was enriched by, as `getChunk` asks for its chunks enriched. */
interface WholeChunkEnrichment {
  settings: EnrichmentSettings;
  sendToLlm: boolean;
  documentSet?: string[];
}

/**
 * The selected chunk whole, fetched from the host (the run carries only what the views draw): as
 * the pipeline enriched it once its enrichment of this run is in, as chunked until then.
 */
function useWholeChunk({ runConfig, runEdits, selectedIndex, enrichment }: InspectedRun): { chunk: Chunk | null; error: string | null } {
  const documentId = useChunkStore((s) => s.documentId);
  const [loaded, setLoaded] = useState<{ key: unknown[]; chunk: Chunk | null; error: string | null }>({
    key: [],
    chunk: null,
    error: null,
  });
  const key = [documentId, runConfig, runEdits, selectedIndex, enrichment];
  const wanted = loaded.key.length === key.length && loaded.key.every((part, i) => part === key[i]);

  useEffect(() => {
    if (!documentId || !runConfig || selectedIndex === null) return;
    let current = true;
    const key = [documentId, runConfig, runEdits, selectedIndex, enrichment];
    api
      .getChunk({
        documentId,
        config: runConfig,
        ...(runEdits ? { edits: runEdits } : {}),
        index: selectedIndex,
        ...(enrichment
          ? {
              enrichment: enrichment.settings,
              sendToLlm: enrichment.sendToLlm,
              ...(enrichment.documentSet ? { documentSet: enrichment.documentSet } : {}),
            }
          : {}),
      })
      .then((chunk) => current && setLoaded({ key, chunk, error: null }))
      .catch((e: unknown) => current && setLoaded({ key, chunk: null, error: messageOf(e) }));
    return () => {
      current = false;
    };
  }, [documentId, runConfig, runEdits, selectedIndex, enrichment]);

  return wanted ? loaded : { chunk: null, error: null };
}

/** What only the whole chunk has: its source, content, layer, texts and enrichments. */
function WholeChunk({
  chunk,
  run,
  sourceLines,
  select,
}: {
  chunk: Chunk;
  run: ChunkRun;
  sourceLines: readonly SourceLines[] | null;
  select(index: number): void;
}) {
  const parent = chunk.parentId === null ? undefined : run.chunks.find((summary) => summary.id === chunk.parentId);
  return (
    <>
      <dl className="facts">
        <dt>Source</dt>
        <dd data-testid="inspector-source" title={chunk.sourceSpans.map((span) => `[${span.join(', ')}]`).join(' ')}>
          {sourceText(chunk.sourceSpans, sourceLines)}
        </dd>
        <dt>Content</dt>
        <dd>
          {flagsOf(chunk).join(', ') || 'text'}
          {chunk.headingOnly && <span className="mark heading-only">heading-only</span>}
        </dd>
        {chunk.layer !== null && (
          <>
            <dt>Layer</dt>
            <dd>
              {chunk.layer}
              {chunk.siblingOrder !== null && `, order ${chunk.siblingOrder}`}
              {parent && (
                <>
                  {', parent '}
                  <button type="button" className="link" onClick={() => select(parent.index)} data-testid="inspector-parent">
                    #{parent.index}
                  </button>
                </>
              )}
              {chunk.parentId !== null && !parent && ` (parent ${chunk.parentId}, not in this run)`}
            </dd>
          </>
        )}
      </dl>
      <ModelLimits text={chunk.contextualizedText} />
      <h3>Text</h3>
      <pre className="chunk-text" data-testid="inspector-text">
        <MarkedText text={chunk.text} spans={piiSpansOf(chunk.enrichments)} />
      </pre>
      <h3>Contextualized text (embedded)</h3>
      <pre className="chunk-text">{chunk.contextualizedText}</pre>
      <ChunkEnrichments enrichments={chunk.enrichments} />
    </>
  );
}

function flagsOf(chunk: Chunk): string[] {
  return Object.entries(chunk.contentFlags)
    .filter(([, on]) => on)
    .map(([flag]) => flag.replace('has_', ''));
}

/** Token counts of the embedded text under several models' tokenizers, against each model's limit. */
function ModelLimits({ text }: { text: string }) {
  const tokenizers = useCatalogStore((s) => s.catalog?.tokenizers);
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [error, setError] = useState<string | null>(null);
  const available = MODEL_LIMITS.filter((model) => tokenizers?.some((t) => t.id === model.tokenizer));
  const wanted = available.map((model) => model.tokenizer).join('\n');

  useEffect(() => {
    let current = true;
    if (wanted === '') return;
    api
      .countTokens({ text, tokenizers: wanted.split('\n') })
      .then((result) => current && setCounts(Object.fromEntries(result.counts.map((c) => [c.tokenizer, c.count]))))
      .catch((e: unknown) => current && setError(messageOf(e)));
    return () => {
      current = false;
    };
  }, [text, wanted]);

  if (available.length === 0) return null;
  return (
    <table className="model-limits" data-testid="model-limits">
      <tbody>
        {available.map((model) => {
          const count = counts[model.tokenizer];
          return (
            <tr key={model.tokenizer} className={count !== undefined && count > model.limit ? 'over-limit' : ''}>
              <th>{model.model}</th>
              <td>{count ?? '…'}</td>
              <td>/ {model.limit}</td>
              <td>
                <meter min={0} max={model.limit} value={Math.min(count ?? 0, model.limit)} />
              </td>
            </tr>
          );
        })}
        {error && (
          <tr>
            <td colSpan={4}>{error}</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
