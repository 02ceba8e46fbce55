import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openDocument, openWorkbench, screenshot, testDocument } from './workbench';

/** Opens the lab above the document, with Compare's config as B when `withB`. */
async function openLab(page: Page, withB: boolean): Promise<void> {
  if (withB) {
    await page.getByTestId('compare-toggle').click();
    await expect(page.getByTestId('compare-pane')).toBeVisible();
  }
  await page.getByTestId('lab-toggle').click();
  await expect(page.getByTestId('lab-panel')).toBeVisible();
}

/** Waits until pdf.js painted the first page (a blank canvas compresses to a few hundred bytes). */
async function pagePainted(page: Page): Promise<void> {
  await expect
    .poll(async () => (await page.locator('[data-testid="pdf-page"] canvas').first().screenshot()).length)
    .toBeGreaterThan(20_000);
}

async function loadQuestions(page: Page, path: string): Promise<void> {
  await page.getByTestId('lab-tab-evaluate').click();
  await page.getByTestId('lab-questions-input').setInputFiles(testDocument(path));
}

test('a PDF question set: the A/B metric table, and a question drawn on the text and on the pages', async ({ page }) => {
  await openWorkbench(page);
  await openDocument(page, 'corpus/pdf/multi_page.pdf');
  await openLab(page, true);
  await expect(page.getByTestId('lab-scope')).toContainText('B = Compare’s config');
  await page.getByTestId('lab-k').fill('2');
  await loadQuestions(page, 'lab/multi_page.questions.json');
  await expect(page.getByTestId('lab-question-count')).toContainText('8 questions');
  await screenshot(page, 'lab-1-question-set');

  await page.getByTestId('lab-evaluate').click();
  const metrics = page.getByTestId('lab-metrics');
  await expect(metrics).toBeVisible();
  for (const metric of ['recall', 'precision', 'iou', 'precisionOmega', 'recallAtK', 'mrr', 'ndcgAtK', 'tokensRead']) {
    await expect(metrics.locator(`tr[data-metric="${metric}"] td`)).toHaveCount(4);
  }
  // B reads half A's tokens per chunk: fewer tokens read
  await expect(metrics.locator('tr[data-metric="tokensRead"] [data-testid="lab-metric-delta"]')).toContainText('-');
  await expect(page.getByTestId('lab-question')).toHaveCount(8);
  await screenshot(page, 'lab-2-metrics');

  await page.getByTestId('lab-question').first().click();
  await expect(page.getByTestId('lab-question-detail')).toBeVisible();
  const documentView = page.getByTestId('document-view');
  await expect(documentView.locator('[data-testid="lab-mark"][data-kind="reference"]').first()).toBeVisible();
  await expect(documentView.locator('[data-testid="lab-mark"][data-kind="A"]').first()).toBeAttached();
  await expect(page.getByTestId('lab-question-detail').getByTestId('lab-hits-B').getByTestId('lab-hit').first()).toBeVisible();
  await screenshot(page, 'lab-3-question-on-text');

  await page.getByTestId('page-view-tab').click();
  await expect(page.locator('[data-testid="lab-box"][data-kind="reference"]').first()).toBeVisible();
  await expect(page.locator('[data-testid="lab-box"][data-kind="A"]').first()).toBeAttached();
  await expect(page.locator('[data-testid="lab-box"][data-kind="B"]').first()).toBeAttached();
  await pagePainted(page);
  await screenshot(page, 'lab-4-question-on-pages');
});

test('the retrieval preview shows A and B side by side, and a hit selects its chunk', async ({ page }) => {
  await openWorkbench(page);
  await openDocument(page, 'chunkeval/corpora/state_of_the_union.md');
  await openLab(page, true);
  // no provider: BM25 only, the others say why
  await expect(page.getByTestId('lab-retriever').locator('option[value="dense"]')).toBeDisabled();
  await page.getByTestId('lab-query').fill('credit card late fees');
  await page.getByTestId('lab-search').click();
  await expect(page.getByTestId('lab-hits-A').getByTestId('lab-hit')).toHaveCount(5);
  await expect(page.getByTestId('lab-hits-B').getByTestId('lab-hit')).toHaveCount(5);
  await expect(page.getByTestId('lab-hits-A').getByTestId('lab-hit').first()).toContainText('late fees');
  await page.getByTestId('lab-hits-A').getByTestId('lab-hit').first().click();
  await expect(page.getByTestId('inspector').locator('h2')).toContainText('Chunk #');
  await expect(page.getByTestId('document-view').locator('[data-testid="lab-mark"][data-kind="A"]').first()).toBeVisible();
  await screenshot(page, 'lab-5-preview');
});

test('a question written by selecting its passage, saved as the JSON form', async ({ page }) => {
  await openWorkbench(page);
  await openDocument(page, 'chunkeval/corpora/state_of_the_union.md');
  await openLab(page, false);
  await page.getByTestId('lab-tab-evaluate').click();
  await page.getByTestId('lab-draft-question').fill('How does the speech open?');
  // select the first twelve characters of the first paragraph's text
  // (run in the page as text: the e2e suite is typed without the DOM library)
  const selected = (await page.evaluate(`(() => {
    const item = document.querySelector('[data-testid="document-view"] .doc-row .item');
    const walker = document.createTreeWalker(item, NodeFilter.SHOW_TEXT);
    let node = walker.nextNode();
    while (node.parentElement.closest('.page-no')) node = walker.nextNode();
    const range = document.createRange();
    range.setStart(node, 0);
    range.setEnd(node, 12);
    window.getSelection().removeAllRanges();
    window.getSelection().addRange(range);
    return range.toString();
  })()`)) as string;
  await page.getByTestId('lab-add-passage').click();
  await expect(page.getByTestId('lab-writer')).toContainText('1 passages');
  await expect(page.getByTestId('document-view').locator('[data-testid="lab-mark"][data-kind="reference"]').first()).toHaveText(selected);
  await page.getByTestId('lab-add-question').click();
  await expect(page.getByTestId('lab-question-count')).toContainText('1 questions (written)');
  const download = page.waitForEvent('download');
  await page.getByTestId('lab-save-questions').click();
  const saved = JSON.parse(readFileSync(await (await download).path(), 'utf8')) as {
    questions: Array<{ corpusId: string; references: Array<{ content: string }> }>;
  };
  expect(saved.questions[0]!.corpusId).toBe('state_of_the_union');
  expect(saved.questions[0]!.references[0]!.content).toBe(selected);
  await screenshot(page, 'lab-6-written-question');
});

test('a small sweep runs with progress and draws both charts with the Pareto front; exports SVG, PNG and CSV', async ({ page }) => {
  await openWorkbench(page);
  await openDocument(page, 'chunkeval/corpora/state_of_the_union.md');
  await openLab(page, false);
  await loadQuestions(page, 'chunkeval/questions.csv');
  // the set's questions about the other two corpora are left out, and said so
  await expect(page.getByTestId('lab-left-out')).toContainText('wikitexts');
  await page.getByTestId('lab-tab-sweep').click();
  await page.getByTestId('lab-sweep-sizes').fill('300, 600');
  await page.getByTestId('lab-sweep-run').click();
  const recall = page.getByTestId('lab-chart-recall');
  await expect(recall).toBeVisible();
  await expect(recall.getByTestId('chart-point')).toHaveCount(4);
  await expect(page.getByTestId('lab-chart-iou').getByTestId('chart-point')).toHaveCount(4);
  await expect(recall).toContainText('Pareto front');
  await recall.getByTestId('chart-point').first().hover();
  await expect(recall.getByTestId('chart-hover')).toContainText('size=');
  await screenshot(page, 'lab-7-sweep');
  for (const [button, name] of [
    ['lab-export-recall-svg', 'recall-vs-tokens.svg'],
    ['lab-export-iou-png', 'iou-vs-chunks.png'],
    ['lab-export-csv', 'sweep.csv'],
  ] as const) {
    const download = page.waitForEvent('download');
    await page.getByTestId(button).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(name);
    const bytes = readFileSync(await file.path());
    if (name.endsWith('.png')) expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    if (name.endsWith('.svg')) expect(bytes.toString()).toContain('<svg');
    if (name.endsWith('.csv')) expect(bytes.toString().split('\n').length).toBeGreaterThan(4);
  }
});

test('the lab in both themes at 1280x800 and 1920x1080', async ({ page }) => {
  await openWorkbench(page);
  await openDocument(page, 'corpus/pdf/multi_page.pdf');
  await openLab(page, true);
  await page.getByTestId('lab-k').fill('2');
  await loadQuestions(page, 'lab/multi_page.questions.json');
  await page.getByTestId('lab-evaluate').click();
  await page.getByTestId('lab-question').nth(1).click();
  await page.getByTestId('page-view-tab').click();
  await expect(page.locator('[data-testid="lab-box"][data-kind="reference"]').first()).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    if ((await page.locator('html').getAttribute('data-theme')) !== theme) await page.getByTestId('theme-toggle').click();
    for (const [width, height] of [
      [1280, 800],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      await expect(page.locator('[data-testid="lab-box"][data-kind="reference"]').first()).toBeVisible();
      await pagePainted(page);
      await screenshot(page, `lab-evaluate-${theme}-${width}x${height}`);
    }
  }
});
