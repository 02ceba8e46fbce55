import { expect, test, type Page } from '@playwright/test';
import { openDocument, openWorkbench, screenshot, showTab, testDocument } from './workbench';

/** A 2-page PDF with headings and lists, and the lab's question set about it (test-data/lab/README.md). */
const REPORT = 'corpus/pdf/multi_page.pdf';
const QUESTIONS = 'lab/multi_page.questions.json';

const THEMES = ['light', 'dark'] as const;
const SIZES = [
  [1280, 800],
  [1920, 1080],
] as const;

/** Waits until pdf.js painted the first page in view (a blank canvas compresses to a few hundred bytes). */
async function pagePainted(page: Page): Promise<void> {
  await expect
    .poll(async () => (await page.locator('[data-testid="pdf-page"] canvas').first().screenshot()).length)
    .toBeGreaterThan(20_000);
}

async function useTheme(page: Page, theme: (typeof THEMES)[number]): Promise<void> {
  if ((await page.locator('html').getAttribute('data-theme')) !== theme) await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/**
 * One view in both themes at both window sizes, named `gallery-<view>-<theme>-<W>x<H>`. The view is set
 * up once; `settle` waits for what a resize or a theme change redraws (pdf.js canvases).
 */
async function gallery(page: Page, view: string, settle?: () => Promise<void>): Promise<void> {
  for (const theme of THEMES) {
    await useTheme(page, theme);
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await settle?.();
      await screenshot(page, `gallery-${view}-${theme}-${width}x${height}`);
    }
  }
}

test('every view in both themes at 1280x800 and 1920x1080', async ({ page }) => {
  test.setTimeout(180_000);
  await openWorkbench(page);
  await expect(page.getByTestId('file-input')).toBeAttached();
  await gallery(page, 'welcome');

  await openDocument(page, REPORT);
  await page.locator('[data-testid="chunk-band"][data-chunk-index="2"]').first().click();
  await expect(page.getByTestId('panel-chunk')).toBeVisible();
  await expect(page.getByTestId('inspector').locator('h2')).toContainText('Chunk #2');
  await expect(page.getByTestId('model-limits')).not.toContainText('…');
  await gallery(page, 'text-chunk');

  // a hand merge, so that the panel lists a rule
  await page.keyboard.press('m');
  await expect(page.getByTestId('hand-edit-rule')).toHaveCount(1);
  await page.getByTestId('hand-edits').scrollIntoViewIfNeeded();
  await gallery(page, 'hand-edits', () => page.getByTestId('hand-edits').scrollIntoViewIfNeeded());

  await page.getByTestId('chunk-search').fill('word processor');
  await expect(page.getByTestId('chunk-list-count')).toHaveText(/^\d+ of \d+ chunks$/);
  await gallery(page, 'chunk-list-search');

  // the pages with the list's search still on: the boxes of the chunks it hides are faded
  await page.getByTestId('page-view-tab').click();
  await page.getByTestId('page-items-toggle').check();
  await expect(page.getByTestId('page-item').first()).toBeAttached();
  // the pages agree with the list and the text: the chunks the search hides are faded, those it shows are not
  await expect(page.locator('[data-testid="chunk-box"].filtered-out').first()).toBeAttached();
  const shown = await page.getByTestId('chunk-list-entry').first().getAttribute('data-chunk-index');
  await expect(page.locator(`[data-testid="chunk-box"][data-chunk-index="${shown}"]`).first()).not.toHaveClass(/filtered-out/);
  await gallery(page, 'pages-overlay', () => pagePainted(page));
  await page.getByTestId('page-items-toggle').uncheck();
  await page.getByTestId('chunk-search').fill('');
  await page.getByTestId('text-view-tab').click();

  await showTab(page, 'config');
  await gallery(page, 'config');

  await showTab(page, 'stats');
  await gallery(page, 'stats');

  // local enrichers (no provider needed), then the document's enrichments
  await showTab(page, 'config');
  for (const name of ['keywords', 'summary']) {
    await page.getByTestId('enrich-add-select').selectOption(name);
    await page.getByTestId('enrich-add').click();
    await expect(page.getByTestId(`enrich-step-${name}`)).toBeVisible();
  }
  await showTab(page, 'enrichments');
  await expect(page.getByTestId('document-panel').getByTestId('enrichment-status')).toHaveText('Enriched.');
  await gallery(page, 'enrichments');

  // Compare with B cut finer than A
  await showTab(page, 'chunk');
  await page.getByTestId('compare-toggle').click();
  await expect(page.getByTestId('compare-pane')).toBeVisible();
  await showTab(page, 'config');
  await page.getByTestId('config-b').getByTestId('max-tokens').fill('64');
  await expect(page.getByTestId('compare-b')).toContainText('max 64');
  // B starts as A, its hand edit too, and each column says what became of its own
  await expect(page.getByTestId('hand-edits-a')).toContainText('1 hand edit: 1 applied');
  await expect(page.getByTestId('hand-edits-b')).toContainText('1 hand edit: ');
  await page.getByTestId('compare-b').locator('[data-testid="chunk-band"][data-chunk-index="3"]').first().click();
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-side', 'B');
  await gallery(page, 'compare-text');
  await page.getByTestId('compare-pages-tab').click();
  await expect(page.getByTestId('pdf-page').first().getByTestId('chunk-box-b').first()).toBeVisible();
  await gallery(page, 'compare-pages', () => pagePainted(page));
  await page.getByTestId('compare-text-tab').click();

  // the quality lab, A against Compare's B: the metric table, then a sweep's charts
  await page.getByTestId('lab-toggle').click();
  await expect(page.getByTestId('lab-panel')).toBeVisible();
  await page.getByTestId('lab-k').fill('2');
  await page.getByTestId('lab-tab-evaluate').click();
  await page.getByTestId('lab-questions-input').setInputFiles(testDocument(QUESTIONS));
  await page.getByTestId('lab-evaluate').click();
  await expect(page.getByTestId('lab-metrics')).toBeVisible();
  await gallery(page, 'lab-metrics');
  await page.getByTestId('lab-tab-sweep').click();
  await page.getByTestId('lab-sweep-sizes').fill('64, 128');
  await page.getByTestId('lab-sweep-run').click();
  await expect(page.getByTestId('lab-chart-recall').getByTestId('chart-point').first()).toBeVisible();
  // the charts, scrolled to in the lab's own scroller as a user does once the sweep is in
  await gallery(page, 'lab-sweep', () => page.getByTestId('lab-chart-recall').scrollIntoViewIfNeeded());
});
