import type { ApiRequest } from './api';
import type { ApiMethodName, MenuCommand } from './api-methods';

/**
 * What the Electron preload exposes on `window.stratumDesktop`: the API transport and the native
 * parts the browser host lacks. Every call resolves with a result envelope (api-result.ts).
 */
export interface DesktopBridge {
  invoke(method: ApiMethodName, request: unknown): Promise<unknown>;
  /** Native open dialog; opens the chosen file. Envelope of `OpenedJob | null` (null: cancelled). */
  showOpenDialog(): Promise<unknown>;
  /**
   * Native folder dialog; opens the folder's supported files (not its subfolders) as a document set,
   * within DOCUMENT_SET_LIMITS. Envelope of `OpenedSet | null` (null: cancelled).
   */
  showOpenFolderDialog(): Promise<unknown>;
  /** Native save dialog; writes atomically. Envelope of `{ saved: boolean }`. */
  saveFile(request: SaveFileRequest): Promise<unknown>;
  /**
   * Native save dialog, then the export written there atomically, its artifacts (when asked for)
   * into the folder `artifactsFolderNameOf(<saved name>)` beside it. Envelope of `ExportToFileResult`.
   */
  exportChunks(request: ExportToFileRequest): Promise<unknown>;
  /** Opens again, with a password, a file the main process opened for the job `jobId`. Envelope of `OpenedJob`. */
  retryWithPassword(request: PasswordRetryRequest): Promise<unknown>;
  /** Stores an LLM API key, encrypted by the system keyring, under `name`. Envelope of `null`. */
  setLlmKey(request: LlmKeyRequest): Promise<unknown>;
  /** Forgets the LLM API key stored under `name`. Envelope of `null`. */
  deleteLlmKey(request: LlmKeyNameRequest): Promise<unknown>;
  /** The names LLM API keys are stored under (never a key). Envelope of `string[]`. */
  listLlmKeys(): Promise<unknown>;
  onMenuCommand(listener: (command: MenuCommand) => void): () => void;
  /** A job the main process started (recent file, file from the command line, second instance). */
  onJobStarted(listener: (job: OpenedJob) => void): () => void;
}

export interface OpenedJob {
  jobId: string;
  fileName: string;
}

/** A folder opened as a document set: a job per file it opens, in its order, and the files it leaves out with why. */
export interface OpenedSet {
  folderName: string;
  jobs: OpenedJob[];
  left: Array<{ fileName: string; reason: string }>;
}

export interface PasswordRetryRequest {
  jobId: string;
  password: string;
}

/** `name`: a pipeline's `llm.apiKeyEnv`, or its provider when it names none. */
export interface LlmKeyNameRequest {
  name: string;
}

export interface LlmKeyRequest extends LlmKeyNameRequest {
  key: string;
}

export interface SaveFileRequest {
  suggestedName: string;
  /** text, or bytes (a PNG) */
  content: string | Uint8Array;
}

/** An `exportChunks` request and the file name the save dialog offers. */
export type ExportToFileRequest = ApiRequest<'exportChunks'> & { suggestedName: string };

export interface ExportToFileResult {
  /** false: the save dialog was cancelled */
  saved: boolean;
  /** what the export could not include (pictures without image data) */
  notes: string[];
}

export const desktopChannels = {
  showOpenDialog: 'stratum:desktop:show-open-dialog',
  showOpenFolderDialog: 'stratum:desktop:show-open-folder-dialog',
  saveFile: 'stratum:desktop:save-file',
  exportChunks: 'stratum:desktop:export-chunks',
  retryWithPassword: 'stratum:desktop:retry-with-password',
  setLlmKey: 'stratum:desktop:set-llm-key',
  deleteLlmKey: 'stratum:desktop:delete-llm-key',
  listLlmKeys: 'stratum:desktop:list-llm-keys',
  menuCommand: 'stratum:desktop:menu-command',
  jobStarted: 'stratum:desktop:job-started',
} as const;
