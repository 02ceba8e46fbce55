import { useRef, useState } from 'react';
import { desktop } from '../api/host';
import { useDocumentStore } from '../stores/document-store';

/** The Open button: the native dialog under Electron, a file picker (upload) in the browser. */
export function OpenButton() {
  const input = useRef<HTMLInputElement>(null);
  const openFile = useDocumentStore((s) => s.openFile);
  const openWithDialog = useDocumentStore((s) => s.openWithDialog);
  return (
    <>
      <button
        type="button"
        onClick={() => (desktop ? void openWithDialog() : input.current?.click())}
        title="Open a document (Ctrl+O)"
        data-testid="open-button"
      >
        Open…
      </button>
      <input
        ref={input}
        type="file"
        hidden
        data-testid="file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void openFile(file);
        }}
      />
    </>
  );
}

/** Progress of the document being opened, with Cancel. */
export function OpeningProgress() {
  const opening = useDocumentStore((s) => s.opening);
  const cancel = useDocumentStore((s) => s.cancelOpening);
  if (!opening) return null;
  const { progress } = opening;
  const fraction = progress && progress.total > 0 ? progress.done / progress.total : null;
  return (
    <div
      className="progress"
      role="progressbar"
      aria-valuenow={fraction === null ? undefined : Math.round(fraction * 100)}
      data-testid="progress"
    >
      <span>
        Opening {opening.fileName}
        {progress ? ` · ${progress.stage}${progress.total > 0 ? ` ${progress.done}/${progress.total}` : '…'}` : '…'}
      </span>
      <div className="progress-track">
        <div
          className={`progress-fill${fraction === null ? ' indeterminate' : ''}`}
          style={{ width: fraction === null ? '30%' : `${fraction * 100}%` }}
        />
      </div>
      <button type="button" onClick={() => void cancel()} data-testid="cancel-open">
        Cancel
      </button>
    </div>
  );
}

/** Asks for the password of an encrypted document, then opens it again with it. */
export function PasswordPrompt() {
  const request = useDocumentStore((s) => s.passwordRequest);
  const submit = useDocumentStore((s) => s.submitPassword);
  const dismiss = useDocumentStore((s) => s.dismissPasswordRequest);
  const [password, setPassword] = useState('');
  if (!request) return null;
  return (
    <form
      className="password-prompt"
      data-testid="password-prompt"
      onSubmit={(event) => {
        event.preventDefault();
        void submit(password);
        setPassword('');
      }}
    >
      <span>
        {request.fileName} is encrypted{request.wrong ? ': that password is wrong, try again' : ''}.
      </span>
      <input
        type="password"
        autoFocus
        placeholder="Password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        data-testid="password-input"
        aria-label="Password"
      />
      <button type="submit" data-testid="password-submit">
        Open
      </button>
      <button type="button" onClick={dismiss}>
        Cancel
      </button>
    </form>
  );
}

export function ErrorBanner() {
  const error = useDocumentStore((s) => s.error);
  const dismiss = useDocumentStore((s) => s.dismissError);
  if (!error) return null;
  return (
    <div className="error-banner" role="alert" data-testid="error-banner">
      <span>{error}</span>
      <button type="button" onClick={dismiss} aria-label="Dismiss">
        ×
      </button>
    </div>
  );
}
