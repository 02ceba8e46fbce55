import { expect, test, type Page } from '@playwright/test';
import { chunkCount, openDocument, openWorkbench, screenshot, showTab } from './workbench';

/** git's gitworkflows(7), 8 pages (test-data/chunk-list/README.md): a document no other test opens. */
const MANUAL = 'chunk-list/gitworkflows.pdf';

const cards = (page: Page) => page.getByTestId('chunk-list-entry');

test('the chunk list is searched and filtered, and a card clicked scrolls the document and the pages to its chunk', async ({ page }) => {
  await openWorkbench(page);
  await openDocument(page, MANUAL);
  const total = await chunkCount(page);
  await expect(page.getByTestId('chunk-list-count')).toHaveText(`${total} chunks`);
  await expect(cards(page).first()).toContainText(/#0\s*\d+ \/ 256/);

  // `/` goes to the search; the cards left are those whose text holds the words, the words marked
  await page.locator('body').press('/');
  const search = page.getByTestId('chunk-search');
  await expect(search).toBeFocused();
  await search.fill('format-patch');
  await expect(page.getByTestId('chunk-list-count')).toHaveText(/^\d+ of \d+ chunks$/);
  const found = Number(/^(\d+) of/.exec((await page.getByTestId('chunk-list-count').textContent())!)![1]);
  expect(found).toBeGreaterThan(0);
  expect(found).toBeLessThan(total);
  await expect(cards(page)).toHaveCount(found);
  for (const hit of await page.getByTestId('search-hit').all()) await expect(hit).toHaveText(/^format-patch$/i);
  // the document view fades the chunks the list leaves out
  await expect(page.locator('.band.filtered-out').first()).toBeAttached();
  await screenshot(page, 'chunk-list-search');

  // a card far down the document, clicked: selected, the document and the pages scroll to it, the inspector shows it
  const card = cards(page).last();
  const index = await card.getAttribute('data-chunk-index');
  await card.click();
  await expect(page.getByTestId('panel-chunk')).toBeVisible();
  await expect(page.getByTestId('tab-chunk')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('inspector').locator('h2')).toContainText(`Chunk #${index} `);
  await expect(page.getByTestId('document-view').locator(`.band.selected[data-chunk-index="${index}"]`).first()).toBeInViewport();
  await screenshot(page, 'chunk-list-card-scrolls-document');
  await page.getByTestId('page-view-tab').click();
  await expect(page.locator(`[data-testid="chunk-box"][data-chunk-index="${index}"]`).first()).toBeInViewport();
  await page.getByTestId('text-view-tab').click();

  // filters: content flag, heading, lint rule; each card shown passes, Clear shows them all again
  await search.fill('');
  await page.getByTestId('filter-flag').selectOption('has_list');
  await expect(page.getByTestId('chunk-list-count')).toHaveText(/^\d+ of \d+ chunks$/);
  for (const shown of await cards(page).all()) await expect(shown.locator('.mark.flag', { hasText: 'list' })).toHaveCount(1);
  await page.getByTestId('filter-flag').selectOption('');
  await page.getByTestId('filter-heading').fill('topic branches');
  await expect(page.getByTestId('chunk-list-count')).toHaveText(/^\d+ of \d+ chunks$/);
  for (const shown of await cards(page).all()) await expect(shown).toContainText(/topic branches/i);
  await screenshot(page, 'chunk-list-heading-filter');
  await page.getByTestId('filter-clear').click();
  await expect(page.getByTestId('chunk-list-count')).toHaveText(`${total} chunks`);
  const rule = page.getByTestId('filter-rule');
  const firstRule = await rule.locator('option').nth(1).getAttribute('value');
  expect(firstRule).not.toBeNull();
  await rule.selectOption(firstRule!);
  for (const shown of await cards(page).all()) await expect(shown.getByTestId('card-lint').filter({ hasText: firstRule! })).toHaveCount(1);
  await page.getByTestId('filter-clear').click();

  // the keyboard: Home goes to the first card (the list may be scrolled anywhere), arrows move between cards, Enter selects
  await cards(page).first().focus();
  await page.keyboard.press('Home');
  await expect(page.locator('[data-testid="chunk-list-entry"][data-row="0"]')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const moved = page.locator('[data-testid="chunk-list-entry"][data-row="2"]');
  await expect(moved).toBeFocused();
  const movedIndex = await moved.getAttribute('data-chunk-index');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('inspector').locator('h2')).toContainText(`Chunk #${movedIndex} `);
  await expect(moved).toHaveAttribute('aria-current', 'true');
});

test('the inspector stays visible in its tab, names items and explains the source; tabs work from the keyboard', async ({ page }) => {
  await openWorkbench(page);
  await openDocument(page, MANUAL);
  await expect(page.getByTestId('tab-config')).toHaveAttribute('aria-selected', 'true');
  // roving tabindex: one tab in the tab order, arrows move between them
  await page.getByTestId('tab-config').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('tab-stats')).toBeFocused();
  await expect(page.getByTestId('panel-stats')).toBeVisible();
  await expect(page.getByTestId('panel-config')).toBeHidden();
  await expect(page.getByTestId('tab-config')).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('panel-config')).toBeVisible();

  // selecting a chunk from the config shows the inspector, whole, at the top of the column
  await cards(page).nth(8).click();
  const inspector = page.getByTestId('inspector');
  await expect(inspector).toBeInViewport();
  await expect(inspector.getByTestId('inspector-source')).toHaveText(/^page \d+, lines? \d+(–\d+)?/);
  await expect(inspector.getByTestId('inspector-items')).not.toContainText('#/texts/');
  await expect(inspector.getByTestId('inspector-items').locator('[data-item-ref]').first()).toHaveText(
    /^(text|paragraph|list item|section header|code): \S+/,
  );
  await screenshot(page, 'inspector-tab');

  // the statistics tab: the histogram's bars over the limit hold exactly the chunks "Over N" counts (hierarchical has no
  // size of its own: its paragraphs are judged against max tokens)
  await showTab(page, 'config');
  await page.getByTestId('strategy-select').selectOption('hierarchical');
  await page.getByTestId('max-tokens').fill('64');
  await expect(page.getByTestId('config-status')).not.toContainText('Chunking');
  await showTab(page, 'stats');
  const over = Number(await page.getByTestId('over-limit-count').textContent());
  expect(over).toBeGreaterThan(0);
  const overBars = await page
    .locator('[data-testid="histogram-bar"][data-over-limit="true"]')
    .evaluateAll((bars) => bars.map((bar) => Number(/: (\d+) chunk/.exec(bar.getAttribute('aria-label') ?? '')?.[1] ?? 0)));
  expect(overBars.reduce((sum, count) => sum + count, 0)).toBe(over);
  await page.getByTestId('histogram-bar').first().hover();
  await expect(page.getByTestId('histogram-hover')).toHaveText(/^0–\d+ tokens: \d+ chunks?$/);
  // findings are grouped by rule, each group says what its rule checks
  await expect(page.getByTestId('finding-group').first()).toHaveAttribute('title', /.+/);
  await screenshot(page, 'stats-and-lint-tab');
});

test('one size setting per strategy, and a size below a sensible minimum waits for confirmation', async ({ page }) => {
  await openWorkbench(page);
  await openDocument(page, MANUAL);
  await page.getByTestId('strategy-select').selectOption('semantic');
  await expect(page.getByTestId('option-targetSize')).toBeVisible();
  await expect(page.getByTestId('max-tokens')).toHaveCount(0);
  await page.getByTestId('strategy-select').selectOption('fixed-tokens');
  await expect(page.getByTestId('option-size')).toBeVisible();
  await expect(page.getByTestId('max-tokens')).toHaveCount(0);
  await expect(page.getByTestId('config-status')).not.toContainText('Chunking');
  const before = await chunkCount(page);
  await page.getByTestId('option-size').fill('4');
  await expect(page.getByTestId('option-size-confirm')).toContainText('4 tokens is below 32');
  await screenshot(page, 'size-confirmation');
  expect(await chunkCount(page)).toBe(before);
  await page.getByTestId('option-size-confirm-apply').click();
  await expect.poll(() => chunkCount(page)).toBeGreaterThan(before);
  // a size in characters is judged against the embedding limit, which then shows
  await page.getByTestId('strategy-select').selectOption('fixed-characters');
  await expect(page.getByTestId('max-tokens')).toBeVisible();
  await expect(page.locator('label', { has: page.getByTestId('max-tokens') })).toContainText('Embedding limit (tokens)');
});
