import { spawn } from 'node:child_process';
import { missingElectronMessage, resolveElectron } from './start/electron-binary';

/** `npm start` after the build: open the Electron window, or say plainly why it cannot and what to run instead. */
const electron = resolveElectron();
if ('reason' in electron) {
  console.error(missingElectronMessage(electron.reason));
  process.exit(1);
}
const preview = spawn('npx', ['electron-vite', 'preview'], { stdio: 'inherit' });
preview.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
