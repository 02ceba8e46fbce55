import { create } from 'zustand';
import type { JobProgress } from '../../../src-shared/api';
import { unwrapApiResult } from '../../../src-shared/api-result';
import type { OpenedJob, OpenedSet } from '../../../src-shared/desktop-bridge';
import { planDocumentSet } from '../../../src-shared/document-set';
import { api, desktop } from '../api/host';
import { messageOf } from '../api/errors';
import { useCatalogStore } from './catalog-store';
import { useChunkStore } from './chunk-store';
import { useDocumentStore } from './document-store';

const POLL_INTERVAL_MS = 100;

/** One file of the set: parsed on the host in turn, then opened in the views on selection. */
export interface SetMember {
  fileName: string;
  state: 'waiting' | 'opening' | 'open' | 'failed';
  progress: JobProgress | null;
  documentId: string | null;
  error: string | null;
}

interface DocumentSetState {
  /** the folder's name, or how many files were picked; null: no set is open */
  name: string | null;
  members: SetMember[];
  /** the files the set left out, and why (a limit, an unsupported format) */
  left: Array<{ fileName: string; reason: string }>;
  /** Browser mode: the files picked or dropped (nothing else is read). */
  openFiles(files: readonly File[]): Promise<void>;
  /** Desktop: the native folder dialog. */
  openFolderWithDialog(): Promise<void>;
  /** Shows an opened member in the views. */
  show(documentId: string): Promise<void>;
  /** Shows `documentId` and selects its chunk `chunkId` once its run is in (a cross-document reference). */
  openChunk(documentId: string, chunkId: string): Promise<void>;
  close(): void;
}

/**
 * Folder mode: a set of documents opened together. Each is parsed in turn (its progress and error
 * shown in the set's list); the first that opens is shown, the others on selection; `cross-doc`
 * relates the chunks of all that opened (`documentSetOf`).
 */
export const useDocumentSetStore = create<DocumentSetState>()((set, get) => {
  /** a newer set makes the parsing of an older one stop */
  let generation = 0;
  /** the chunk a cross-document link asked for, selected when its document's run is in */
  let pendingChunk: { documentId: string; chunkId: string } | null = null;

  const update = (mine: number, position: number, change: Partial<SetMember>) => {
    if (mine !== generation) return;
    set({ members: get().members.map((member, index) => (index === position ? { ...member, ...change } : member)) });
  };

  /** Polls a parse job to its end: the member open, or failed with the host's message. */
  const follow = async (mine: number, position: number, jobId: string) => {
    for (;;) {
      const status = await api.getJob({ jobId });
      if (mine !== generation) return;
      if (status.state === 'running') {
        update(mine, position, { state: 'opening', progress: status.progress });
        await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
        continue;
      }
      if (status.state === 'done' && status.documentId) {
        update(mine, position, { state: 'open', progress: null, documentId: status.documentId });
        // the first document that opens is shown; the others wait to be selected
        if (get().members.filter((member) => member.state === 'open').length === 1) await get().show(status.documentId);
        return;
      }
      const code = status.error?.code;
      const error =
        code === 'encrypted' || code === 'wrong-password'
          ? 'encrypted: open it on its own to give its password'
          : (status.error?.message ?? status.state);
      update(mine, position, { state: 'failed', progress: null, error });
      return;
    }
  };

  const begin = (name: string, fileNames: readonly string[], left: DocumentSetState['left']): number => {
    const mine = ++generation;
    pendingChunk = null;
    set({
      name,
      left,
      members: fileNames.map((fileName) => ({ fileName, state: 'waiting', progress: null, documentId: null, error: null })),
    });
    return mine;
  };

  const selectPendingChunk = (now: ReturnType<typeof useChunkStore.getState>) => {
    if (!pendingChunk || now.documentId !== pendingChunk.documentId || !now.run || now.running) return;
    const { chunkId } = pendingChunk;
    pendingChunk = null;
    const target = now.run.chunks.find((chunk) => chunk.id === chunkId);
    if (target) now.select(target.index);
    else useDocumentStore.getState().reportError(`chunk ${chunkId} is not in this run of the document (its config changed)`);
  };
  useChunkStore.subscribe(selectPendingChunk);

  return {
    name: null,
    members: [],
    left: [],
    async openFiles(files) {
      // the formats the host reads, asked for when the catalog is not in yet
      const catalog = useCatalogStore.getState().catalog ?? (await api.getCatalog({}));
      const extensions = catalog.formats.flatMap((format) => format.extensions);
      const isSupported = (name: string) => extensions.some((extension) => name.toLowerCase().endsWith(extension.toLowerCase()));
      const { opened, left } = planDocumentSet(files, isSupported);
      const mine = begin(
        `${files.length} files`,
        opened.map((file) => file.name),
        left.map(({ file, reason }) => ({ fileName: file.name, reason })),
      );
      // one at a time: each file's bytes are read only when its turn comes
      for (const [position, file] of opened.entries()) {
        if (mine !== generation) return;
        update(mine, position, { state: 'opening', progress: { stage: 'upload', done: 0, total: 0 } });
        try {
          const { jobId } = await api.openDocument({ fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
          await follow(mine, position, jobId);
        } catch (error) {
          update(mine, position, { state: 'failed', progress: null, error: messageOf(error) });
        }
      }
    },
    async openFolderWithDialog() {
      if (!desktop) return;
      try {
        const opened = unwrapApiResult('showOpenFolderDialog', await desktop.showOpenFolderDialog()) as OpenedSet | null;
        if (!opened) return;
        const mine = begin(
          opened.folderName,
          opened.jobs.map((job: OpenedJob) => job.fileName),
          opened.left,
        );
        // the host started them all and parses a few at a time (its thread limits): each is followed to its end
        await Promise.all(opened.jobs.map((job, position) => follow(mine, position, job.jobId)));
      } catch (error) {
        useDocumentStore.getState().reportError(`open folder: ${messageOf(error)}`);
      }
    },
    async show(documentId) {
      await useDocumentStore.getState().showOpened(documentId);
    },
    async openChunk(documentId, chunkId) {
      pendingChunk = { documentId, chunkId };
      // the run on screen may be the document's already: the subscription only sees changes
      if (useChunkStore.getState().documentId === documentId) selectPendingChunk(useChunkStore.getState());
      else await get().show(documentId);
    },
    close() {
      generation++;
      pendingChunk = null;
      set({ name: null, members: [], left: [] });
    },
  };
});

/**
 * The set the enrichment of `documentId` relates it within: the ids of the set's opened documents,
 * when it is one of them and there is another; undefined otherwise.
 */
export function documentSetOf(documentId: string): string[] | undefined {
  const opened = useDocumentSetStore
    .getState()
    .members.flatMap((member) => (member.state === 'open' && member.documentId !== null ? [member.documentId] : []));
  return opened.length > 1 && opened.includes(documentId) ? opened : undefined;
}
