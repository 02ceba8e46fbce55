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
  const configB = page.getByTestId('config-b');
  await configB.getByTestId('max-tokens').fill('256');
  await expect(diff).toContainText('0 moved, 0 appeared, 0 vanished');
  await screenshot(page, 'compare');
  // another strategy for B starts from its own default options
  await configB.getByTestId('strategy-select').selectOption('sentences');
  await expect(page.getByTestId('compare-b')).toContainText('B · sentences');
  await expect(diff).not.toContainText('0 moved, 0 appeared, 0 vanished');
  await page.keyboard.press('Control+d');
  await expect(page.getByTestId('compare-pane')).toHaveCount(0);
});

test("config B has A's fields: a strategy option of B re-chunks B only; copy, swap and presets by keyboard", async ({ page }) => {
  await page.goto('/');
  await openDocument(page, 'corpus/md/wiki.md');
  await page.keyboard.press('Control+d');
  const diff = page.getByTestId('boundary-diff');
  const configA = page.getByTestId('config-panel');
  const configB = page.getByTestId('config-b');
  const countA = page.getByTestId('chunk-count-a');
  const countB = page.getByTestId('chunk-count-b');
  await expect(diff).not.toContainText('0 moved, 0 appeared, 0 vanished');

  // by keyboard: "Edit B…" moves the focus to B's panel, whose first control is "Copy A → B"
  await page.getByTestId('edit-b').focus();
  await page.keyboard.press('Enter');
  await expect(configB).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(configB.getByTestId('copy-a-to-b')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(diff).toContainText('0 moved, 0 appeared, 0 vanished');
  await expect(configB.getByTestId('max-tokens')).toHaveValue('256');
  const copied = (await countA.textContent())!;
  await expect(countB).toHaveText(copied);

  // a strategy option of B (hybrid's mergePeers, not a size) changes B's chunks and the boundaries, not A's
  await configB.getByTestId('option-mergePeers').focus();
  await page.keyboard.press('Space');
  await expect(configB.getByTestId('option-mergePeers')).not.toBeChecked();
  await expect(countB).not.toHaveText(copied);
  await expect(diff).not.toContainText('0 moved, 0 appeared, 0 vanished');
  await expect(countA).toHaveText(copied);
  await expect(configA.getByTestId('option-mergePeers')).toBeChecked();
  const unmerged = (await countB.textContent())!;
  expect(Number(unmerged)).toBeGreaterThan(Number(copied));
  await expect(page.getByTestId('delta-chunks')).toContainText(`+${Number(unmerged) - Number(copied)}`);
  await expect(page.getByTestId('delta-lint-findings')).toBeVisible();

  // swap: A takes B's config (and its chunks), B takes A's
  await configB.getByTestId('swap-a-b').focus();
  await page.keyboard.press('Enter');
  await expect(configA.getByTestId('option-mergePeers')).not.toBeChecked();
  await expect(configB.getByTestId('option-mergePeers')).toBeChecked();
  await expect(countA).toHaveText(unmerged);
  await expect(countB).toHaveText(copied);
  await expect(page.getByTestId('chunk-count')).toHaveText(unmerged);

  // an option edited as JSON follows a swap too, although its field stays where it is
  await configA.getByTestId('strategy-select').selectOption('recursive');
  await configB.getByTestId('strategy-select').selectOption('recursive');
  await configB.getByTestId('option-separators').fill('["\\n\\n"," "]');
  await expect(page.getByTestId('compare-b')).toContainText('B · recursive');
  await configB.getByTestId('swap-a-b').click();
  await expect(configA.getByTestId('option-separators')).toHaveValue('["\\n\\n"," "]');
  await expect(configB.getByTestId('option-separators')).toHaveValue('');

  // a built-in preset loads into B alone
  await configB.getByTestId('preset-select').selectOption('technical');
  await expect(configB.getByTestId('max-tokens')).toHaveValue('512');
  await expect(configA.getByTestId('max-tokens')).toHaveValue('256');
  await expect(page.getByTestId('compare-b')).toContainText('max 512');
  await screenshot(page, 'compare-config-b');
  await page.getByTestId('theme-toggle').click();
  await page.getByTestId('edit-b').click();
  await screenshot(page, 'compare-config-b-dark');
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
