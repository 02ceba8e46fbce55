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
  // the e2e global setup starts the server on this port
  use: { ...e2e.use, baseURL: `http://127.0.0.1:${PORT}` },
});
