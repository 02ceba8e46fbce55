import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { openDocument, screenshot } from './workbench';

test('compare A/B shows both runs side by side with the boundary diff and metric deltas', async ({ page }) => {
  await page.goto('/');
  await openDocument(page, 'corpus/md/wiki.md');
  await page.getByTestId('compare-toggle').click();
  const diff = page.getByTestId('boundary-diff');
  await expect(diff).toContainText('appeared');
  await expect(page.getByTestId('compare-a').getByTestId('chunk-band').first()).toBeVisible();
  await expect(page.getByTestId('compare-b').getByTestId('chunk-band').first()).toBeVisible();
  // B has half A's token budget: boundaries appear, and the chunk count delta is positive
  await expect(diff).not.toContainText(' 0 appeared');
  await expect(page.getByTestId('metric-deltas').locator('tr', { hasText: 'chunks' })).toContainText('+');
  await expect(page.locator('.chunk-start.appeared, .chunk-start.moved').first()).toBeVisible();
  // the same config on both sides: nothing differs
  await page.getByTestId('compare-max-tokens').fill('256');
  await expect(diff).toContainText('0 moved, 0 appeared, 0 vanished');
  await screenshot(page, 'compare');
  // another strategy for B starts from its own default options
  await page.getByTestId('compare-strategy').selectOption('sentences');
  await expect(page.getByTestId('compare-b')).toContainText('B · sentences');
  await expect(diff).not.toContainText('0 moved, 0 appeared, 0 vanished');
  await page.keyboard.press('Control+d');
  await expect(page.getByTestId('compare-pane')).toHaveCount(0);
});

test('export downloads canonical JSON that validates against the published JSON Schema', async ({ page }) => {
  const schema = z.fromJSONSchema(JSON.parse(readFileSync(resolve(import.meta.dirname, '../resources/canonical.schema.json'), 'utf8')));
  await page.goto('/');
  await openDocument(page, 'corpus/md/wiki.md');
  const count = Number(await page.getByTestId('chunk-count').textContent());
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-button').click()]);
  expect(download.suggestedFilename()).toBe('wiki.chunks.json');
  const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { chunks: unknown[] };
  const result = schema.safeParse(exported);
  expect(result.error?.issues ?? []).toEqual([]);
  expect(exported.chunks).toHaveLength(count);

  await page.getByTestId('export-format').selectOption('jsonl');
  const [lines] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+s')]);
  expect(lines.suggestedFilename()).toBe('wiki.chunks.jsonl');
  const records = readFileSync((await lines.path())!, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { chunk: { index: number } });
  expect(records.map((record) => record.chunk.index)).toEqual([...Array(count).keys()]);
  await screenshot(page, 'export');
});
