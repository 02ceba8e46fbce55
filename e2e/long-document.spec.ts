import { expect, test } from '@playwright/test';
import { chunkCount, openWorkbench, screenshot } from './workbench';

const PARAGRAPHS = 10_000;

test('10,000 chunks: only the visible rows are in the page, and J/K jump across the whole document', async ({ page }) => {
  const markdown = Array.from({ length: PARAGRAPHS }, (_, i) => `Paragraph number ${i + 1} of the long document.`).join('\n\n');
  await openWorkbench(page);
  await page.getByTestId('file-input').setInputFiles({ name: 'long.md', mimeType: 'text/markdown', buffer: Buffer.from(markdown) });
  // hierarchical: one chunk per paragraph
  await page.getByTestId('strategy-select').selectOption('hierarchical');
  await expect.poll(() => chunkCount(page), { timeout: 30_000 }).toBe(PARAGRAPHS);
  const rendered = await page.getByTestId('document-view').locator('[data-ref]').count();
  expect(rendered).toBeGreaterThan(5);
  expect(rendered).toBeLessThan(200);
  // K with nothing selected goes to the last chunk; the view follows
  await page.locator('body').press('k');
  await expect(page.getByTestId('inspector').locator('h2')).toContainText(`Chunk #${PARAGRAPHS - 1}`);
  await expect(page.locator('[data-ref]').filter({ hasText: `Paragraph number ${PARAGRAPHS} of` })).toBeInViewport();
  await page.locator('body').press('k');
  await expect(page.getByTestId('inspector').locator('h2')).toContainText(`Chunk #${PARAGRAPHS - 2}`);
  await screenshot(page, 'long-document');
});
