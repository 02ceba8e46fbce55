import { useEffect } from 'react';
import type { HandEdit, HandEditResult } from '../../../src-shared/hand-edits';
import {
  editSelection,
  mergeTarget,
  mergeWithNext,
  regionTarget,
  splitAtSelection,
  splitTarget,
  type CommandTarget,
} from '../hand-edit-commands';
import { useChunkStore } from '../stores/chunk-store';
import { useUiStore } from '../stores/ui-store';
import { trackTextSelection, useTextSelectionStore } from '../stores/text-selection-store';

/**
 * The hand edits held with config A: commands that make a rule of the selected chunk or of the text picked in the
 * document view, and each rule with what became of it on the run on screen, removable.
 */
export function HandEditsPanel() {
  const edits = useChunkStore((s) => s.edits);
  const runEdits = useChunkStore((s) => s.runEdits);
  const results = useChunkStore((s) => s.run?.handEdits);
  const error = useChunkStore((s) => s.handEditError);
  const removeHandEdit = useChunkStore((s) => s.removeHandEdit);
  const setEdits = useChunkStore((s) => s.setEdits);
  const comparing = useUiStore((s) => s.compareOpen);
  // a rule from a config file may have no id: it is dropped from the list as it is
  const remove = (edit: HandEdit, index: number) =>
    edit.id ? void removeHandEdit(edit.id) : setEdits(edits.filter((_, at) => at !== index));
  const selection = useTextSelectionStore((s) => s.selection);
  // the targets read the stores: re-rendered when the run, the selected chunk or the picked text change
  useChunkStore((s) => s.run);
  useChunkStore((s) => s.selectedIndex);
  useEffect(() => trackTextSelection(), []);
  // the run on screen reports on these rules only once it was made with them
  const current = runEdits === edits ? results : undefined;

  return (
    <section className="hand-edits" aria-labelledby="hand-edits-title" data-testid="hand-edits">
      {/* with Compare open the commands act on A's chunks, whichever side the inspector shows; B's rules are named in its column */}
      <h3 id="hand-edits-title">{comparing ? 'Hand edits of A' : 'Hand edits'}</h3>
      <div className="hand-edit-commands" role="group" aria-label="Make a hand edit">
        <CommandButton target={mergeTarget()} onClick={mergeWithNext} shortcut="M" testId="hand-edit-merge">
          Merge with next
        </CommandButton>
        <CommandButton target={splitTarget()} onClick={splitAtSelection} shortcut="S" testId="hand-edit-split">
          Split here
        </CommandButton>
        <CommandButton target={regionTarget()} onClick={() => editSelection('pin')} testId="hand-edit-pin">
          Pin selection
        </CommandButton>
        <CommandButton target={regionTarget()} onClick={() => editSelection('exclude')} testId="hand-edit-exclude">
          Exclude selection
        </CommandButton>
      </div>
      <p className="muted hint" data-testid="hand-edit-picked">
        {selection
          ? `Picked: ${placeName(selection.from)}${sameNode(selection.from, selection.to) ? '' : ` to ${placeName(selection.to)}`}`
          : 'Click in the document to split there; select text to pin or exclude it.'}
      </p>
      {error && (
        <p className="error" role="alert" data-testid="hand-edit-error">
          {error}
        </p>
      )}
      {edits.length === 0 ? (
        <p className="muted">No hand edits: they are saved with presets and config files, and applied by the CLI too.</p>
      ) : (
        <ol className="hand-edit-list" data-testid="hand-edit-list">
          {edits.map((edit, index) => {
            const result = current?.[index];
            return (
              <li key={edit.id ?? index} className={`hand-edit ${result?.status ?? 'pending'}`} data-testid="hand-edit-rule">
                <div className="hand-edit-head">
                  <strong>{edit.kind}</strong>
                  <span className={`hand-edit-status ${result?.status ?? ''}`} data-testid="hand-edit-status">
                    {result ? result.status : '…'}
                  </span>
                  {result && result.chunks.length > 0 && <span className="muted">{chunkNames(result)}</span>}
                  {result?.overLimit && <span className="mark over-limit">over limit</span>}
                  <button
                    type="button"
                    className="hand-edit-remove"
                    onClick={() => remove(edit, index)}
                    aria-label={`Remove hand edit ${index + 1} (${edit.kind})`}
                    title="Remove this hand edit"
                    data-testid="hand-edit-remove"
                  >
                    ×
                  </button>
                </div>
                <div className="hand-edit-words">{wordsOf(edit)}</div>
                {result && <div className="hand-edit-message">{result.message}</div>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function CommandButton({
  target,
  onClick,
  shortcut,
  testId,
  children,
}: {
  target: CommandTarget;
  onClick(): void;
  shortcut?: string;
  testId: string;
  children: string;
}) {
  const keyNote = shortcut ? ` (${shortcut})` : '';
  return (
    <button
      type="button"
      disabled={!target.ready}
      onClick={onClick}
      // a click keeps the document's selection: the command acts on it
      onMouseDown={(event) => event.preventDefault()}
      title={target.ready ? `${children}${keyNote}` : `${children}: ${target.reason}`}
      aria-keyshortcuts={shortcut}
      data-testid={testId}
    >
      {children}
      {shortcut && <kbd aria-hidden="true">{shortcut}</kbd>}
    </button>
  );
}

function placeName(point: { ref: string; offset: number }): string {
  return `${point.ref} at ${point.offset}`;
}

function sameNode(a: { ref: string; offset: number }, b: { ref: string; offset: number }): boolean {
  return a.ref === b.ref && a.offset === b.offset;
}

function chunkNames(result: HandEditResult): string {
  return `→ ${result.chunks.map((index) => `#${index}`).join(', ')}`;
}

/** The words a rule was made on: where it cuts, or how its region begins and ends. */
function wordsOf(edit: HandEdit): string {
  if (edit.kind === 'split') return `… ${edit.before.join(' ')} | ${edit.after.join(' ')} …`;
  return `${edit.first.join(' ')} … ${edit.last.join(' ')}`;
}
