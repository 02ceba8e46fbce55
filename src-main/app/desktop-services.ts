import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { StratumApi } from '../../src-shared/api';
import type {
  ExportToFileRequest,
  ExportToFileResult,
  LlmKeyNameRequest,
  LlmKeyRequest,
  OpenedJob,
  OpenedSet,
  PasswordRetryRequest,
  SaveFileRequest,
} from '../../src-shared/desktop-bridge';
import { StratumError } from '../../src-shared/errors';
import { planDocumentSet, type PickedFile } from '../../src-shared/document-set';
import { artifactsFolderNameOf } from '../../src-shared/export-options';
import type { LlmKeysByName } from '../workbench/handed-llm-keys';
import type { HostClient } from '../workbench/host-calls';
import type { LlmKeyStore } from './llm-key-store';

/** The names the save dialog gives the kinds of file the window saves. */
const SAVE_FILTER_NAMES: Record<string, string> = { json: 'JSON', jsonl: 'JSON Lines', csv: 'CSV', svg: 'SVG image', png: 'PNG image' };

/** The parts of Electron's `dialog` used here (tests pass a fake). */
export interface DialogPort {
  showOpenDialog(options: {
    title: string;
    properties: Array<'openFile' | 'openDirectory'>;
    filters: Array<{ name: string; extensions: string[] }>;
  }): Promise<{ canceled: boolean; filePaths: string[] }>;
  showSaveDialog(options: {
    title: string;
    defaultPath: string;
    filters: Array<{ name: string; extensions: string[] }>;
  }): Promise<{ canceled: boolean; filePath?: string | undefined }>;
}

export interface DesktopServiceDeps {
  dialogs: DialogPort;
  api: StratumApi;
  /** The workbench's own calls (host-calls.ts): open the file at a path, export to the path the save dialog returned. */
  host: HostClient;
  writeFileAtomic(path: string, content: string | Uint8Array): Promise<void>;
  /** Remembers an opened file (recent files, menu). */
  rememberFile(path: string): Promise<void>;
  llmKeys: Pick<LlmKeyStore, 'set' | 'delete' | 'names' | 'all'>;
  /** Hands the workbench thread the stored keys its runs use (`WorkbenchThread.setLlmKeys`). */
  handLlmKeys(keys: LlmKeysByName): Promise<void>;
}

export interface DesktopServices {
  showOpenDialog(): Promise<OpenedJob | null>;
  /** Folder mode: the folder's supported files opened as a set (`DOCUMENT_SET_LIMITS`); nothing else of it is read. */
  showOpenFolderDialog(): Promise<OpenedSet | null>;
  openPath(path: string, password?: string): Promise<OpenedJob>;
  /** Only for jobs this service started: the renderer never names a path. */
  retryWithPassword(request: PasswordRetryRequest): Promise<OpenedJob>;
  saveFile(request: SaveFileRequest): Promise<{ saved: boolean }>;
  /** Save dialog, then the export written where it says, artifacts into the folder beside it. */
  exportChunks(request: ExportToFileRequest): Promise<ExportToFileResult>;
  setLlmKey(request: LlmKeyRequest): Promise<null>;
  deleteLlmKey(request: LlmKeyNameRequest): Promise<null>;
  /** The names keys are stored under; a key never goes back to the window. */
  listLlmKeys(): Promise<string[]>;
  /**
   * Hands the workbench thread every stored key (at start; set and delete do it themselves), and
   * answers the names of those the system keyring can no longer decrypt.
   */
  handStoredLlmKeys(): Promise<string[]>;
}

/** Native open and save: the main process reads and writes files, the renderer only sees jobs and results. */
export function createDesktopServices(deps: DesktopServiceDeps): DesktopServices {
  const pathsByJob = new Map<string, string>();
  const handStoredLlmKeys = async (): Promise<string[]> => {
    const { keys, undecryptable } = await deps.llmKeys.all();
    await deps.handLlmKeys(keys);
    return undecryptable;
  };
  const startJob = async (path: string, password?: string): Promise<OpenedJob> => {
    const { jobId } = await deps.host.openDocumentFile({ path, ...(password === undefined ? {} : { password }) });
    pathsByJob.set(jobId, path);
    return { jobId, fileName: basename(path) };
  };
  const openPath = async (path: string, password?: string): Promise<OpenedJob> => {
    const job = await startJob(path, password);
    await deps.rememberFile(path);
    return job;
  };
  const supportedExtensions = async () => {
    const { formats } = await deps.api.getCatalog({});
    return formats.flatMap((f) => f.extensions.map((ext) => ext.replace(/^\./, '')));
  };
  return {
    async showOpenFolderDialog() {
      const extensions = await supportedExtensions();
      const result = await deps.dialogs.showOpenDialog({
        title: 'Open a folder as a document set',
        properties: ['openDirectory'],
        filters: [],
      });
      const folder = result.filePaths[0];
      if (result.canceled || folder === undefined) return null;
      const files = await filesOfFolder(folder);
      const { opened, left } = planDocumentSet(files, (name) =>
        extensions.some((extension) => name.toLowerCase().endsWith(`.${extension}`)),
      );
      const jobs: OpenedJob[] = [];
      for (const file of opened) jobs.push(await startJob(join(folder, file.name)));
      return { folderName: basename(folder), jobs, left: left.map(({ file, reason }) => ({ fileName: file.name, reason })) };
    },
    async showOpenDialog() {
      const extensions = await supportedExtensions();
      const result = await deps.dialogs.showOpenDialog({
        title: 'Open a document',
        properties: ['openFile'],
        filters: [
          { name: 'Documents', extensions },
          { name: 'All files', extensions: ['*'] },
        ],
      });
      const path = result.filePaths[0];
      return result.canceled || path === undefined ? null : openPath(path);
    },
    openPath,
    async retryWithPassword({ jobId, password }) {
      const path = pathsByJob.get(jobId);
      if (path === undefined) throw new StratumError('io', 'this document was not opened from a file: open it again');
      return openPath(path, password);
    },
    async saveFile({ suggestedName, content }) {
      // the file's own kind: chunks (JSON, JSON Lines), a question set, a chart (SVG, PNG) or its data (CSV)
      const extension = suggestedName.includes('.') ? suggestedName.split('.').pop()! : 'json';
      const result = await deps.dialogs.showSaveDialog({
        title: 'Save',
        defaultPath: suggestedName,
        filters: [{ name: SAVE_FILTER_NAMES[extension] ?? extension.toUpperCase(), extensions: [extension] }],
      });
      if (result.canceled || !result.filePath) return { saved: false };
      await deps.writeFileAtomic(result.filePath, content);
      return { saved: true };
    },
    async exportChunks({ suggestedName, ...request }) {
      const result = await deps.dialogs.showSaveDialog({
        // the folder follows the name the user picks; the suggested one shows its form
        title: request.artifacts
          ? `Export chunks (artifacts go to a folder beside the file, e.g. ${artifactsFolderNameOf(suggestedName)})`
          : 'Export chunks',
        defaultPath: suggestedName,
        filters: [request.format === 'jsonl' ? { name: 'JSON Lines', extensions: ['jsonl'] } : { name: 'JSON', extensions: ['json'] }],
      });
      if (result.canceled || !result.filePath) return { saved: false, notes: [] };
      const { notes } = await deps.host.exportChunksToFile({ ...request, path: result.filePath });
      return { saved: true, notes };
    },
    async setLlmKey({ name, key }) {
      await deps.llmKeys.set(name, key);
      await handStoredLlmKeys();
      return null;
    },
    async deleteLlmKey({ name }) {
      await deps.llmKeys.delete(name);
      await handStoredLlmKeys();
      return null;
    },
    listLlmKeys: () => deps.llmKeys.names(),
    handStoredLlmKeys,
  };
}

/** The files directly in `folder` (not its subfolders', nor what a link points out of it to) with their sizes. */
async function filesOfFolder(folder: string): Promise<PickedFile[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const files: PickedFile[] = [];
  for (const entry of entries) {
    if (entry.isFile()) files.push({ name: entry.name, size: (await stat(join(folder, entry.name))).size });
  }
  return files;
}
