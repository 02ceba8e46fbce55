import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import {
  artifactsFolderNameOf,
  exportFileNameOf,
  imageDpiSchema,
  MAX_IMAGE_DPI,
  type OutputFormat,
} from '../../../src-shared/export-options';
import { desktop } from '../api/host';
import { useDocumentStore } from '../stores/document-store';
import { useExportStore } from '../stores/export-store';

/**
 * The export options (Export button, Ctrl+S): format, contextualized text, artifacts with their DPI.
 * A modal <dialog>: focus stays inside, Escape closes it, focus returns to where it was.
 */
export function ExportDialog() {
  const open = useExportStore((s) => s.dialogOpen);
  const closeDialog = useExportStore((s) => s.closeDialog);
  const dialog = useRef<HTMLDialogElement>(null);
  const firstField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element || !open || element.open) return;
    const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    firstField.current?.focus();
    return () => {
      if (element.open) element.close();
      returnFocus?.focus();
    };
  }, [open]);

  return (
    // `close` fires for Escape as well as for close(): the store follows the element
    <dialog ref={dialog} className="export-dialog" aria-labelledby="export-title" data-testid="export-dialog" onClose={closeDialog}>
      {open && <ExportForm firstField={firstField} />}
    </dialog>
  );
}

function ExportForm({ firstField }: { firstField: RefObject<HTMLInputElement | null> }) {
  const choices = useExportStore((s) => s.choices);
  const choose = useExportStore((s) => s.choose);
  const running = useExportStore((s) => s.running);
  const run = useExportStore((s) => s.run);
  const closeDialog = useExportStore((s) => s.closeDialog);
  const source = useDocumentStore((s) => s.document);
  const [dpiText, setDpiText] = useState(String(choices.imageDpi));
  const dpiValid = /^\d+$/.test(dpiText) && imageDpiSchema.safeParse(Number(dpiText)).success;
  const ids = useId();
  const sourceName = source?.fileName ?? 'document';

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (dpiValid || !choices.artifacts) void run();
      }}
    >
      <h2 id="export-title">Export chunks</h2>
      <fieldset disabled={running}>
        <legend>Format</legend>
        <label className="choice">
          <input
            ref={firstField}
            type="radio"
            name="export-format"
            checked={choices.format === 'canonical'}
            onChange={() => choose({ format: 'canonical' })}
            data-testid="export-format-json"
          />
          Canonical JSON <span className="muted">(one document)</span>
        </label>
        <label className="choice">
          <input
            type="radio"
            name="export-format"
            checked={choices.format === 'jsonl'}
            onChange={() => choose({ format: 'jsonl' })}
            data-testid="export-format-jsonl"
          />
          JSONL <span className="muted">(one chunk per line)</span>
        </label>
      </fieldset>
      <fieldset disabled={running}>
        <legend>Content</legend>
        <label className="choice">
          <input
            type="checkbox"
            checked={choices.contextualizedText}
            onChange={(e) => choose({ contextualizedText: e.target.checked })}
            aria-describedby={`${ids}-context`}
            data-testid="export-contextualized-text"
          />
          Include contextualized text
        </label>
        <p id={`${ids}-context`} className="hint indent">
          Each chunk&apos;s heading path and captions before its text, as embedded.
        </p>
        <label className="choice">
          <input
            type="checkbox"
            checked={choices.artifacts}
            onChange={(e) => choose({ artifacts: e.target.checked })}
            data-testid="export-artifacts"
          />
          Write artifacts (tables as Markdown, pictures as PNG)
        </label>
        <label className="choice indent">
          Image DPI
          <input
            type="number"
            min={1}
            max={MAX_IMAGE_DPI}
            step={1}
            value={dpiText}
            disabled={!choices.artifacts}
            className={dpiValid ? undefined : 'invalid'}
            aria-invalid={!dpiValid}
            aria-describedby={`${ids}-dpi`}
            onChange={(e) => {
              setDpiText(e.target.value);
              const dpi = imageDpiSchema.safeParse(Number(e.target.value));
              if (dpi.success) choose({ imageDpi: dpi.data });
            }}
            data-testid="export-image-dpi"
          />
        </label>
        <p id={`${ids}-dpi`} className="hint indent">
          {dpiValid ? 'Pictures of PDF pages are rendered at this resolution.' : `A whole number from 1 to ${MAX_IMAGE_DPI}.`}
        </p>
      </fieldset>
      <p className="export-destination" data-testid="export-destination">
        {destinationOf(sourceName, choices.format, choices.artifacts)}
      </p>
      {running && (
        <div className="export-running" role="status" data-testid="export-running">
          <span>Exporting…</span>
          <div className="progress-track">
            <div className="progress-fill indeterminate" style={{ width: '30%' }} />
          </div>
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={closeDialog}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={running || (choices.artifacts && !dpiValid)} data-testid="export-confirm">
          {running ? 'Exporting…' : desktop ? 'Export…' : 'Export'}
        </button>
      </div>
    </form>
  );
}

/** Where the export goes, so that the user knows before choosing. */
function destinationOf(sourceName: string, format: OutputFormat, artifacts: boolean): string {
  const fileName = exportFileNameOf(sourceName, format);
  const folder = `${artifactsFolderNameOf(fileName)}/`;
  if (desktop) {
    return artifacts
      ? `Saved where you choose; the artifacts go into a folder beside it, named after it (${folder} for ${fileName}).`
      : `Saved where you choose (${fileName} suggested).`;
  }
  return artifacts ? `Downloads ${exportFileNameOf(sourceName, 'zip')}: ${fileName} and the folder ${folder}` : `Downloads ${fileName}.`;
}
