import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { FullConfig } from '@playwright/test';

/** The address line `out/main/server.js` prints, with the access token the page needs. */
const SERVING = /Stratum is serving (http:\/\/\S+#token=\S+)/;

/**
 * Starts the built browser-mode server on the port of the config's `baseURL`, waits for the address
 * it prints and hands its access token to the tests (`STRATUM_E2E_TOKEN`, read by `openWorkbench`).
 * Presets the tests save go to a fresh folder, never the user's. Returns the teardown.
 */
export default async function startBrowserModeServer(config: FullConfig): Promise<() => Promise<void>> {
  const baseUrl = config.projects[0]?.use.baseURL;
  if (!baseUrl) throw new Error('the Playwright config sets no baseURL');
  const presetsDir = mkdtempSync(join(tmpdir(), 'stratum-e2e-presets-'));
  const server = spawn(process.execPath, ['out/main/server.js', '--port', new URL(baseUrl).port], {
    env: { ...process.env, STRATUM_PRESETS_DIR: presetsDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const address = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server printed no address within 30 s')), 30_000);
    server.once('exit', (code) => reject(new Error(`the server exited (code ${code}); was the app built (npx electron-vite build)?`)));
    createInterface({ input: server.stdout }).on('line', (line) => {
      const match = SERVING.exec(line);
      if (!match) return;
      clearTimeout(timer);
      resolve(match[1]!);
    });
  });
  process.env.STRATUM_E2E_TOKEN = new URLSearchParams(new URL(address).hash.slice(1)).get('token') ?? '';
  return async () => {
    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    await exited;
    rmSync(presetsDir, { recursive: true, force: true });
  };
}
