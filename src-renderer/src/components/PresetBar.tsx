import { useRef, useState } from 'react';
import type { ConfigFile } from '../../../src-shared/config';
import type { HandEdit } from '../../../src-shared/hand-edits';
import { NO_ENRICHMENT, pipelineFileOf, type EnrichmentSettings } from '../../../src-shared/pipeline-config';
import { saveTextFile } from '../save-file';
import { api } from '../api/host';
import { messageOf } from '../api/errors';
import { useCatalogStore } from '../stores/catalog-store';
import { useDocumentStore } from '../stores/document-store';

interface PresetBarProps {
  /** the config a preset or config file is saved from */
  config: ConfigFile;
  /** takes the config of a chosen preset or a loaded config file, its enrichment steps and its hand edits */
  onLoad(config: ConfigFile, enrichment?: EnrichmentSettings, edits?: HandEdit[]): void;
  /** the enrichment steps saved with the config; without steps, a preset or file is the config alone */
  enrichment?: EnrichmentSettings;
  /** the hand edits saved with the config */
  edits?: HandEdit[];
}

/** Presets (built in and saved), saving a config (A or B) as one, and loading a config file into it. */
export function PresetBar({ config, onLoad, enrichment, edits = [] }: PresetBarProps) {
  const presets = useCatalogStore((s) => s.presets);
  const refreshPresets = useCatalogStore((s) => s.refreshPresets);
  const reportError = useDocumentStore((s) => s.reportError);
  const [name, setName] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);

  const save = async () => {
    try {
      await api.savePreset({ name: name.trim(), config, ...(enrichment ? { enrichment } : {}), ...(edits.length > 0 ? { edits } : {}) });
      setName('');
      await refreshPresets();
    } catch (error) {
      reportError(`preset: ${messageOf(error)}`);
    }
  };

  return (
    <div className="preset-bar">
      <label className="field">
        <span>Preset</span>
        <select
          value=""
          data-testid="preset-select"
          onChange={(e) => {
            const preset = presets.find((p) => p.name === e.target.value);
            // a preset saved without steps or hand edits has none: loading it clears those of A
            if (preset) onLoad(preset.config, preset.enrichment ?? NO_ENRICHMENT, preset.edits ?? []);
          }}
        >
          <option value="">Load preset…</option>
          {presets.map((preset) => (
            <option key={preset.name} value={preset.name}>
              {preset.name}
              {preset.builtin ? '' : ' (saved)'}
            </option>
          ))}
        </select>
      </label>
      <div className="preset-save">
        <input type="text" placeholder="Preset name" value={name} onChange={(e) => setName(e.target.value)} data-testid="preset-name" />
        <button type="button" disabled={name.trim() === ''} onClick={() => void save()} data-testid="preset-save">
          Save
        </button>
        <button type="button" onClick={() => fileInput.current?.click()} title="Load a config file (YAML or JSON), as the CLI reads it">
          Load file…
        </button>
        <button
          type="button"
          onClick={() => void saveConfigFile(config, enrichment ?? NO_ENRICHMENT, edits)}
          title="Save this pipeline as a file for `stratum chunk --pipeline-config` (with no steps, for `--config` too)"
          data-testid="config-download"
        >
          Save file…
        </button>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept=".yaml,.yml,.json"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            try {
              const loaded = await api.parseConfigFile({ fileName: file.name, content: await file.text() });
              onLoad(loaded.config, loaded.enrichment ?? NO_ENRICHMENT, loaded.edits ?? []);
            } catch (error) {
              reportError(messageOf(error));
            }
          }}
        />
      </div>
    </div>
  );
}

/** The pipeline as a JSON file: exactly what `stratum chunk --pipeline-config <file>` reads (and `--config`, with no steps). */
async function saveConfigFile(config: ConfigFile, enrichment: EnrichmentSettings, edits: readonly HandEdit[]): Promise<void> {
  const pipeline = pipelineFileOf(config, enrichment, edits);
  const content = `${JSON.stringify(pipeline, null, 2)}\n`;
  try {
    await saveTextFile(pipeline === config ? 'stratum.config.json' : 'stratum.pipeline.json', content, 'application/json');
  } catch (error) {
    useDocumentStore.getState().reportError(`config: ${messageOf(error)}`);
  }
}
