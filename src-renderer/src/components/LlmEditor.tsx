import { useId } from 'react';
import { LLM_PROVIDERS, type EnrichmentSettings, type LlmConfig, type LlmProvider } from '../../../src-shared/pipeline-config';
import { LlmKeySource } from './LlmKeySource';

/** A first LLM is a local server: nothing leaves the machine until the user names another. */
const LOCAL_LLM: LlmConfig = { provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.1' };

/**
 * The pipeline's `llm` block: provider, base URL, model and the name of the key (the environment
 * variable, or the desktop key store's entry), and where the key comes from (LlmKeySource): the key
 * is typed only into the desktop app's store field, which sends it once to the main process and clears.
 */
export function LlmEditor({ settings, onChange }: { settings: EnrichmentSettings; onChange(settings: EnrichmentSettings): void }) {
  const ids = useId();
  const llm = settings.llm;
  const setLlm = (next: LlmConfig | undefined) => {
    const { llm: _previous, ...rest } = settings;
    onChange(next ? { ...rest, llm: next } : rest);
  };
  const setField = (key: 'baseUrl' | 'model' | 'apiKeyEnv', value: string) => {
    if (!llm) return;
    const next: Record<string, unknown> = { ...llm, [key]: value };
    if (value === '' && key !== 'model') delete next[key];
    setLlm(next as LlmConfig);
  };
  return (
    <div className="llm-editor" data-testid="llm-editor">
      <label className="field checkbox">
        <input
          type="checkbox"
          checked={llm !== undefined}
          onChange={(e) => setLlm(e.target.checked ? LOCAL_LLM : undefined)}
          data-testid="llm-enabled"
        />
        <span>Steps may ask an LLM</span>
      </label>
      {llm && (
        <>
          <label className="field" htmlFor={`${ids}-provider`}>
            <span>Provider</span>
            <select
              id={`${ids}-provider`}
              value={llm.provider}
              onChange={(e) => setLlm({ ...llm, provider: e.target.value as LlmProvider })}
              data-testid="llm-provider"
            >
              {LLM_PROVIDERS.map((provider) => (
                <option key={provider} value={provider}>
                  {provider}
                </option>
              ))}
            </select>
          </label>
          <TextField
            label="Base URL"
            placeholder="the provider's own"
            value={llm.baseUrl ?? ''}
            onChange={(v) => setField('baseUrl', v)}
            testId="llm-base-url"
          />
          <TextField label="Model" value={llm.model} onChange={(v) => setField('model', v)} testId="llm-model" />
          <TextField
            label="Key name"
            placeholder="none (a local server)"
            title="The environment variable holding the key (browser mode, CLI), or the name the desktop app stored it under"
            value={llm.apiKeyEnv ?? ''}
            onChange={(v) => setField('apiKeyEnv', v)}
            testId="llm-key-name"
          />
          <LlmKeySource llm={llm} />
        </>
      )}
    </div>
  );
}

interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  testId: string;
  placeholder?: string;
  title?: string;
}

function TextField({ label, value, onChange, testId, placeholder, title }: TextFieldProps) {
  return (
    <label className="field" title={title}>
      <span>{label}</span>
      <input
        type="text"
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
        spellCheck={false}
      />
    </label>
  );
}
