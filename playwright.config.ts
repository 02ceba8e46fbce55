import { defineConfig } from '@playwright/test';

/**
 * Browser-mode end-to-end tests: the built app served by `out/main/server.js` (started by the global
 * setup, which reads the access token it prints), driven in Debian's Chromium.
 */
const PORT = Number(process.env.STRATUM_E2E_PORT ?? 4317);

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
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  globalSetup: './e2e/global-setup.ts',
});
