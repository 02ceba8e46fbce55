import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFailureReason, missingElectronMessage, resolveElectron } from './electron-binary';

const offlineOutput = [
  'TypeError: fetch failed',
  '    at node:internal/deps/undici/undici:14976:13',
  '    at async FetchDownloader.download (file:///x/node_modules/@electron/get/dist/FetchDownloader.js:46:30)',
].join('\n');

describe('npm start without an Electron binary', () => {
  const folders: string[] = [];
  afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));
  const electronPackage = (): string => {
    const folder = mkdtempSync(join(tmpdir(), 'stratum-electron-'));
    folders.push(folder);
    return folder;
  };

  it('reports why the download failed and points to browser mode, without the stack', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failed = resolveElectron(electronPackage(), () => ({ status: 1, stderr: offlineOutput, stdout: '' }));
    expect(failed).toEqual({ reason: 'TypeError: fetch failed' });
    const message = missingElectronMessage('reason' in failed ? failed.reason : '');
    expect(message).toContain('TypeError: fetch failed');
    expect(message).not.toContain('FetchDownloader');
    expect(message).toContain('npm run serve -- --port N');
  });

  it('uses the binary that is there without downloading', () => {
    const folder = electronPackage();
    writeFileSync(join(folder, 'path.txt'), 'electron');
    mkdirSync(join(folder, 'dist'));
    writeFileSync(join(folder, 'dist', 'electron'), '');
    const download = vi.fn();
    expect(resolveElectron(folder, download)).toEqual({ path: join(folder, 'dist', 'electron') });
    expect(download).not.toHaveBeenCalled();
  });

  it('names a download that ended silently', () => {
    expect(downloadFailureReason('\n   \n')).toBe('the download ended without saying why');
  });
});
