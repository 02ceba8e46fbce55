import { expect, test, type Locator, type Page } from '@playwright/test';
import { openDocument, openWorkbench, screenshot } from './workbench';

/** The item at the top edge of a compare column's scroller: the row across it (null while it is not drawn yet). */
async function topItemOf(scroller: Locator): Promise<string | null> {
  return scroller.evaluate((element) => {
    const top = element.getBoundingClientRect().top;
    const row = [...element.querySelectorAll('.doc-row')].find((r) => r.getBoundingClientRect().bottom > top + 1);
    return row && row.getBoundingClientRect().top <= top + 1 ? row.getAttribute('data-ref') : null;
  });
}

/** Compare with B cut finer than A (32 tokens against 256): B cuts paragraphs that A holds whole. */
async function compareFiner(page: Page, path: string): Promise<void> {
  await openWorkbench(page);
  await openDocument(page, path);
  await page.keyboard.press('Control+d');
  await page.getByTestId('config-b').getByTestId('max-tokens').fill('32');
  await expect(page.getByTestId('compare-b')).toContainText('max 32');
  const countA = Number(await page.getByTestId('chunk-count-a').textContent());
  await expect.poll(async () => Number(await page.getByTestId('chunk-count-b').textContent())).toBeGreaterThan(countA);
}

/** Each view in both themes at the two window sizes the issue names. */
async function screenshotsOf(page: Page, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    if ((await page.locator('html').getAttribute('data-theme')) !== theme) await page.getByTestId('theme-toggle').click();
    for (const [width, height] of [
      [1280, 800],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      await screenshot(page, `${name}-${theme}-${width}x${height}`);
    }
  }
}

test("a chunk of B is selected in compare and shown in the inspector as B's, with the chunks of A that hold its text", async ({ page }) => {
  await compareFiner(page, 'plain-text/state_of_the_union.md');
  const columnA = page.getByTestId('compare-a');
  const columnB = page.getByTestId('compare-b');
  const inspector = page.getByTestId('inspector');

  // B's boundaries inside A's paragraphs carry the diff's colours too
  await expect(columnB.locator('.inline-boundary.appeared, .inline-boundary.moved').first()).toBeVisible();

  await columnB.locator('[data-testid="chunk-band"][data-chunk-index="5"]').first().click();
  await expect(page.getByTestId('panel-chunk')).toBeVisible();
  await expect(inspector).toHaveAttribute('data-side', 'B');
  await expect(page.getByTestId('inspector-side')).toHaveText('B');
  await expect(inspector.locator('h2')).toContainText('Chunk #5');
  await expect(page.getByTestId('inspector-tokens')).toContainText('/ 32');
  await expect(page.getByTestId('inspector-text')).not.toBeEmpty();
  await expect(page.getByTestId('inspector-source')).toContainText('of the file');
  await expect(columnB.locator('[data-testid="chunk-band"][data-chunk-index="5"]').first()).toHaveClass(/selected/);
  // the mapping: the chunk of A that holds B#5's text, marked in A's column
  const mappedA = inspector.getByTestId('mapped-chunk');
  await expect(mappedA.first()).toHaveAttribute('data-side', 'A');
  const indexA = Number(await mappedA.first().getAttribute('data-chunk-index'));
  await expect(columnA.locator(`[data-testid="chunk-band"][data-chunk-index="${indexA}"]`).first()).toHaveClass(/related/);
  await screenshotsOf(page, 'compare-b-inspected');

  // clicking it selects it in A: the inspector shows A's chunk, and B#5 among the chunks of B that hold it
  await page.setViewportSize({ width: 1280, height: 800 });
  await mappedA.first().click();
  await expect(inspector).toHaveAttribute('data-side', 'A');
  await expect(inspector.locator('h2')).toContainText(`Chunk #${indexA}`);
  await expect(page.getByTestId('inspector-tokens')).toContainText('/ 256');
  const mappedB = inspector.getByTestId('mapped-chunk');
  await expect(mappedB.first()).toHaveAttribute('data-side', 'B');
  await expect(inspector.locator('[data-testid="mapped-chunk"][data-chunk-index="5"]')).toHaveCount(1);
  expect(await mappedB.count()).toBeGreaterThan(1);
  await mappedB.last().click();
  await expect(inspector).toHaveAttribute('data-side', 'B');

  // hover hints name the other side's chunks, and mark them there
  const bandA = columnA.locator(`[data-testid="chunk-band"][data-chunk-index="${indexA}"]`).first();
  await bandA.hover();
  await expect(columnA.getByTestId('hover-info')).toContainText(`A#${indexA} ↔ B#`);
  await expect(bandA).toHaveAttribute('title', new RegExp(`A#${indexA} ↔ .*B#5`));
  await expect(columnB.locator('[data-testid="chunk-band"][data-chunk-index="5"]').first()).toHaveClass(/related/);
  await screenshot(page, 'compare-mapping-hover');
});

test('compare scrolls both sides by content: the same item at the top of A and B', async ({ page }) => {
  await compareFiner(page, 'plain-text/state_of_the_union.md');
  const scrollerA = page.getByTestId('compare-scroll-a');
  const scrollerB = page.getByTestId('compare-scroll-b');
  for (const offset of [2500, 9000, 4000]) {
    await scrollerA.evaluate((element, top) => (element.scrollTop = top), offset);
    await expect.poll(async () => topItemOf(scrollerA)).not.toBeNull();
    const topA = await topItemOf(scrollerA);
    await expect.poll(async () => topItemOf(scrollerB)).toBe(topA);
  }
  // by content, not by fraction: B's chunk markers make its column longer, so it stands at another scroll fraction
  const fractionOf = (scroller: Locator) =>
    scroller.evaluate((element) => element.scrollTop / Math.max(1, element.scrollHeight - element.clientHeight));
  expect(Math.abs((await fractionOf(scrollerA)) - (await fractionOf(scrollerB)))).toBeGreaterThan(0.005);
  // and back: scrolling B moves A
  await scrollerB.evaluate((element) => (element.scrollTop = element.scrollTop + 1200));
  await expect.poll(async () => topItemOf(scrollerB)).not.toBeNull();
  await expect.poll(async () => topItemOf(scrollerA)).toBe(await topItemOf(scrollerB));
  await screenshot(page, 'compare-scroll-by-content');
});

test("compare on a PDF's pages draws A's and B's boxes on the same page, and a box of B inspects B's chunk", async ({ page }) => {
  await compareFiner(page, 'corpus/pdf/multi_page.pdf');
  await page.getByTestId('compare-pages-tab').click();
  await expect(page.getByTestId('compare-pages-legend')).toContainText('B · hybrid');
  const pageOne = page.getByTestId('pdf-page').first();
  await expect(pageOne.getByTestId('chunk-box').first()).toBeVisible();
  await expect(pageOne.getByTestId('chunk-box-b').first()).toBeVisible();
  expect(await pageOne.getByTestId('chunk-box-b').count()).toBeGreaterThan(0);
  await pageOne.getByTestId('chunk-box-b').nth(2).click({ force: true });
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-side', 'B');
  await expect(page.getByTestId('inspector-tokens')).toContainText('/ 32');
  await expect(pageOne.locator('[data-testid="chunk-box-b"].selected').first()).toBeVisible();
  await screenshotsOf(page, 'compare-pages');
});
