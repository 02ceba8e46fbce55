import { create } from 'zustand';
import type { DocumentView, JobProgress } from '../../../src-shared/api';
import type { OpenedJob } from '../../../src-shared/desktop-bridge';
import { unwrapApiResult } from '../../../src-shared/api-result';
import { api, desktop } from '../api/host';
import { messageOf } from '../api/errors';
import { useChunkStore } from './chunk-store';

const POLL_INTERVAL_MS = 100;

interface OpeningJob {
  jobId: string;
  fileName: string;
  progress: JobProgress | null;
}

interface DocumentState {
  document: DocumentView | null;
  opening: OpeningJob | null;
  /** the last error a user action caused; the banner shows it until dismissed or the next success */
  error: string | null;
  openFile(file: File): Promise<void>;
  openWithDialog(): Promise<void>;
  /** Follows a job the host started (Electron: native dialog, recent files, command line). */
  followJob(job: OpenedJob): Promise<void>;
  cancelOpening(): Promise<void>;
  reportError(message: string): void;
  dismissError(): void;
}

/** The open document and the job that is opening the next one. */
export const useDocumentStore = create<DocumentState>()((set, get) => {
  const followJob = async (jobId: string, fileName: string) => {
    set({ opening: { jobId, fileName, progress: null }, error: null });
    for (;;) {
      const status = await api.getJob({ jobId });
      if (get().opening?.jobId !== jobId) return;
      if (status.state === 'running') {
        set({ opening: { jobId, fileName, progress: status.progress } });
        await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
        continue;
      }
      if (status.state === 'done' && status.documentId) {
        const document = await api.getDocument({ documentId: status.documentId });
        set({ document, opening: null });
        useChunkStore.getState().documentChanged(document.documentId);
        return;
      }
      set({ opening: null, error: status.state === 'cancelled' ? null : `${fileName}: ${status.error?.message ?? 'could not be opened'}` });
      return;
    }
  };

  const guarded = async (fileName: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      set({ opening: null, error: `${fileName}: ${messageOf(error)}` });
    }
  };

  return {
    document: null,
    opening: null,
    error: null,
    openFile: (file) =>
      guarded(file.name, async () => {
        const bytes = new Uint8Array(await file.arrayBuffer());
        const { jobId } = await api.openDocument({ fileName: file.name, bytes });
        await followJob(jobId, file.name);
      }),
    openWithDialog: () =>
      guarded('open', async () => {
        if (!desktop) return;
        const started = unwrapApiResult('showOpenDialog', await desktop.showOpenDialog()) as OpenedJob | null;
        if (started) await followJob(started.jobId, started.fileName);
      }),
    followJob: ({ jobId, fileName }) => guarded(fileName, () => followJob(jobId, fileName)),
    async cancelOpening() {
      const opening = get().opening;
      if (!opening) return;
      set({ opening: null });
      await api.cancelJob({ jobId: opening.jobId }).catch(() => undefined);
    },
    reportError: (message) => set({ error: message }),
    dismissError: () => set({ error: null }),
  };
});
