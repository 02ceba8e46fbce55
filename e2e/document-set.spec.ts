import { expect, test } from '@playwright/test';
import { openWorkbench, screenshot, testDocument } from './workbench';

const SET = ['cross-doc/dother.en.html', 'cross-doc/dother.es.html'];

test('folder mode: two files opened as a set, cross-doc relates them, a cross-document link opens the other document at its chunk', async ({
  page,
}) => {
  await openWorkbench(page);
  await page.getByTestId('set-file-input').setInputFiles(SET.map(testDocument));
  const members = page.getByTestId('set-member');
  await expect(members).toHaveCount(2);
  await expect(page.locator('[data-testid="set-member"][data-state="open"]')).toHaveCount(2);
  await expect(page.getByTestId('document-name')).toContainText('dother.en.html');

  await page.getByTestId('enrich-add-select').selectOption('cross-doc');
  await page.getByTestId('enrich-add').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('document-panel').getByTestId('enrichment-status')).toHaveText('Enriched.');

  // the first chunk past the chapter's table of contents that relates to the other document (most do)
  const link = page.getByTestId('cross-reference-link').first();
  await page.locator('body').press('j');
  for (let index = 1; index < 20; index++) {
    // J selects the next chunk
    await page.locator('body').press('j');
    await expect(page.getByTestId('inspector')).toContainText(`Chunk #${index}`);
    await expect(page.getByTestId('inspector-enrichments')).toBeVisible();
    if ((await link.count()) > 0) break;
  }
  await expect(link).toContainText('dother.es.html');
  const target = await link.getAttribute('data-chunk-id');
  await link.scrollIntoViewIfNeeded();
  await screenshot(page, 'document-set-related');
  // from the keyboard, as every control of the set
  await link.focus();
  await page.keyboard.press('Enter');

  await expect(page.getByTestId('document-name')).toContainText('dother.es.html');
  await expect(page.getByTestId('inspector-chunk-id')).toHaveText(target!);
  await expect(members.nth(1).getByRole('button')).toHaveAttribute('aria-current', 'true');
  // the Spanish chunk relates back to the English document
  const back = page.getByTestId('cross-reference-link').first();
  await expect(back).toContainText('dother.en.html');
  await back.scrollIntoViewIfNeeded();
  await screenshot(page, 'document-set-landed');
});
