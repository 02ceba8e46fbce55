import { basename } from 'node:path';
import type { MenuCommand } from '../../src-shared/api-methods';

/** A menu entry in the shape of Electron's `MenuItemConstructorOptions` (only the fields used here). */
export interface MenuEntry {
  label?: string;
  role?: string;
  type?: 'separator' | 'submenu' | 'checkbox';
  accelerator?: string;
  enabled?: boolean;
  click?: () => void;
  submenu?: MenuEntry[];
}

interface MenuActions {
  /** Forwards a command to the renderer. */
  send(command: MenuCommand): void;
  openRecent(path: string): void;
}

/** The application menu: File (Open, Open Recent, Export), View (Compare, reload, zoom), Window. */
export function applicationMenuTemplate(actions: MenuActions, recentFiles: readonly string[], isMac: boolean): MenuEntry[] {
  const recent: MenuEntry[] =
    recentFiles.length === 0
      ? [{ label: 'No recent files', enabled: false }]
      : recentFiles.map((path) => ({ label: basename(path), click: () => actions.openRecent(path) }));
  return [
    ...(isMac ? [{ role: 'appMenu' }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Open…', accelerator: 'CmdOrCtrl+O', click: () => actions.send('open') },
        { label: 'Open Recent', submenu: recent },
        { type: 'separator' },
        { label: 'Export Chunks…', accelerator: 'CmdOrCtrl+S', click: () => actions.send('export') },
        { type: 'separator' },
        { role: isMac ? 'close' : 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { label: 'Compare A / B', accelerator: 'CmdOrCtrl+D', click: () => actions.send('toggle-compare') },
        { type: 'separator' },
        { role: 'reload' },
        { role: 'toggleDevTools' },
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
  ];
}
