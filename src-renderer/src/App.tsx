import { useEffect, useMemo, useState } from 'react';
import { desktop } from './api/host';
import { CentrePane } from './components/CentrePane';
import { DocumentSetPanel, OpenSetButton } from './components/DocumentSetPanel';
import { ExportDialog } from './components/ExportDialog';
import { ErrorBanner, OpenButton, OpeningProgress, PasswordPrompt } from './components/OpenControls';
import { OutlinePanel } from './components/OutlinePanel';
import { RightColumn } from './components/RightColumn';
import { useKeyboardShortcuts } from './keyboard';
import { useCatalogStore } from './stores/catalog-store';
import { useChunkStore } from './stores/chunk-store';
import { useDocumentSetStore } from './stores/document-set-store';
import { useDocumentStore } from './stores/document-store';
import { useExportStore } from './stores/export-store';
import { useUiStore } from './stores/ui-store';

export function App() {
  const theme = useUiStore((s) => s.theme);
  const document = useDocumentStore((s) => s.document);
  const openFile = useDocumentStore((s) => s.openFile);
  const [dragging, setDragging] = useState(false);

  useEffect(() => void useCatalogStore.getState().load(), []);
  useEffect(() => {
    window.document.documentElement.dataset.theme = theme;
  }, [theme]);

  const shortcuts = useMemo(
    () => ({
      open: () => {
        if (desktop) void useDocumentStore.getState().openWithDialog();
        else window.document.querySelector<HTMLInputElement>('[data-testid="file-input"]')?.click();
      },
    }),
    [],
  );
  useKeyboardShortcuts(shortcuts);
  useEffect(
    () =>
      desktop?.onMenuCommand((command) => {
        if (command === 'open') shortcuts.open();
        else if (command === 'export') useExportStore.getState().openDialog();
        else useUiStore.getState().toggleCompare();
      }),
    [shortcuts],
  );
  useEffect(() => desktop?.onJobStarted((job) => void useDocumentStore.getState().followJob(job)), []);

  return (
    <div
      className={`app${dragging ? ' dragging' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        const files = [...event.dataTransfer.files];
        // several files dropped together are a document set
        if (files.length > 1) void useDocumentSetStore.getState().openFiles(files);
        else if (files[0]) void openFile(files[0]);
      }}
    >
      <Toolbar />
      <OpeningProgress />
      <ErrorBanner />
      <PasswordPrompt />
      <ExportDialog />
      {document ? (
        <main className="workspace">
          <aside className="left">
            <DocumentSetPanel />
            <OutlinePanel items={document.items} />
          </aside>
          <section className="centre">
            <CentrePane document={document} />
          </section>
          <aside className="right">
            <RightColumn />
          </aside>
        </main>
      ) : (
        <main className="welcome">
          <p>Open a document (button, Ctrl+O, or drop a file here) to see how it is chunked.</p>
          <p>Open a set of documents (a folder, or several files dropped together) to relate their chunks with cross-doc.</p>
          <DocumentSetPanel />
        </main>
      )}
    </div>
  );
}

function Toolbar() {
  const document = useDocumentStore((s) => s.document);
  const preview = useDocumentStore((s) => s.preview);
  const run = useChunkStore((s) => s.run);
  const toggleTheme = useUiStore((s) => s.toggleTheme);
  return (
    <header className="toolbar">
      <strong className="brand">Stratum</strong>
      <OpenButton />
      <OpenSetButton />
      {document && (
        <span className="doc-name" data-testid="document-name">
          {document.fileName} · {document.format} · {run ? `${run.chunks.length} chunks` : '…'}
          {preview && (
            <span className="muted" data-testid="preview-note">
              {' '}
              (first pages; reading the rest…)
            </span>
          )}
        </span>
      )}
      <span className="spacer" />
      <ExportButton enabled={run !== null} />
      <CompareToggle />
      <button type="button" onClick={toggleTheme} title="Light / dark theme" data-testid="theme-toggle">
        ◐
      </button>
    </header>
  );
}

/** Opens the export dialog; says so while an export runs, and what the last one left out. */
function ExportButton({ enabled }: { enabled: boolean }) {
  const running = useExportStore((s) => s.running);
  const notes = useExportStore((s) => s.notes);
  const openDialog = useExportStore((s) => s.openDialog);
  return (
    <>
      <span className="export-status" role="status" data-testid="export-status">
        {running ? 'Exporting…' : notes.join('; ')}
      </span>
      <button
        type="button"
        disabled={!enabled}
        aria-haspopup="dialog"
        onClick={openDialog}
        title="Export canonical JSON or JSONL (Ctrl+S)"
        data-testid="export-button"
      >
        Export…
      </button>
    </>
  );
}

function CompareToggle() {
  const compareOpen = useUiStore((s) => s.compareOpen);
  const toggleCompare = useUiStore((s) => s.toggleCompare);
  const document = useDocumentStore((s) => s.document);
  return (
    <button
      type="button"
      className={compareOpen ? 'active' : ''}
      disabled={!document}
      aria-pressed={compareOpen}
      onClick={toggleCompare}
      title="Compare two configs (Ctrl+D)"
      data-testid="compare-toggle"
    >
      Compare A/B
    </button>
  );
}
