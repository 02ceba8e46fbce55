import { create } from 'zustand';
import type { DocumentView, JobProgress } from '../../../src-shared/api';
import type { OpenedJob } from '../../../src-shared/desktop-bridge';
import { unwrapApiResult } from '../../../src-shared/api-result';
import { api, desktop } from '../api/host';
import { aboutFile, messageOf } from '../api/errors';
import { markOpenStarted } from '../perf-marks';
import { useChunkStore } from './chunk-store';

const POLL_INTERVAL_MS = 100;

interface Opening {
  /** identifies this attempt: a newer open or a cancel makes every older attempt stop */
  ticket: number;
  fileName: string;
  /** null while the file is still being read or uploaded */
  jobId: string | null;
  progress: JobProgress | null;
}

/**
 * Where an opened file came from, to open it again with a password: the bytes the renderer sent, or
 * (Electron) the job the main process started for a file it read.
 */
type Source = { kind: 'bytes'; bytes: Uint8Array; password?: string } | { kind: 'desktop'; jobId: string; password?: string };

/** An encrypted file waiting for its password. */
interface PasswordRequest {
  fileName: string;
  source: Source;
  /** the last password was wrong */
  wrong: boolean;
}

interface DocumentState {
  document: DocumentView | null;
  /** `document` is the first pages of a long document that is still being read */
  preview: boolean;
  /** the password the open document was opened with (the page view needs it too) */
  documentPassword: string | undefined;
  opening: Opening | null;
  passwordRequest: PasswordRequest | null;
  /** the last error a user action caused; the banner shows it until dismissed or the next success */
  error: string | null;
  openFile(file: File): Promise<void>;
  openWithDialog(): Promise<void>;
  /** Shows a document the host holds opened already (a document set's member). */
  showOpened(documentId: string): Promise<void>;
  /** Follows a job the host started (Electron: native dialog, recent files, command line). */
  followJob(job: OpenedJob): Promise<void>;
  cancelOpening(): Promise<void>;
  submitPassword(password: string): Promise<void>;
  dismissPasswordRequest(): void;
  reportError(message: string): void;
  dismissError(): void;
}

/** The open document and the attempt that is opening the next one (upload, then a job with progress). */
export const useDocumentStore = create<DocumentState>()((set, get) => {
  let lastTicket = 0;
  const current = (ticket: number) => get().opening?.ticket === ticket;

  const begin = (fileName: string): number => {
    const ticket = ++lastTicket;
    markOpenStarted();
    set({
      opening: { ticket, fileName, jobId: null, progress: { stage: 'reading', done: 0, total: 0 } },
      error: null,
      passwordRequest: null,
    });
    return ticket;
  };

  /** Shows an opened document (or the preview of one) and chunks it. */
  const show = async (ticket: number, documentId: string, source: Source | undefined, { finished = false } = {}) => {
    const document = await api.getDocument({ documentId });
    if (!current(ticket)) return;
    set({ document, preview: !finished, documentPassword: source?.password, ...(finished ? { opening: null } : {}) });
    useChunkStore.getState().documentChanged(document.documentId);
  };

  const follow = async (ticket: number, jobId: string, fileName: string, source?: Source) => {
    if (!current(ticket)) {
      await api.cancelJob({ jobId });
      return;
    }
    set({ opening: { ticket, fileName, jobId, progress: null } });
    let previewShown = false;
    for (;;) {
      const status = await api.getJob({ jobId });
      if (!current(ticket)) return;
      if (status.state === 'running') {
        set({ opening: { ticket, fileName, jobId, progress: status.progress } });
        if (status.previewDocumentId && !previewShown) {
          // a long document: its first pages now, the whole document when it is in
          previewShown = true;
          await show(ticket, status.previewDocumentId, source);
          continue;
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
        continue;
      }
      if (status.state === 'done' && status.documentId) {
        await show(ticket, status.documentId, source, { finished: true });
        return;
      }
      const code = status.error?.code;
      if (source && (code === 'encrypted' || code === 'wrong-password')) {
        set({ opening: null, passwordRequest: { fileName, source, wrong: code === 'wrong-password' } });
        return;
      }
      set({
        opening: null,
        error: status.state === 'cancelled' ? null : aboutFile(fileName, status.error?.message ?? 'could not be opened'),
        ...(previewShown ? { document: null, preview: false } : {}),
      });
      return;
    }
  };

  const guarded = async (ticket: number, fileName: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      if (current(ticket)) set({ opening: null, error: aboutFile(fileName, messageOf(error)) });
    }
  };

  const openBytes = async (ticket: number, fileName: string, bytes: Uint8Array, password?: string) => {
    set({ opening: { ticket, fileName, jobId: null, progress: { stage: 'upload', done: 0, total: 0 } } });
    const { jobId } = await api.openDocument({ fileName, bytes, ...(password === undefined ? {} : { password }) });
    await follow(ticket, jobId, fileName, { kind: 'bytes', bytes, ...(password === undefined ? {} : { password }) });
  };

  const reopenOnDesktop = async (ticket: number, fileName: string, previousJobId: string, password: string) => {
    if (!desktop) return;
    const { jobId } = unwrapApiResult(
      'retryWithPassword',
      await desktop.retryWithPassword({ jobId: previousJobId, password }),
    ) as OpenedJob;
    await follow(ticket, jobId, fileName, { kind: 'desktop', jobId, password });
  };

  return {
    document: null,
    preview: false,
    documentPassword: undefined,
    opening: null,
    passwordRequest: null,
    error: null,
    async openFile(file) {
      const ticket = begin(file.name);
      await guarded(ticket, file.name, async () => {
        const bytes = new Uint8Array(await file.arrayBuffer());
        if (current(ticket)) await openBytes(ticket, file.name, bytes);
      });
    },
    async submitPassword(password) {
      const request = get().passwordRequest;
      if (!request) return;
      set({ passwordRequest: null });
      const { fileName, source } = request;
      const ticket = begin(fileName);
      await guarded(ticket, fileName, () =>
        source.kind === 'bytes'
          ? openBytes(ticket, fileName, source.bytes, password)
          : reopenOnDesktop(ticket, fileName, source.jobId, password),
      );
    },
    dismissPasswordRequest: () => set({ passwordRequest: null }),
    async openWithDialog() {
      if (!desktop) return;
      try {
        const started = unwrapApiResult('showOpenDialog', await desktop.showOpenDialog()) as OpenedJob | null;
        if (started) await get().followJob(started);
      } catch (error) {
        set({ error: `open: ${messageOf(error)}` });
      }
    },
    async showOpened(documentId) {
      try {
        const document = await api.getDocument({ documentId });
        // the user chose this one: a file still being opened alone stops following (its attempt is no longer current)
        set({ document, preview: false, documentPassword: undefined, opening: null, error: null });
        useChunkStore.getState().documentChanged(documentId);
      } catch (error) {
        set({ error: messageOf(error) });
      }
    },
    async followJob({ jobId, fileName }) {
      const ticket = begin(fileName);
      await guarded(ticket, fileName, () => follow(ticket, jobId, fileName, { kind: 'desktop', jobId }));
    },
    async cancelOpening() {
      const opening = get().opening;
      if (!opening) return;
      // the first pages of a document no longer being read are not that document
      set(get().preview ? { opening: null, document: null, preview: false } : { opening: null });
      if (opening.jobId) await api.cancelJob({ jobId: opening.jobId }).catch(() => undefined);
    },
    reportError: (message) => set({ error: message }),
    dismissError: () => set({ error: null }),
  };
});
