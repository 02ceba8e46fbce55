import { contextBridge, ipcRenderer } from 'electron';
import { apiMethodNames, ipcChannelOf, menuCommands, type ApiMethodName, type MenuCommand } from '../../src-shared/api-methods';
import { desktopChannels, type DesktopBridge, type OpenedJob } from '../../src-shared/desktop-bridge';

/**
 * The sandboxed preload: exposes only `window.stratumDesktop`, a bridge that forwards named calls to
 * the main process (which validates them) and relays menu commands. No Node API reaches the page.
 */
const knownMethods = new Set<string>(apiMethodNames);

const bridge: DesktopBridge = {
  invoke(method: ApiMethodName, request: unknown) {
    if (!knownMethods.has(method))
      return Promise.resolve({ ok: false, error: { code: 'bad-request', message: `no API method ${String(method)}` } });
    return ipcRenderer.invoke(ipcChannelOf(method), request);
  },
  showOpenDialog: () => ipcRenderer.invoke(desktopChannels.showOpenDialog),
  showOpenFolderDialog: () => ipcRenderer.invoke(desktopChannels.showOpenFolderDialog),
  saveFile: (request) => ipcRenderer.invoke(desktopChannels.saveFile, request),
  exportChunks: (request) => ipcRenderer.invoke(desktopChannels.exportChunks, request),
  retryWithPassword: (request) => ipcRenderer.invoke(desktopChannels.retryWithPassword, request),
  setLlmKey: (request) => ipcRenderer.invoke(desktopChannels.setLlmKey, request),
  deleteLlmKey: (request) => ipcRenderer.invoke(desktopChannels.deleteLlmKey, request),
  listLlmKeys: () => ipcRenderer.invoke(desktopChannels.listLlmKeys),
  onMenuCommand(listener) {
    const relay = (_event: unknown, command: unknown) => {
      if ((menuCommands as readonly unknown[]).includes(command)) listener(command as MenuCommand);
    };
    ipcRenderer.on(desktopChannels.menuCommand, relay);
    return () => ipcRenderer.removeListener(desktopChannels.menuCommand, relay);
  },
  onJobStarted(listener) {
    const relay = (_event: unknown, job: unknown) => {
      const candidate = job as Partial<OpenedJob> | null;
      if (candidate && typeof candidate.jobId === 'string' && typeof candidate.fileName === 'string')
        listener({ jobId: candidate.jobId, fileName: candidate.fileName });
    };
    ipcRenderer.on(desktopChannels.jobStarted, relay);
    return () => ipcRenderer.removeListener(desktopChannels.jobStarted, relay);
  },
};

contextBridge.exposeInMainWorld('stratumDesktop', bridge);
