import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';

/** Test documents (third-party, licences beside them) by path under test-data/. */
export function testDocument(path: string): string {
  return resolve(import.meta.dirname, '../test-data', path);
}

/** Opens the workbench page with the access token the server printed (e2e/global-setup.ts). */
export async function openWorkbench(page: Page): Promise<void> {
  const token = process.env.STRATUM_E2E_TOKEN;
  if (!token) throw new Error('no access token: the e2e global setup did not start the server');
  await page.goto(`/#token=${token}`);
}

/** Opens a file through the upload input, as the Open button does, and waits for the chunk bands. */
export async function openDocument(page: Page, path: string): Promise<void> {
  await page.getByTestId('file-input').setInputFiles(testDocument(path));
  await expect(page.getByTestId('chunk-band').first()).toBeVisible();
}

/** Shows a tab of the right column: the chunk inspector, the config, statistics and lint, or the enrichments. */
export async function showTab(page: Page, tab: 'chunk' | 'config' | 'stats' | 'enrichments'): Promise<void> {
  await page.getByTestId(`tab-${tab}`).click();
  await expect(page.getByTestId(`panel-${tab}`)).toBeVisible();
}

export async function chunkCount(page: Page): Promise<number> {
  return Number(await page.getByTestId('chunk-count').textContent());
}

/**
 * Every test leaves a screenshot of where it ended (e2e/screenshots/ is ignored by git). The page must first draw two
 * frames, so a page that stopped drawing fails here; the capture itself is tried a second time, because headless
 * Chromium's capture has once waited past its timeout for a frame on a page that was drawing (CI, compare-sides).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const folder = resolve(import.meta.dirname, 'screenshots');
  mkdirSync(folder, { recursive: true });
  await page.evaluate('new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)))');
  const path = resolve(folder, `${name}.png`);
  try {
    await page.screenshot({ path, timeout: 10_000 });
  } catch (error) {
    if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
    await page.screenshot({ path, timeout: 10_000 });
  }
}
