import { expect, test, type Page } from '@playwright/test';
import { chunkCount, openDocument, openWorkbench, screenshot } from './workbench';

/**
 * Documents no other e2e test opens: a speech transcript of long paragraphs
 * (test-data/plain-text, its licence beside it) and Docling's mixed Markdown with an HTML table
 * (test-data/corpus, MIT).
 */
const SPEECH = 'plain-text/state_of_the_union.md';
const TABLE = 'corpus/md/mixed.md';

const view = (page: Page) => page.getByTestId('document-view');

async function setMaxTokens(page: Page, value: string): Promise<void> {
  const before = await chunkCount(page);
  await page.getByTestId('max-tokens').fill(value);
  await expect.poll(() => chunkCount(page)).toBeGreaterThan(before);
}

test('a chunk that starts and ends inside one paragraph is highlighted exactly: its own characters, not its neighbours', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openWorkbench(page);
  await openDocument(page, SPEECH);
  await setMaxTokens(page, '48');

  // a chunk whose start and end both lie inside one paragraph: marked at their characters
  await expect(view(page).getByTestId('inline-boundary').first()).toBeVisible();
  let found: { ref: string; index: string } | null = null;
  // the view draws only the rows in sight: scroll down a screen at a time until such a paragraph is drawn
  for (let step = 0; step < 60 && !found; step++) {
    found = await view(page).evaluate((element) => {
      for (const row of element.querySelectorAll('.doc-row')) {
        const starts = [...row.querySelectorAll('[data-testid="inline-boundary"]')].map((mark) => mark.getAttribute('data-chunk-index'));
        const end = [...row.querySelectorAll('[data-testid="inline-end"]')].find((mark) =>
          starts.includes(mark.getAttribute('data-chunk-index')),
        );
        if (end) return { ref: row.getAttribute('data-ref')!, index: end.getAttribute('data-chunk-index')! };
      }
      element.scrollTop += element.clientHeight * 0.8;
      return null;
    });
    if (!found) await page.waitForTimeout(50);
  }
  expect(found).not.toBeNull();
  const inside = found!.index;
  const row = view(page).locator(`.doc-row[data-ref="${found!.ref}"]`);
  await view(page).locator(`[data-testid="chunk-band"][data-chunk-index="${inside}"]`).first().click();
  await expect(page.getByTestId('inspector').locator('h2')).toContainText(`Chunk #${inside} `);

  // the highlighted stretches of the paragraph are the chunk's own text, and only they
  const highlighted = (await row.getByTestId('selected-text').allTextContents()).join('').replace(/\s+/g, ' ').trim();
  const paragraph = (await row.locator('.item').textContent())!;
  const chunkText = (await page.getByTestId('inspector-text').textContent())!.replace(/\s+/g, ' ').trim();
  expect(highlighted.length).toBeGreaterThan(10);
  expect(chunkText).toContain(highlighted);
  expect(highlighted.length).toBeLessThan(paragraph.length - 10);
  // a neighbouring chunk's characters in the same paragraph are not highlighted
  for (const other of await row.locator('span[data-chunks]').all()) {
    const chunks = (await other.getAttribute('data-chunks'))!.split(' ');
    if (chunks.includes(inside!)) continue;
    await expect(other).not.toHaveClass(/held-selected/);
    expect(await other.evaluate((element) => element.ownerDocument.defaultView!.getComputedStyle(element).backgroundColor)).not.toBe(
      await row
        .getByTestId('selected-text')
        .first()
        .evaluate((element) => element.ownerDocument.defaultView!.getComputedStyle(element).backgroundColor),
    );
  }
  // the row itself is not painted whole
  await expect(row).not.toHaveClass(/\bselected\b/);
  await screenshot(page, 'extents-exact-highlight');
});

test('a table split across chunks is drawn as a grid with a boundary between the rows where a chunk starts', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openWorkbench(page);
  await openDocument(page, TABLE);
  await setMaxTokens(page, '32');

  const grid = view(page).getByTestId('table-grid');
  await expect(grid).toBeVisible();
  await expect(grid.locator('th').first()).toHaveText('Character');
  await expect(grid.locator('tr')).toHaveCount(5);
  const boundaries = grid.getByTestId('table-row-boundary');
  // the rows each chunk holds come with the run's extents, once the run has settled on screen
  await expect.poll(() => boundaries.count()).toBeGreaterThan(0);
  // the boundary lies between body rows, drawn as a rule above the row, and names the chunk that starts there
  const boundary = boundaries.first();
  expect(Number(await boundary.getAttribute('data-row'))).toBeGreaterThan(1);
  const chunkIndex = (await boundary.getAttribute('data-chunk-index'))!.split(' ')[0]!;
  await expect(boundary.locator('.row-boundary-label')).toContainText(`#${chunkIndex}`);
  const rule = await boundary
    .locator('td')
    .first()
    .evaluate((cell) => cell.ownerDocument.defaultView!.getComputedStyle(cell).borderTopWidth);
  expect(parseFloat(rule)).toBeGreaterThanOrEqual(2);
  // selecting that chunk marks its rows, not the table's others
  await view(page).locator(`[data-testid="chunk-band"][data-chunk-index="${chunkIndex}"]`).first().click();
  const selectedRows = grid.locator('tr.selected');
  expect(await selectedRows.count()).toBeGreaterThan(0);
  expect(await selectedRows.count()).toBeLessThan(5);
  await expect(grid.locator('tr').first()).not.toHaveClass(/selected/);
  // its heading context is marked as context, above which the chunk's start is drawn
  await expect(view(page).getByTestId('context-of').first()).toBeVisible();
  await screenshot(page, 'extents-table-grid');
});
