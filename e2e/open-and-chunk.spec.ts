import { expect, test } from '@playwright/test';
import { chunkCount, openDocument, openWorkbench, screenshot } from './workbench';

test('opening a Markdown file shows its outline and chunk bands over the text', async ({ page }) => {
  await openWorkbench(page);
  await openDocument(page, 'corpus/md/wiki.md');
  await expect(page.getByTestId('document-name')).toContainText('wiki.md');
  await expect(page.getByTestId('outline-entry').first()).toBeVisible();
  expect(await page.getByTestId('outline-entry').count()).toBeGreaterThan(2);
  expect(await chunkCount(page)).toBeGreaterThan(1);
  await expect(page.getByTestId('chunk-start').first()).toContainText('tokens');
  await screenshot(page, 'open-markdown');
});

test('changing max tokens re-chunks the document live', async ({ page }) => {
  await openWorkbench(page);
  await openDocument(page, 'corpus/md/wiki.md');
  const before = await chunkCount(page);
  await page.getByTestId('max-tokens').fill('32');
  await expect.poll(() => chunkCount(page)).toBeGreaterThan(before);
  await screenshot(page, 'max-tokens');
});

test('selecting a chunk shows it in the inspector; J and K move the selection', async ({ page }) => {
  await openWorkbench(page);
  await openDocument(page, 'corpus/md/wiki.md');
  await page.getByTestId('chunk-band').nth(1).hover();
  await expect(page.getByTestId('hover-info')).toContainText(/chunk [0-9a-f]{16} · #\d+ · \d+ tokens/);
  await page.getByTestId('chunk-band').nth(1).click();
  const inspector = page.getByTestId('inspector');
  await expect(inspector.getByTestId('inspector-chunk-id')).toHaveText(/^[0-9a-f]{16}$/);
  await expect(inspector.getByTestId('inspector-text')).not.toBeEmpty();
  // token counts under several embedding models at once
  await expect(inspector.getByTestId('model-limits')).toContainText(/all-MiniLM-L6-v2\s*\d+/);
  await expect(inspector.getByTestId('model-limits')).toContainText(/OpenAI text-embedding-3\s*\d+/);
  const heading = await inspector.locator('h2').textContent();
  await page.locator('body').press('j');
  await expect(inspector.locator('h2')).not.toHaveText(heading ?? '');
  await screenshot(page, 'inspector');
});

test('an unreadable file shows the error banner and the app stays usable', async ({ page }) => {
  await openWorkbench(page);
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'broken.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\nthis is not a PDF') });
  await expect(page.getByTestId('error-banner')).toContainText('broken.pdf');
  await openDocument(page, 'corpus/md/wiki.md');
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
  await screenshot(page, 'error-banner');
});

test('a chunk that starts inside a paragraph is marked where it starts', async ({ page }) => {
  await openWorkbench(page);
  await openDocument(page, 'corpus/md/wiki.md');
  await page.getByTestId('strategy-select').selectOption('fixed-words');
  await page.getByTestId('option-size').fill('25');
  // the default overlap (40 words) does not fit in 25: the engine's message is shown, nothing else changes
  await expect(page.getByTestId('config-status')).toContainText('overlap');
  await page.getByTestId('option-overlap').fill('0');
  await expect.poll(() => chunkCount(page)).toBeGreaterThan(20);
  await expect(page.getByTestId('config-status')).not.toContainText('overlap');
  const boundary = page.getByTestId('inline-boundary').first();
  await expect(boundary).toBeVisible();
  await expect(boundary).toHaveText(/^#\d+$/);
  await screenshot(page, 'inline-boundaries');
});
