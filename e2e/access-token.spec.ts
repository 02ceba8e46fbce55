import { expect, test } from '@playwright/test';
import { openDocument, openWorkbench, testDocument } from './workbench';

test('the page takes its access token out of the address bar and keeps working after a reload', async ({ page }) => {
  await openWorkbench(page);
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  await page.reload();
  await openDocument(page, 'corpus/md/wiki.md');
});

test('a page opened without its access token says how to get one', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('file-input').setInputFiles(testDocument('corpus/md/wiki.md'));
  await expect(page.getByTestId('error-banner')).toContainText('open the address the Stratum server printed');
});
