import { expect, test } from '@playwright/test';
import { openDocument, openWorkbench, screenshot, showTab } from './workbench';

test('a PDF opens with its fidelity line; the text inside its pictures, once left out, and its running footer are painted on the pages', async ({
  page,
}) => {
  await openWorkbench(page);
  await openDocument(page, 'corpus/pdf/amt_handbook_sample.pdf');
  const line = page.getByTestId('fidelity-line');
  await expect(line.getByTestId('fidelity-coverage')).toContainText(/Text in chunks: \d+\.\d %/);
  // the labels of the figure reach the chunks by default: nothing of them is painted
  const painted = page.getByTestId('document-view').locator('[data-testid="left-out-text"][data-reason="picture-text"]');
  await expect(line.getByTestId('fidelity-coverage')).not.toContainText('inside pictures');
  await expect(painted).toHaveCount(0);
  // left out as Docling's chunkers leave them: on the picture's row of the text view, painted
  await page.getByTestId('option-includePictureText').uncheck();
  await expect(line.getByTestId('fidelity-coverage')).toContainText('inside pictures');
  await expect(painted.first()).toBeVisible();
  // the lint list names the text and jumps to it
  await showTab(page, 'stats');
  const finding = page.locator('[data-testid="finding"][data-rule="text-not-in-chunks"]');
  await expect(finding).toContainText('are in no chunk');
  await finding.click();
  await expect(page.locator('mark.left-out.focused')).toBeVisible();
  await screenshot(page, 'coverage-text-view');

  await page.getByTestId('page-view-tab').click();
  await expect(page.locator('[data-testid="left-out-box"][data-reason="picture-text"]').first()).toBeVisible();
  await expect(page.locator('[data-testid="left-out-box"][data-reason="furniture"]').first()).toBeAttached();
  // keyboard: the walk through the places is a button
  await page.getByTestId('next-left-out').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.left-out-box.focused').first()).toBeInViewport();
  // the page canvas is painted (a blank page compresses to a few hundred bytes) before the screenshot is taken
  await expect
    .poll(async () => (await page.locator('[data-testid="pdf-page"] canvas').first().screenshot()).length)
    .toBeGreaterThan(20_000);
  await screenshot(page, 'coverage-pdf-pages');
});

test("a PDF's headings are held against its outline", async ({ page }) => {
  await openWorkbench(page);
  await openDocument(page, 'pdf-outline/groff-mon_premier_doc.pdf');
  await expect(page.getByTestId('fidelity-headings')).toContainText(/Headings: \d+ of 8 outline entries found/);
});

test('a config that leaves the headings of empty sections out shows them painted, and keeping them clears the paint', async ({ page }) => {
  await openWorkbench(page);
  // a table of contents read as headings: docling-core's hybrid chunker emits no chunk for an empty section
  await openDocument(page, 'enrich/debian-reference-ch04.fr.txt');
  const painted = page.getByTestId('document-view').locator('[data-testid="left-out-text"][data-reason="empty-heading"]');
  await expect(painted.first()).toBeVisible();
  await expect(page.getByTestId('fidelity-coverage')).toContainText('in headings of empty sections');
  await screenshot(page, 'coverage-empty-headings');
  await page.getByTestId('option-alwaysEmitHeadings').check();
  await expect(painted).toHaveCount(0);
  await expect(page.locator('[data-testid="finding"][data-rule="text-not-in-chunks"]')).toHaveCount(0);
});
