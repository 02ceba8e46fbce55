import { useRef, useState } from 'react';
import { saveTextFile } from '../save-file';
import { api } from '../api/host';
import { messageOf } from '../api/errors';
import { useCatalogStore } from '../stores/catalog-store';
import { useChunkStore } from '../stores/chunk-store';
import { useDocumentStore } from '../stores/document-store';

/** Presets (built in and saved), saving the current config as one, and loading a config file. */
export function PresetBar() {
  const presets = useCatalogStore((s) => s.presets);
  const refreshPresets = useCatalogStore((s) => s.refreshPresets);
  const setConfig = useChunkStore((s) => s.setConfig);
  const reportError = useDocumentStore((s) => s.reportError);
  const [name, setName] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);

  const save = async () => {
    try {
      await api.savePreset({ name: name.trim(), config: useChunkStore.getState().config });
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
            if (preset) setConfig(preset.config);
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
        <button type="button" onClick={() => void saveConfigFile()} title="Save the current config as a file for `stratum chunk --config`" data-testid="config-download">
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
              const { config } = await api.parseConfigFile({ fileName: file.name, content: await file.text() });
              setConfig(config);
            } catch (error) {
              reportError(messageOf(error));
            }
          }}
        />
      </div>
    </div>
  );
}

/** The config as a JSON file: exactly what `stratum chunk --config <file>` reads. */
async function saveConfigFile(): Promise<void> {
  const content = `${JSON.stringify(useChunkStore.getState().config, null, 2)}\n`;
  try {
    await saveTextFile('stratum.config.json', content, 'application/json');
  } catch (error) {
    useDocumentStore.getState().reportError(`config: ${messageOf(error)}`);
  }
}
