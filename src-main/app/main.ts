import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  protocol,
  safeStorage,
  screen,
  session,
  type MenuItemConstructorOptions,
} from 'electron';
import type { MenuCommand } from '../../src-shared/api-methods';
import { desktopChannels, type OpenedJob } from '../../src-shared/desktop-bridge';
import { writeFileAtomic } from '../base/atomic-write';
import { createApiClient } from '../../src-shared/api-client';
import { createHostClient } from '../workbench/host-calls';
import { startWorkbenchThread } from '../workbench/workbench-host';
import { createDesktopServices } from './desktop-services';
import { registerIpcHandlers } from './ipc';
import { APP_INDEX_URL, APP_SCHEME, appProtocolResponse, isAppUrl } from './app-protocol';
import { applicationMenuTemplate } from './menu';
import { LlmKeyStore } from './llm-key-store';
import { RecentFiles } from './recent-files';
import { denyAllPermissions, guardWebContents, SECURE_WEB_PREFERENCES, withContentSecurityPolicy } from './security';
import { loadWindowState, saveWindowState, visibleWindowState } from './window-state';

/** The Electron host: one window on the renderer, the workbench API over IPC, native menu and dialogs. */

const rendererDir = join(import.meta.dirname, '../renderer');
const userData = () => app.getPath('userData');

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
  void startApp();
}

async function startApp(): Promise<void> {
  await app.whenReady();
  const workbench = startWorkbenchThread({ presetsDir: join(userData(), 'presets'), handsLlmKeys: true });
  const api = createApiClient(workbench.call);
  const recent = new RecentFiles(join(userData(), 'recent-files.json'));
  await recent.load();
  const windowStatePath = join(userData(), 'window-state.json');
  const state = visibleWindowState(
    await loadWindowState(windowStatePath),
    screen.getAllDisplays().map((d) => d.workArea),
  );

  protocol.handle(APP_SCHEME, async (request) => {
    const { status, headers, body } = await appProtocolResponse(
      rendererDir,
      request.url,
      async (path) => new Uint8Array(await readFile(path)),
    );
    return new Response(body, { status, headers });
  });
  session.defaultSession.webRequest.onHeadersReceived((details, respond) =>
    respond({ responseHeaders: withContentSecurityPolicy(details.responseHeaders) }),
  );
  denyAllPermissions(session.defaultSession);

  const window = new BrowserWindow({
    ...(state.x === undefined || state.y === undefined ? {} : { x: state.x, y: state.y }),
    width: state.width,
    height: state.height,
    show: false,
    title: 'Stratum',
    webPreferences: { ...SECURE_WEB_PREFERENCES, preload: join(import.meta.dirname, '../preload/index.cjs') },
  });
  if (state.maximized) window.maximize();
  guardWebContents(window.webContents);
  window.once('ready-to-show', () => window.show());
  window.on('close', () => {
    const bounds = window.getNormalBounds();
    void saveWindowState(windowStatePath, { ...bounds, maximized: window.isMaximized() });
  });

  const send = (command: MenuCommand) => window.webContents.send(desktopChannels.menuCommand, command);
  const announce = (job: OpenedJob) => window.webContents.send(desktopChannels.jobStarted, job);
  const desktop = createDesktopServices({
    dialogs: {
      showOpenDialog: (options) => dialog.showOpenDialog(window, options),
      showSaveDialog: (options) => dialog.showSaveDialog(window, options),
    },
    api,
    host: createHostClient(workbench.callHost),
    writeFileAtomic,
    llmKeys: new LlmKeyStore(join(userData(), 'llm-keys.json'), safeStorage),
    handLlmKeys: (keys) => workbench.setLlmKeys(keys),
    rememberFile: async (path) => {
      await recent.add(path);
      rebuildMenu();
    },
  });
  const openPath = (path: string) =>
    desktop.openPath(path).then(announce, (error: unknown) => dialog.showErrorBox('Stratum', String(error)));
  const rebuildMenu = () =>
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        applicationMenuTemplate(
          { send, openRecent: openPath },
          recent.list(),
          process.platform === 'darwin',
        ) as MenuItemConstructorOptions[],
      ),
    );
  rebuildMenu();
  registerIpcHandlers(ipcMain, workbench.call, desktop, isAppUrl);

  app.on('second-instance', (_event, argv) => {
    if (window.isMinimized()) window.restore();
    window.focus();
    const file = fileArgumentOf(argv);
    if (file) void openPath(file);
  });
  app.on('window-all-closed', () => {
    void workbench.close().finally(() => app.quit());
  });
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents));

  void desktop.handStoredLlmKeys().then(
    (undecryptable) => {
      if (undecryptable.length > 0) dialog.showErrorBox('Stratum', undecryptableKeysMessage(undecryptable));
    },
    (error: unknown) => dialog.showErrorBox('Stratum', `The stored LLM keys could not be read: ${String(error)}`),
  );
  await window.loadURL(APP_INDEX_URL);
  const fileToOpen = fileArgumentOf(process.argv);
  if (fileToOpen) void openPath(fileToOpen);
}

function undecryptableKeysMessage(names: readonly string[]): string {
  const stored = `The system keyring can no longer decrypt the stored LLM keys ${names.join(', ')}`;
  return `${stored}: runs use their environment variables instead. Store them again to use them.`;
}

/** A document named on the command line (`stratum-app report.pdf`): the first argument that looks like a file. */
function fileArgumentOf(argv: readonly string[]): string | undefined {
  return argv.slice(app.isPackaged ? 1 : 2).find((arg) => !arg.startsWith('-') && /\.\w+$/.test(arg));
}
