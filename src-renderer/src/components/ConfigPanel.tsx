import { useChunkStore } from '../stores/chunk-store';
import { useCompareStore } from '../stores/compare-store';
import { useUiStore } from '../stores/ui-store';
import { useEnrichmentStore } from '../stores/enrichment-store';
import { ConfigEditor } from './ConfigEditor';
import { EnrichmentEditor } from './EnrichmentEditor';
import { PresetBar } from './PresetBar';

/** The config being tuned (A) and, while comparing, config B under it. */
export function ConfigPanel() {
  const config = useChunkStore((s) => s.config);
  const setOption = useChunkStore((s) => s.setOption);
  const setConfig = useChunkStore((s) => s.setConfig);
  const edits = useChunkStore((s) => s.edits);
  const configError = useChunkStore((s) => s.configError);
  const running = useChunkStore((s) => s.running);
  const comparing = useUiStore((s) => s.compareOpen);
  const enrichment = useEnrichmentStore((s) => s.settings);
  const setEnrichment = useEnrichmentStore((s) => s.setSettings);

  return (
    <>
      <section className="config-panel" aria-label={comparing ? 'Configuration A' : 'Chunking configuration'} data-testid="config-panel">
        {comparing && (
          <div className="config-title">
            <h3>Configuration A</h3>
          </div>
        )}
        <PresetBar
          config={config}
          onLoad={(loaded, loadedEnrichment, loadedEdits) => {
            setConfig(loaded, loadedEdits);
            if (loadedEnrichment) setEnrichment(loadedEnrichment);
          }}
          enrichment={enrichment}
          edits={edits}
        />
        <ConfigEditor config={config} setOption={setOption} setConfig={setConfig} />
        <p className="config-status" data-testid="config-status">
          {running ? 'Chunking…' : configError ? <span className="error">{configError}</span> : '\u00a0'}
        </p>
        <EnrichmentEditor settings={enrichment} onChange={setEnrichment} />
      </section>
      {comparing && <ConfigPanelB />}
    </>
  );
}

/** Element id of config B's panel: the comparison's "Edit B" moves the focus there. */
export const CONFIG_B_ID = 'config-b';

/** Config B with the same fields as A, and the quick actions between the two. */
function ConfigPanelB() {
  const configB = useCompareStore((s) => s.configB);
  const setOptionB = useCompareStore((s) => s.setOptionB);
  const setConfigB = useCompareStore((s) => s.setConfigB);
  const copyAToB = useCompareStore((s) => s.copyAToB);
  const swap = useCompareStore((s) => s.swap);
  const running = useCompareStore((s) => s.running);
  const error = useCompareStore((s) => s.error);
  const enrichmentB = useCompareStore((s) => s.enrichmentB);
  const editsB = useCompareStore((s) => s.editsB);
  const setEnrichmentB = useCompareStore((s) => s.setEnrichmentB);
  if (!configB) return null;
  return (
    <section className="config-panel config-b" id={CONFIG_B_ID} tabIndex={-1} aria-label="Configuration B" data-testid="config-b">
      <div className="config-title">
        <h3>Configuration B</h3>
        <button type="button" onClick={copyAToB} title="Make B a copy of A" data-testid="copy-a-to-b">
          Copy A → B
        </button>
        <button type="button" onClick={swap} title="A takes B's config and B takes A's" data-testid="swap-a-b">
          Swap A ↔ B
        </button>
      </div>
      <PresetBar
        config={configB}
        onLoad={(loaded, loadedEnrichment, loadedEdits) => {
          if (loadedEnrichment) setEnrichmentB(loadedEnrichment);
          setConfigB(loaded, loadedEdits);
        }}
        enrichment={enrichmentB}
        edits={editsB}
      />
      <ConfigEditor config={configB} setOption={setOptionB} setConfig={setConfigB} />
      <p className="config-status" data-testid="config-b-status">
        {running ? 'Comparing…' : error ? <span className="error">{error}</span> : '\u00a0'}
      </p>
      <EnrichmentEditor settings={enrichmentB} onChange={setEnrichmentB} />
    </section>
  );
}
