import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openDocument, openWorkbench, screenshot, showTab } from './workbench';

// A paper as Docling read it: sections, tables and figures referred to by number, "Table 5" not in it
const PAPER = 'corpus/groundtruth/2206.01062.json';

/** Adds steps by keyboard to the step list inside `scope` (config A's panel, or B's). */
async function addSteps(page: Page, scope: ReturnType<Page['getByTestId']>, names: readonly string[]): Promise<void> {
  for (const name of names) {
    await scope.getByTestId('enrich-add-select').selectOption(name);
    await scope.getByTestId('enrich-add').focus();
    await page.keyboard.press('Enter');
    await expect(scope.getByTestId(`enrich-step-${name}`)).toBeVisible();
  }
}

/** Selects the next chunk (J) until the inspector shows one that `found` finds, up to the run's last chunk. */
async function selectChunkWith(page: Page, found: () => Promise<boolean>): Promise<number> {
  const chunks = Number(await page.getByTestId('chunk-count').textContent());
  const header = page.getByTestId('inspector').locator('h2');
  const selected = (await header.count()) === 0 ? null : /Chunk #(\d+)/.exec((await header.textContent()) ?? '');
  for (let index = selected ? Number(selected[1]) + 1 : 0; index < chunks; index++) {
    await page.locator('body').press('j');
    await expect(header).toContainText(`Chunk #${index} `);
    await expect(page.getByTestId('inspector-enrichments')).toBeVisible();
    if (await found()) return index;
  }
  throw new Error('no chunk shows it');
}

test('references in the inspector jump to their target chunk from the keyboard; unresolved ones are said to be', async ({ page }) => {
  await openWorkbench(page);
  await openDocument(page, PAPER);
  await addSteps(page, page.getByTestId('config-panel'), ['references']);
  await expect(page.getByTestId('enrichment-status')).toHaveText('Enriched.');

  const inspector = page.getByTestId('inspector');
  const links = inspector.getByTestId('reference-link');
  const from = await selectChunkWith(page, async () => (await links.count()) > 0);
  const link = links.first();
  const target = Number(/#(\d+)/.exec((await link.getAttribute('aria-label')) ?? '')![1]);
  expect(target).not.toBe(from);
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(inspector.locator('h2')).toContainText(`Chunk #${target} `);
  // the document view selects and shows the target's band
  await expect(page.getByTestId('document-view').locator('.band.selected').first()).toBeInViewport();
  await screenshot(page, 'enrichment-reference-target');

  await selectChunkWith(page, async () => (await inspector.getByTestId('reference-unresolved').count()) > 0);
  const unresolved = inspector
    .getByTestId('reference')
    .filter({ has: page.getByTestId('reference-unresolved') })
    .first();
  await expect(unresolved).toContainText('Table 5');
  await expect(unresolved).toContainText('not found in the document');
  await expect(unresolved.getByTestId('reference-link')).toHaveCount(0);
  await inspector.getByTestId('inspector-references').scrollIntoViewIfNeeded();
  await screenshot(page, 'enrichment-reference-unresolved');
});

test('Compare A/B shows the enrichment differences, B with steps of its own', async ({ page }) => {
  await openWorkbench(page);
  await openDocument(page, 'pii/customer-letter.md');
  await addSteps(page, page.getByTestId('config-panel'), ['pii', 'keywords']);
  await expect(page.getByTestId('enrichment-status')).toHaveText('Enriched.');
  await page.getByTestId('compare-toggle').click();
  const configB = page.getByTestId('config-b');
  // B starts with A's steps: take pii out of B's
  await expect(configB.getByTestId('enrich-step-pii')).toBeVisible();
  await configB.getByRole('button', { name: 'Remove pii' }).click();
  await expect(configB.getByTestId('enrich-step-pii')).toHaveCount(0);

  const deltas = page.getByTestId('enrichment-deltas');
  const personalData = deltas.getByTestId('delta-personal-data');
  await expect(personalData).toBeVisible();
  // B is enriched again without pii after the step is removed: its count is read once that run has reported
  const counts = async (): Promise<number[]> => (await personalData.locator('td').allTextContents()).map(Number);
  await expect.poll(async () => (await counts())[1]).toBe(0);
  expect((await counts())[0]).toBeGreaterThan(0);
  await expect(deltas.getByTestId('delta-steps').locator('td')).toHaveText(['2', '1', '-1']);

  // the same chunk config on both sides: every chunk with personal data differs
  await configB.getByTestId('copy-a-to-b').click();
  await expect(deltas.getByTestId('delta-steps').locator('td')).toHaveText(['2', '2', '0']);
  await expect(page.getByTestId('boundary-diff')).toContainText('0 moved');
  await configB.getByRole('button', { name: 'Remove pii' }).click();
  await expect(deltas.getByTestId('differing-chunks-count')).toHaveText(/^[1-9]\d* chunks? of both runs enriched differently$/);
  const first = deltas.getByTestId('differing-chunk').first();
  await expect(first).toContainText('personal data:');
  await first.getByRole('button').click();
  await expect(page.getByTestId('inspector').getByTestId('inspector-pii')).toContainText('×');
  await screenshot(page, 'enrichment-compare');
});

test('personal data is marked on the PDF pages where the page text shows it, with a legend', async ({ page }) => {
  await openWorkbench(page);
  await openDocument(page, 'pii/customer-letter.pdf');
  await addSteps(page, page.getByTestId('config-panel'), ['pii']);
  await expect(page.getByTestId('enrichment-status')).toHaveText('Enriched.');
  await page.getByTestId('page-view-tab').click();
  const legend = page.getByTestId('page-pii-legend');
  await expect(legend).toContainText('personal data');
  await expect(legend).not.toContainText('reading page');
  const [marked, values] = /(\d+) of (\d+) values marked/
    .exec((await legend.getByTestId('page-pii-count').textContent())!)!
    .slice(1)
    .map(Number);
  expect(values).toBeGreaterThan(5);
  expect(marked).toBeGreaterThanOrEqual(values! - 2);
  const emails = page.getByTestId('pii-box').and(page.locator('[data-label="email"]'));
  await expect(emails).toHaveCount(4);
  // an e-mail's box lies inside the line box of a chunk (exact within its line, not the whole line)
  const email = (await emails.first().boundingBox())!;
  expect(email.width).toBeGreaterThan(40);
  expect(email.width).toBeLessThan(300);
  await screenshot(page, 'enrichment-pii-pages');
});

test('a pipeline with an LLM shows the estimate before anything is sent, and waits for the user', async ({ page }) => {
  await openWorkbench(page);
  await openDocument(page, 'pii/customer-letter.md');
  const configA = page.getByTestId('config-panel');
  await configA.getByTestId('llm-enabled').check();
  // a port nothing listens on: the estimate needs no server, and nothing may be sent before the user confirms
  await configA.getByTestId('llm-base-url').fill('http://127.0.0.1:9/v1');
  await configA.getByTestId('llm-model').fill('test-model');
  // browser mode has no key store: the editor says where a key would come from, and offers no key field
  await expect(configA.getByTestId('llm-key-source')).toContainText('No key is sent');
  await configA.getByTestId('llm-key-name').fill('STRATUM_E2E_KEY');
  await expect(configA.getByTestId('llm-key-source')).toContainText('the environment variable STRATUM_E2E_KEY');
  await expect(configA.getByTestId('llm-key-store-open')).toHaveCount(0);
  await configA.getByTestId('llm-key-name').fill('');
  await addSteps(page, configA, ['context']);
  const report = page.getByTestId('llm-report');
  await expect(report.getByTestId('llm-estimate')).toContainText(/Estimate: \d+ requests? to test-model/);
  await expect(report.getByTestId('llm-confirm')).toHaveText('Send to test-model');
  await expect(page.getByTestId('enrichment-status')).toHaveText('Enriched.');
  await showTab(page, 'enrichments');
  await report.scrollIntoViewIfNeeded();
  await screenshot(page, 'enrichment-llm-estimate');
  await showTab(page, 'config');

  const [pipelineFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('config-download').click()]);
  const saved = JSON.parse(readFileSync((await pipelineFile.path())!, 'utf8')) as { llm: unknown };
  expect(saved.llm).toEqual({ provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:9/v1', model: 'test-model' });
});
