import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Download, type Page } from '@playwright/test';
import { openDocument, openWorkbench, screenshot, testDocument, showTab } from './workbench';

const LETTER = 'pii/customer-letter.md';

/** Every e-mail address the letter holds, read from the file itself. */
function emailsOfLetter(): string[] {
  return [...new Set(readFileSync(testDocument(LETTER), 'utf8').match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g) ?? [])];
}

async function downloadedText(download: Download): Promise<string> {
  return readFileSync((await download.path())!, 'utf8');
}

/** Adds steps by keyboard: the step list's select, then its Add button. */
async function addSteps(page: Page, names: readonly string[]): Promise<void> {
  for (const name of names) {
    await page.getByTestId('enrich-add-select').selectOption(name);
    await page.getByTestId('enrich-add').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId(`enrich-step-${name}`)).toBeVisible();
  }
}

interface ExportedChunk {
  text: string;
  enrichments: Record<string, unknown>;
}
interface Exported {
  chunks: ExportedChunk[];
  document: { enrichments: Array<Record<string, unknown>> };
}

/** What a step wrote, without when it wrote it. */
function withoutTimestamps(entries: Array<Record<string, unknown>>): Array<Record<string, unknown>> {
  return entries.map((entry) => Object.fromEntries(Object.entries(entry).filter(([key]) => key !== 'timestamp')));
}

test('PII masking in the workbench: spans marked in the inspector and the document, no e-mail of the document in the export', async ({
  page,
}) => {
  const emails = emailsOfLetter();
  expect(emails.length).toBeGreaterThan(1);
  await openWorkbench(page);
  await openDocument(page, LETTER);
  await addSteps(page, ['pii', 'keywords', 'summary', 'topics']);
  const pii = page.getByTestId('enrich-step-pii');
  await pii.getByTestId('option-action').selectOption('mask');
  // the steps can be reordered and removed from the keyboard
  await page.getByRole('button', { name: 'Move topics up' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.enrich-step strong')).toHaveText(['pii', 'keywords', 'topics', 'summary']);

  await showTab(page, 'enrichments');
  const panel = page.getByTestId('document-panel');
  await expect(panel.getByTestId('enrichment-status')).toHaveText('Enriched.');
  await expect(panel.getByTestId('document-summary')).not.toBeEmpty();
  await expect(panel.getByTestId('document-topics').locator('li').first()).toBeVisible();
  await expect(panel.getByTestId('run-log').locator('tbody tr')).toHaveCount(4);
  await expect(panel.getByTestId('document-pii')).toContainText('email');
  // the document view marks the values themselves
  await expect(page.getByTestId('document-view').getByTestId('document-pii-mark').filter({ hasText: emails[0]! }).first()).toBeVisible();

  // the chunk holding the first e-mail, masked in the inspector with its placeholder marked
  await page.getByTestId('chunk-list-entry').filter({ hasText: 'PII' }).first().click();
  const inspector = page.getByTestId('inspector');
  await expect(inspector.getByTestId('inspector-pii')).toContainText('×');
  await expect(inspector.getByTestId('pii-mark').first()).toHaveText(/^\[[A-Z_]+\]$/);
  await expect(inspector.getByTestId('inspector-keywords').locator('button').first()).toBeVisible();
  for (const email of emails) await expect(inspector.getByTestId('inspector-text')).not.toContainText(email);
  await inspector.getByTestId('inspector-enrichments').scrollIntoViewIfNeeded();
  await screenshot(page, 'enrichment-inspector');

  // a keyword filters the chunk list
  const all = await page.getByTestId('chunk-list-entry').count();
  await inspector.getByTestId('inspector-keywords').locator('button').first().click();
  await expect(page.getByTestId('filter-keyword')).not.toHaveValue('');
  await expect.poll(() => page.getByTestId('chunk-list-entry').count()).toBeLessThanOrEqual(all);
  await showTab(page, 'enrichments');
  await screenshot(page, 'enrichment-document-panel');

  await page.getByTestId('export-button').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-confirm').click()]);
  const text = await downloadedText(download);
  for (const email of emails) expect(text).not.toContain(email);
  const exported = JSON.parse(text) as Exported;
  expect(exported.chunks.some((chunk) => chunk.text.includes('[EMAIL]'))).toBe(true);
  expect(exported.document.enrichments.map((entry) => entry['name'])).toEqual(['pii', 'keywords', 'topics', 'summary']);
});

test('the CLI with the pipeline config the workbench saves gives the same enrichments as the workbench export', async ({ page }) => {
  await openWorkbench(page);
  await openDocument(page, LETTER);
  await addSteps(page, ['pii', 'keywords', 'summary', 'topics']);
  await page.getByTestId('enrich-step-pii').getByTestId('option-action').selectOption('mask');
  await page.getByTestId('enrich-step-keywords').getByTestId('option-topK').fill('5');
  await expect(page.getByTestId('enrichment-status')).toHaveText('Enriched.');

  const [pipelineFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('config-download').click()]);
  expect(pipelineFile.suggestedFilename()).toBe('stratum.pipeline.json');
  const pipeline = JSON.parse(await downloadedText(pipelineFile)) as { enrich: unknown[] };
  expect(pipeline.enrich).toEqual([{ pii: { action: 'mask' } }, { keywords: { topK: 5 } }, 'summary', 'topics']);

  await page.getByTestId('export-button').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-confirm').click()]);
  const workbench = JSON.parse(await downloadedText(download)) as Exported;

  const cliOutput = execFileSync(
    process.execPath,
    [resolve(import.meta.dirname, '../bin/stratum.js'), 'chunk', testDocument(LETTER), '--pipeline-config', (await pipelineFile.path())!],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const cli = JSON.parse(cliOutput) as Exported;
  expect(cli.chunks.length).toBe(workbench.chunks.length);
  expect(cli.chunks.map((chunk) => chunk.enrichments)).toEqual(workbench.chunks.map((chunk) => chunk.enrichments));
  expect(cli.chunks.map((chunk) => chunk.text)).toEqual(workbench.chunks.map((chunk) => chunk.text));
  expect(withoutTimestamps(cli.document.enrichments)).toEqual(withoutTimestamps(workbench.document.enrichments));
});
