import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import e2e from './playwright.config';

/**
 * The chunk-view latency benchmark (`npm run bench:ui`): the e2e setup (built app, Debian's Chromium)
 * on its own port and folder, so `npm test` never runs it and it may run beside the e2e suite.
 */
const PORT = Number(process.env.STRATUM_BENCH_PORT ?? 4319);

export default defineConfig({
  ...e2e,
  testDir: 'e2e-bench',
  outputDir: 'test-results/bench',
  timeout: 300_000,
  use: { ...e2e.use, baseURL: `http://127.0.0.1:${PORT}` },
  webServer: {
    command: `node out/main/server.js --port ${PORT}`,
    url: `http://127.0.0.1:${PORT}/`,
    env: { STRATUM_PRESETS_DIR: mkdtempSync(join(tmpdir(), 'stratum-bench-presets-')) },
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'pipe',
  },
});
