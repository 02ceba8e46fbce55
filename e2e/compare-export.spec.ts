import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Download } from '@playwright/test';
import JSZip from 'jszip';
import { z } from 'zod';
import { openDocument, openWorkbench, screenshot } from './workbench';

test('compare A/B shows both runs side by side with the boundary diff and metric deltas', async ({ page }) => {
  await openWorkbench(page);
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
  await expect(page.getByTestId('stats-title')).toHaveText('Statistics of A');
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
  await openWorkbench(page);
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
  // A, recursive since above, shows its own size, not max tokens, and keeps it
  await expect(configA.getByTestId('strategy-select')).toHaveValue('recursive');
  await expect(configA.getByTestId('max-tokens')).toHaveCount(0);
  await expect(page.getByTestId('compare-b')).toContainText('max 512');
  await screenshot(page, 'compare-config-b');
  await page.getByTestId('theme-toggle').click();
  await page.getByTestId('edit-b').click();
  await screenshot(page, 'compare-config-b-dark');
});

const canonicalSchema = () =>
  z.fromJSONSchema(JSON.parse(readFileSync(resolve(import.meta.dirname, '../resources/canonical.schema.json'), 'utf8')));

interface ExportedChunk {
  index: number;
  contextualized_text?: string;
  artifacts: { images: string[]; tables: string[] };
}
interface ExportedDocument {
  chunks: ExportedChunk[];
  artifacts: { images: Array<{ file?: string }>; tables: Array<{ file?: string }> };
}

async function downloadedText(download: Download): Promise<string> {
  return readFileSync((await download.path())!, 'utf8');
}

test('export downloads canonical JSON that validates against the published JSON Schema', async ({ page }) => {
  const schema = canonicalSchema();
  await openWorkbench(page);
  await openDocument(page, 'corpus/md/wiki.md');
  const count = Number(await page.getByTestId('chunk-count').textContent());
  const dialog = page.getByTestId('export-dialog');
  // Escape closes the dialog and gives the focus back to the button that opened it
  await page.getByTestId('export-button').click();
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('export-format-json')).toBeFocused();
  await expect(page.getByTestId('export-destination')).toHaveText('Downloads wiki.chunks.json.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('export-button')).toBeFocused();

  await page.getByTestId('export-button').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-confirm').click()]);
  expect(download.suggestedFilename()).toBe('wiki.chunks.json');
  await expect(dialog).toBeHidden();
  const exported = JSON.parse(await downloadedText(download)) as ExportedDocument;
  const result = schema.safeParse(exported);
  expect(result.error?.issues ?? []).toEqual([]);
  expect(exported.chunks).toHaveLength(count);
  expect(exported.chunks.every((chunk) => typeof chunk.contextualized_text === 'string')).toBe(true);

  // keyboard only: Ctrl+S opens the dialog on the format, the arrow picks JSONL, Enter exports
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('export-format-json')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('export-format-jsonl')).toBeChecked();
  const [lines] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(lines.suggestedFilename()).toBe('wiki.chunks.jsonl');
  const records = (await downloadedText(lines))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { chunk: { index: number } });
  expect(records.map((record) => record.chunk.index)).toEqual([...Array(count).keys()]);
  await screenshot(page, 'export');
});

test('export without contextualized text validates against the schema and has none; the choice is remembered', async ({ page }) => {
  const schema = canonicalSchema();
  await openWorkbench(page);
  await openDocument(page, 'corpus/md/wiki.md');
  await page.getByTestId('export-button').click();
  await page.getByTestId('export-contextualized-text').uncheck();
  await screenshot(page, 'export-options');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-confirm').click()]);
  const exported = JSON.parse(await downloadedText(download)) as ExportedDocument;
  expect(schema.safeParse(exported).error?.issues ?? []).toEqual([]);
  expect(exported.chunks.length).toBeGreaterThan(3);
  expect(exported.chunks.filter((chunk) => 'contextualized_text' in chunk)).toEqual([]);
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('export-contextualized-text')).not.toBeChecked();
  // in the dark theme too the dialog reads as the rest of the app
  await page.keyboard.press('Escape');
  await page.getByTestId('theme-toggle').click();
  await page.getByTestId('export-button').click();
  await expect(page.getByTestId('export-dialog')).toHaveCSS('background-color', 'rgb(21, 24, 29)');
  await screenshot(page, 'export-options-dark');
});

test('export with artifacts of a PDF downloads a ZIP whose JSON validates and names the artifact files it holds', async ({ page }) => {
  const schema = canonicalSchema();
  await openWorkbench(page);
  await openDocument(page, 'corpus/pdf/picture_classification.pdf');
  await page.getByTestId('export-button').click();
  await expect(page.getByTestId('export-image-dpi')).toBeDisabled();
  await page.getByTestId('export-artifacts').check();
  await expect(page.getByTestId('export-image-dpi')).toHaveValue('144');
  await page.getByTestId('export-image-dpi').fill('0');
  await expect(page.getByTestId('export-confirm')).toBeDisabled();
  await page.getByTestId('export-image-dpi').fill('96');
  await expect(page.getByTestId('export-destination')).toHaveText(
    'Downloads picture_classification.chunks.zip: picture_classification.chunks.json and the folder picture_classification.chunks_artifacts/',
  );
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-confirm').click()]);
  expect(download.suggestedFilename()).toBe('picture_classification.chunks.zip');
  const zip = await JSZip.loadAsync(readFileSync((await download.path())!), { checkCRC32: true });
  const exported = JSON.parse(await zip.file('picture_classification.chunks.json')!.async('string')) as ExportedDocument;
  expect(schema.safeParse(exported).error?.issues ?? []).toEqual([]);
  const artifactFiles = Object.keys(zip.files)
    .filter((name) => name.startsWith('picture_classification.chunks_artifacts/'))
    .map((name) => name.slice('picture_classification.chunks_artifacts/'.length))
    .sort();
  expect(artifactFiles).toEqual(['picture_classification_img_001.png', 'picture_classification_img_002.png']);
  // the document's artifacts and its chunks name exactly the files the archive holds
  expect(exported.artifacts.images.map((image) => image.file).sort()).toEqual(artifactFiles);
  expect([...new Set(exported.chunks.flatMap((chunk) => chunk.artifacts.images))].sort()).toEqual(artifactFiles);
  for (const name of artifactFiles) {
    const png = await zip.file(`picture_classification.chunks_artifacts/${name}`)!.async('uint8array');
    expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  }
  // the next export starts from these choices
  await page.getByTestId('export-button').click();
  await expect(page.getByTestId('export-artifacts')).toBeChecked();
  await expect(page.getByTestId('export-image-dpi')).toHaveValue('96');
  await screenshot(page, 'export-artifacts');
});

test('a running export shows so; a failed one reports in the error banner', async ({ page }) => {
  await openWorkbench(page);
  await openDocument(page, 'corpus/md/wiki.md');
  let release = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/exportChunks', async (route) => {
    await answered;
    await route.fulfill({ json: { ok: false, error: { code: 'io', message: 'no space left on device' } } });
  });
  await page.getByTestId('export-button').click();
  await page.getByTestId('export-confirm').click();
  await expect(page.getByTestId('export-running')).toBeVisible();
  await expect(page.getByTestId('export-confirm')).toBeDisabled();
  await expect(page.getByTestId('export-status')).toHaveText('Exporting…');
  release();
  await expect(page.getByTestId('error-banner')).toContainText('export: no space left on device');
  await expect(page.getByTestId('export-dialog')).toBeHidden();
  await expect(page.getByTestId('export-status')).toHaveText('');
  await screenshot(page, 'export-failed');
});
