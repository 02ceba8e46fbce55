import { useRef } from 'react';
import { desktop } from '../api/host';
import { useDocumentSetStore, type SetMember } from '../stores/document-set-store';
import { useDocumentStore } from '../stores/document-store';

/** Opens a document set: the native folder dialog under Electron, a multi-file picker in the browser. */
export function OpenSetButton() {
  const input = useRef<HTMLInputElement>(null);
  const openFiles = useDocumentSetStore((s) => s.openFiles);
  const openFolderWithDialog = useDocumentSetStore((s) => s.openFolderWithDialog);
  return (
    <>
      <button
        type="button"
        onClick={() => (desktop ? void openFolderWithDialog() : input.current?.click())}
        title={desktop ? 'Open a folder as a document set' : 'Open several files as a document set'}
        data-testid="open-set-button"
      >
        {desktop ? 'Open folder…' : 'Open set…'}
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="set-file-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) void openFiles(files);
        }}
      />
    </>
  );
}

/** The open set's documents: each one's parse progress or error, the one shown marked; selecting one shows it. */
export function DocumentSetPanel() {
  const name = useDocumentSetStore((s) => s.name);
  const members = useDocumentSetStore((s) => s.members);
  const left = useDocumentSetStore((s) => s.left);
  const show = useDocumentSetStore((s) => s.show);
  const close = useDocumentSetStore((s) => s.close);
  const shownId = useDocumentStore((s) => s.document?.documentId ?? null);
  if (name === null) return null;
  const opened = members.filter((member) => member.state === 'open').length;
  return (
    <section className="document-set" aria-label="Document set" data-testid="document-set">
      <h2>
        Set: {name}{' '}
        <span className="muted">
          ({opened}/{members.length} open)
        </span>
        <button type="button" className="link" onClick={close} aria-label="Close the document set">
          ×
        </button>
      </h2>
      <ul className="set-members">
        {members.map((member, position) => (
          <li key={position} data-testid="set-member" data-state={member.state}>
            <button
              type="button"
              disabled={member.documentId === null}
              aria-current={member.documentId !== null && member.documentId === shownId ? 'true' : undefined}
              className={member.documentId !== null && member.documentId === shownId ? 'active' : ''}
              onClick={() => member.documentId && void show(member.documentId)}
            >
              {member.fileName}
            </button>{' '}
            <span className={member.state === 'failed' ? 'error' : 'muted'} data-testid="set-member-status">
              {statusOf(member)}
            </span>
          </li>
        ))}
      </ul>
      {left.length > 0 && (
        <details data-testid="set-left-out">
          <summary>{left.length} files not opened</summary>
          <ul>
            {left.map(({ fileName, reason }) => (
              <li key={fileName}>
                {fileName}: {reason}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

function statusOf(member: SetMember): string {
  switch (member.state) {
    case 'waiting':
      return 'waiting';
    case 'opening': {
      const progress = member.progress;
      return progress ? `${progress.stage}${progress.total > 0 ? ` ${progress.done}/${progress.total}` : '…'}` : 'opening…';
    }
    case 'open':
      return '';
    case 'failed':
      return member.error ?? 'failed';
  }
}
