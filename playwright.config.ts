import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/** Browser-mode end-to-end tests: the built app served by `out/main/server.js`, driven in Debian's Chromium. */
const PORT = Number(process.env.STRATUM_E2E_PORT ?? 4317);
/** Presets saved by the tests go to a fresh folder, never the user's. */
const presetsDir = mkdtempSync(join(tmpdir(), 'stratum-e2e-presets-'));

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    actionTimeout: 15_000,
    navigationTimeout: 20_000,
    acceptDownloads: true,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: `node out/main/server.js --port ${PORT}`,
    url: `http://127.0.0.1:${PORT}/`,
    env: { STRATUM_PRESETS_DIR: presetsDir },
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'pipe',
  },
});
