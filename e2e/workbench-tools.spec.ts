import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { parseConfigText } from '../src-shared/config';
import { openDocument, openWorkbench, screenshot, showTab } from './workbench';

test('a file dropped on the window opens', async ({ page }) => {
  await openWorkbench(page);
  // Playwright cannot drag from the OS; this is the drop event the browser would fire.
  await page.evaluate(`(() => {
    const data = new DataTransfer();
    data.items.add(new File(['# Dropped\\n\\nA paragraph that was dropped on the window.'], 'dropped.md', { type: 'text/markdown' }));
    document.querySelector('.app').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  })()`);
  await expect(page.getByTestId('document-name')).toContainText('dropped.md');
  await expect(page.getByTestId('chunk-band').first()).toBeVisible();
  await screenshot(page, 'dropped');
});

test('a lint finding jumps to its chunk', async ({ page }) => {
  await openWorkbench(page);
  await openDocument(page, 'corpus/md/wiki.md');
  await page.getByTestId('max-tokens').fill('40');
  // re-chunking starts with the edit: read the findings of the new run, not the old one
  await expect(page.getByTestId('config-status')).not.toContainText('Chunking');
  await showTab(page, 'stats');
  const finding = page.getByTestId('finding').first();
  await expect(finding).toBeVisible();
  const index = /#(\d+):/.exec((await finding.textContent()) ?? '')?.[1];
  expect(index).toBeDefined();
  await finding.click();
  await expect(page.getByTestId('inspector').locator('h2')).toContainText(`Chunk #${index} `);
  await screenshot(page, 'lint-jump');
});

test('presets load into the config panel, and the current config saves as a new preset', async ({ page }) => {
  await openWorkbench(page);
  await openDocument(page, 'corpus/md/wiki.md');
  await page.getByTestId('preset-select').selectOption('technical');
  await expect(page.getByTestId('tokenizer-select')).toHaveValue('tiktoken:cl100k_base');
  await expect(page.getByTestId('max-tokens')).toHaveValue('512');
  await page.getByTestId('max-tokens').fill('300');
  await page.getByTestId('preset-name').fill('my tuned config');
  await page.getByTestId('preset-save').click();
  await expect(page.getByTestId('preset-select').locator('option', { hasText: 'my tuned config (saved)' })).toHaveCount(1);
  await page.getByTestId('preset-select').selectOption('general');
  await expect(page.getByTestId('max-tokens')).toHaveValue('256');
  await page.getByTestId('preset-select').selectOption('my tuned config');
  await expect(page.getByTestId('max-tokens')).toHaveValue('300');
  await expect(page.getByTestId('tokenizer-select')).toHaveValue('tiktoken:cl100k_base');
  // the same config as a file for `stratum chunk --config`
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('config-download').click()]);
  const config = parseConfigText(readFileSync((await download.path())!, 'utf8'), download.suggestedFilename());
  expect(config).toMatchObject({ tokenizer: 'tiktoken:cl100k_base', maxTokens: 300 });
});

test('the theme switches between light and dark', async ({ page }) => {
  await openWorkbench(page);
  await openDocument(page, 'corpus/md/wiki.md');
  const theme = () => page.locator('html').getAttribute('data-theme');
  const before = await theme();
  await page.getByTestId('theme-toggle').click();
  await expect.poll(theme).not.toBe(before);
  await screenshot(page, `theme-${await theme()}`);
});

test('opening shows progress and can be cancelled; the app stays usable', async ({ page }) => {
  const large = Array.from({ length: 200_000 }, (_, i) => `Paragraph ${i} of a document large enough to take a while to read.`).join(
    '\n\n',
  );
  await openWorkbench(page);
  await page.getByTestId('file-input').setInputFiles({ name: 'large.md', mimeType: 'text/markdown', buffer: Buffer.from(large) });
  await expect(page.getByTestId('progress')).toContainText('large.md');
  await page.getByTestId('cancel-open').click();
  await expect(page.getByTestId('progress')).toHaveCount(0);
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
  await expect(page.getByTestId('document-name')).toHaveCount(0);
  await openDocument(page, 'corpus/md/wiki.md');
  await expect(page.getByTestId('document-name')).toContainText('wiki.md');
  await screenshot(page, 'cancel');
});
