import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { keyNameOf } from '../../../src-shared/llm-key-name';
import type { LlmConfig } from '../../../src-shared/pipeline-config';
import { messageOf } from '../api/errors';
import { desktop } from '../api/host';
import { llmKeyStoreClient, type LlmKeyStoreClient } from '../llm-key-store-client';

const keyStore: LlmKeyStoreClient | undefined = desktop && llmKeyStoreClient(desktop);

/**
 * Where a run's LLM key comes from: in the desktop app its key store (store, list by name, delete;
 * never read back), in browser mode the server's environment.
 */
export function LlmKeySource({ llm }: { llm: LlmConfig }) {
  return keyStore ? <StoredLlmKeys llm={llm} store={keyStore} /> : <EnvironmentKeyNote llm={llm} />;
}

function EnvironmentKeyNote({ llm }: { llm: LlmConfig }) {
  return (
    <p className="hint" data-testid="llm-key-source">
      {llm.apiKeyEnv
        ? `Runs read the key from the environment variable ${llm.apiKeyEnv} of the process serving this page (set it before starting it).`
        : 'No key is sent (a local server needs none). For a provider that does, name the environment variable holding its key.'}
    </p>
  );
}

function StoredLlmKeys({ llm, store }: { llm: LlmConfig; store: LlmKeyStoreClient }) {
  const name = keyNameOf(llm);
  const [names, setNames] = useState<string[]>([]);
  const [entering, setEntering] = useState(false);
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const storeButton = useRef<HTMLButtonElement>(null);

  const refresh = useCallback(() => store.names().then(setNames, (e: unknown) => setError(messageOf(e))), [store]);
  useEffect(() => void refresh(), [refresh]);

  const act = async (work: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await work();
      return true;
    } catch (e) {
      setError(messageOf(e));
      return false;
    } finally {
      setBusy(false);
      await refresh();
    }
  };
  const closeForm = () => {
    setKey('');
    setEntering(false);
    // back to the button that opened the form, so keyboard users keep their place
    requestAnimationFrame(() => storeButton.current?.focus());
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = key;
    // the key leaves the window's state at once: sent once, never kept
    setKey('');
    if (await act(() => store.store(name, typed))) closeForm();
  };
  const remove = (stored: string) => {
    if (window.confirm(`Delete the LLM key stored under ${stored}? Runs then need it stored again or in the environment.`)) {
      void act(() => store.remove(stored));
    }
  };

  return (
    <div className="llm-key-store" data-testid="llm-key-source">
      <p className="hint">{keySourceNote(llm, name, names.includes(name))}</p>
      {entering ? (
        <form className="llm-key-form" onSubmit={(event) => void submit(event)}>
          <input
            type="password"
            autoFocus
            autoComplete="off"
            value={key}
            onChange={(e) => setKey(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                closeForm();
              }
            }}
            aria-label={`API key to store under ${name}`}
            placeholder={`Key for ${name}`}
            data-testid="llm-key-input"
          />
          <button type="submit" disabled={busy || key === ''} data-testid="llm-key-store">
            Store
          </button>
          <button type="button" onClick={closeForm}>
            Cancel
          </button>
        </form>
      ) : (
        <button type="button" ref={storeButton} onClick={() => setEntering(true)} data-testid="llm-key-store-open">
          Store key…
        </button>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {names.length > 0 && (
        <ul className="stored-keys" aria-label="Stored LLM keys" data-testid="llm-stored-keys">
          {names.map((stored) => (
            <li key={stored}>
              <code>{stored}</code>
              {stored === name && <span className="muted"> (this pipeline's)</span>}
              <button type="button" disabled={busy} onClick={() => remove(stored)} aria-label={`Delete the key stored under ${stored}`}>
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function keySourceNote(llm: LlmConfig, name: string, stored: boolean): string {
  if (stored) return `Runs use the key stored under ${name} (encrypted by the system keyring).`;
  if (llm.apiKeyEnv) return `No key is stored under ${name}: runs read the environment variable ${name}.`;
  return `No key is stored under ${name}: runs send none (a local server needs none).`;
}
