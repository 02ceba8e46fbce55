import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useChunkStore } from '../stores/chunk-store';
import { useEnrichmentStore } from '../stores/enrichment-store';
import { useUiStore, type RightTab } from '../stores/ui-store';
import { ChunkInspector } from './ChunkInspector';
import { ConfigPanel } from './ConfigPanel';
import { DocumentPanel } from './DocumentPanel';
import { HandEditsPanel } from './HandEditsPanel';
import { StatsPanel } from './StatsPanel';

const TABS: ReadonlyArray<{ tab: RightTab; label: string }> = [
  { tab: 'chunk', label: 'Chunk' },
  { tab: 'config', label: 'Config' },
  { tab: 'stats', label: 'Stats & lint' },
  { tab: 'enrichments', label: 'Enrichments' },
];

/**
 * The right column as tabs, so the inspector never scrolls away under the config: a chunk selected from the document,
 * the pages or the chunk list shows the Chunk tab (not while the lint list is showing, whose findings select chunks one
 * after another). Tabs follow the WAI-ARIA pattern: arrows, Home and End move between them (roving tabindex).
 */
export function RightColumn() {
  const tab = useUiStore((s) => s.rightTab);
  const setTab = useUiStore((s) => s.setRightTab);
  const selectedIndex = useChunkStore((s) => s.selectedIndex);
  const enrichmentNote = useEnrichmentStore((s) =>
    s.state === 'running' ? ' …' : s.result?.llm && !s.result.llm.sent && s.settings.enrich.length > 0 ? ' ●' : '',
  );
  const tabRefs = useRef(new Map<RightTab, HTMLButtonElement>());

  useEffect(() => {
    if (selectedIndex === null) return;
    const current = useUiStore.getState().rightTab;
    if (current !== 'stats') setTab('chunk');
  }, [selectedIndex, setTab]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = TABS.findIndex((entry) => entry.tab === tab);
    const next =
      event.key === 'ArrowRight'
        ? (at + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (at + TABS.length - 1) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const nextTab = TABS[next]!.tab;
    setTab(nextTab);
    tabRefs.current.get(nextTab)?.focus();
  };

  return (
    <>
      <div className="right-tabs" role="tablist" aria-label="Inspector" onKeyDown={onKeyDown}>
        {TABS.map((entry) => (
          <button
            key={entry.tab}
            ref={(element) => {
              if (element) tabRefs.current.set(entry.tab, element);
            }}
            type="button"
            role="tab"
            id={`right-tab-${entry.tab}`}
            aria-selected={tab === entry.tab}
            aria-controls={`right-panel-${entry.tab}`}
            tabIndex={tab === entry.tab ? 0 : -1}
            className={tab === entry.tab ? 'active' : ''}
            onClick={() => setTab(entry.tab)}
            data-testid={`tab-${entry.tab}`}
          >
            {entry.label}
            {/* the steps' progress, and an LLM estimate waiting to be sent, show from every tab */}
            {entry.tab === 'enrichments' && enrichmentNote && (
              <span title={enrichmentNote === ' …' ? 'enriching' : 'an LLM estimate waits for your go-ahead'}>{enrichmentNote}</span>
            )}
          </button>
        ))}
      </div>
      {TABS.map((entry) => (
        <div
          key={entry.tab}
          className="right-panel"
          role="tabpanel"
          id={`right-panel-${entry.tab}`}
          aria-labelledby={`right-tab-${entry.tab}`}
          hidden={tab !== entry.tab}
          data-testid={`panel-${entry.tab}`}
        >
          {entry.tab === 'chunk' && (
            <>
              <ChunkInspector />
              <HandEditsPanel />
            </>
          )}
          {entry.tab === 'config' && <ConfigPanel />}
          {entry.tab === 'stats' && <StatsPanel />}
          {entry.tab === 'enrichments' && <EnrichmentsTab />}
        </div>
      ))}
    </>
  );
}

/** What the pipeline's steps found in the document; the steps themselves are set in the Config tab. */
function EnrichmentsTab() {
  return (
    <>
      <DocumentPanel />
      <p className="muted hint">The enrichment steps are set in the Config tab, under the chunker&apos;s settings.</p>
    </>
  );
}
