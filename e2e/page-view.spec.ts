import { expect, test, type Page } from '@playwright/test';
import { openDocument, openWorkbench, screenshot, showTab } from './workbench';

/** freedesktop.org's Shared MIME-info spec, pages 1–6 (test-data/pdf-pages/README.md): a PDF no other test opens. */
const SPEC = 'pdf-pages/shared-mime-info-spec-p1-6.pdf';

const chunkBox = (page: Page, index: string | number) => page.locator(`[data-testid="chunk-box"][data-chunk-index="${index}"]`).first();
const inspectorTitle = (page: Page) => page.getByTestId('inspector').locator('h2');

async function openPages(page: Page): Promise<void> {
  await openWorkbench(page);
  await openDocument(page, SPEC);
  await page.getByTestId('page-view-tab').click();
  await expect(page.getByTestId('pdf-page')).toHaveCount(6);
  await expect(page.getByTestId('chunk-box').first()).toBeVisible();
}

/** The first page's width on screen. */
const pageWidth = async (page: Page) => (await page.getByTestId('pdf-page').first().boundingBox())!.width;

test('each chunk box is labelled with its chunk number; a click or Enter on it selects the chunk in the inspector', async ({ page }) => {
  await openPages(page);
  // a chunk's first line on a page carries its number
  const label = page.getByTestId('chunk-box-label').nth(2);
  await expect(label).toBeVisible();
  const box = label.locator('xpath=..');
  const index = await box.getAttribute('data-chunk-index');
  await expect(label).toHaveText(`#${index}`);
  await box.click();
  await expect(page.getByTestId('panel-chunk')).toBeVisible();
  await expect(inspectorTitle(page)).toContainText(`Chunk #${index} `);
  await expect(chunkBox(page, index!)).toHaveClass(/selected/);
  // from the keyboard: the next chunk's box takes the focus, Enter selects it
  await box.press('Tab');
  const focused = page.locator('[data-testid="chunk-box"]:focus');
  const next = await focused.getAttribute('data-chunk-index');
  expect(Number(next)).toBe(Number(index) + 1);
  await page.keyboard.press('Enter');
  await expect(inspectorTitle(page)).toContainText(`Chunk #${next} `);
  // the running header and the page number reach no chunk: painted as text in no chunk
  await expect(page.locator('[data-testid="left-out-box"][data-reason="furniture"]').first()).toBeVisible();
  await screenshot(page, 'page-view-box-labels');
});

test('Text → Pages lands on the chunk selected in the text, and Pages → Text on the one selected on the pages', async ({ page }) => {
  await openWorkbench(page);
  await openDocument(page, SPEC);
  // a chunk on the last page, found in the chunk list while the text shows
  await page.getByTestId('chunk-search').fill('Galeon');
  await expect(page.getByTestId('chunk-list-entry')).toHaveCount(1);
  const card = page.getByTestId('chunk-list-entry');
  const index = await card.getAttribute('data-chunk-index');
  await card.click();
  await expect(inspectorTitle(page)).toContainText(`Chunk #${index} `);
  await page.getByTestId('page-view-tab').click();
  await expect(chunkBox(page, index!)).toBeInViewport();
  // still there once its page has drawn (nothing moves it after layout settles)
  const canvas = chunkBox(page, index!).locator('xpath=../canvas');
  await expect.poll(async () => Number(await canvas.getAttribute('width'))).toBeGreaterThan(0);
  await page.waitForTimeout(300);
  await expect(chunkBox(page, index!)).toBeInViewport();
  await screenshot(page, 'page-view-lands-on-selected');
  // a box on the first page, clicked, then back to the text: its band is in view
  await page.getByTestId('page-number-input').fill('1');
  await page.getByTestId('page-number-input').press('Enter');
  const first = page.getByTestId('chunk-box').first();
  await expect(first).toBeInViewport();
  const firstIndex = await first.getAttribute('data-chunk-index');
  await first.click();
  await page.getByTestId('text-view-tab').click();
  await expect(page.getByTestId('document-view').locator(`.band.selected[data-chunk-index="${firstIndex}"]`).first()).toBeInViewport();
});

test('zoom: + and − change the page size around the same page, 100 % is the PDF size, fit width fits; remembered per document', async ({
  page,
}) => {
  await openPages(page);
  const fitted = await pageWidth(page);
  const fitScale = await page.getByTestId('page-view').getAttribute('data-scale');
  await page.getByTestId('page-number-input').fill('3');
  await page.getByTestId('page-number-input').press('Enter');
  await expect(page.getByTestId('page-number-input')).toHaveValue('3');
  await page.getByTestId('zoom-in').click();
  await expect.poll(() => pageWidth(page)).toBeGreaterThan(fitted * 1.05);
  // the page under the view's centre stays there: no jump to another page
  await expect(page.locator('[data-testid="pdf-page"][data-page-no="3"]')).toBeInViewport();
  await expect(page.getByTestId('page-number-input')).toHaveValue('3');
  await screenshot(page, 'page-view-zoomed-in');
  await page.getByTestId('zoom-actual').click();
  await expect(page.getByTestId('zoom-value')).toHaveText('100 %');
  // at 100 % a page is as many CSS pixels wide as the PDF says points
  const actual = fitted / Number(fitScale);
  await expect.poll(() => pageWidth(page)).toBeCloseTo(actual, 0);
  await page.getByTestId('zoom-out').click();
  await expect.poll(() => pageWidth(page)).toBeLessThan(actual);
  const zoomedOut = await pageWidth(page);
  // remembered: back from the text, and after the page is loaded again, the document keeps its zoom
  await page.getByTestId('text-view-tab').click();
  await page.getByTestId('page-view-tab').click();
  await expect.poll(() => pageWidth(page)).toBeCloseTo(zoomedOut, 0);
  await page.reload();
  await openPages(page);
  await expect.poll(() => pageWidth(page)).toBeCloseTo(zoomedOut, 0);
  await page.getByTestId('zoom-fit').click();
  await expect.poll(() => pageWidth(page)).toBeCloseTo(fitted, 0);
});

test('the overlay of item types and reading order boxes every item, numbered, with arrows from each to the next', async ({ page }) => {
  await openPages(page);
  await page.getByTestId('page-items-toggle').check();
  await expect(page.getByTestId('page-item-legend')).toContainText('items numbered in reading order');
  await expect(page.getByTestId('page-item-legend')).toContainText('section header');
  const items = page.locator('[data-testid="page-item"]');
  await expect(items.first()).toBeAttached();
  // numbered from 1 in reading order: the first item of page 1 is 1, its number drawn beside its box
  await expect(page.locator('[data-testid="page-item"][data-order="0"] text')).toHaveText(/^1 /);
  await expect(page.locator('[data-testid="page-item"][data-order="1"] text')).toHaveText(/^2 /);
  expect(await page.locator('[data-testid="pdf-page"][data-page-no="1"] .reading-order-arrow').count()).toBeGreaterThan(2);
  // furniture is drawn without a number
  await expect(page.locator('[data-testid="page-item"][data-label="page_header"]').first()).toBeAttached();
  await showTab(page, 'chunk');
  await screenshot(page, 'page-view-item-overlay');
  await page.getByTestId('page-items-toggle').uncheck();
  await expect(items).toHaveCount(0);
});

test('the page view in both themes at 1280×800 and 1920×1080', async ({ page }) => {
  await openPages(page);
  await page.getByTestId('page-items-toggle').check();
  await chunkBox(page, 3).click();
  for (const [width, height] of [
    [1280, 800],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const theme of ['light', 'dark']) {
      if ((await page.locator('html').getAttribute('data-theme')) !== theme) await page.getByTestId('theme-toggle').click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect
        .poll(async () => (await page.locator('[data-testid="pdf-page"] canvas').first().screenshot()).length)
        .toBeGreaterThan(20_000);
      await screenshot(page, `page-view-${theme}-${width}x${height}`);
    }
  }
});
