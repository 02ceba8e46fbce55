import { expect, test, type Page } from '@playwright/test';
import { chunkCount, openDocument, openWorkbench } from './workbench';

/** git's gitworkflows(7), 8 pages (test-data/chunk-list/README.md): long enough that most rows are never drawn before a jump. */
const MANUAL = 'chunk-list/gitworkflows.pdf';

/** Where the selected chunk's first band lies in the document view, as fractions of the view's height (0 top, 1 bottom). */
async function selectedBandPlace(page: Page, index: string) {
  return page.getByTestId('document-view').evaluate((scroller, index) => {
    const band = scroller.querySelector(`.band.selected[data-chunk-index="${index}"]`);
    if (!band) return null;
    const view = scroller.getBoundingClientRect();
    const box = band.getBoundingClientRect();
    return { top: (box.top - view.top) / view.height, bottom: (box.bottom - view.top) / view.height, scrollTop: scroller.scrollTop };
  }, index);
}

/** A change of every row's height that React does not render, as a font loading late or a fallback font makes. */
async function shiftLayout(page: Page, css: string): Promise<void> {
  const contentHeight = () =>
    page.getByTestId('document-view').evaluate((scroller) => scroller.firstElementChild!.getBoundingClientRect().height);
  const before = await contentHeight();
  await page.addStyleTag({ content: css });
  // the rows drawn are measured again and the list's offsets follow
  await expect.poll(contentHeight).not.toBe(before);
}

test('a chunk selected is scrolled into view whatever the rows measure, stays there as they change height, until the user scrolls', async ({
  page,
}) => {
  await openWorkbench(page);
  await openDocument(page, MANUAL);
  // rows far taller than the list's first guess, as with a system font of tall line height: a jump aimed by guessed
  // offsets lands thousands of pixels away from its row
  await page.addStyleTag({ content: '[data-testid="document-view"] .item { line-height: 2.6 }' });
  // a card about 60 % down the chunk list: its rows lie far past those the document view drew
  const total = await chunkCount(page);
  const list = page.getByTestId('chunk-list');
  const target = Math.round(total * 0.6);
  const card = list.locator(`[data-chunk-index="${target}"]`);
  // the list draws only the cards near its view: it is scrolled on, half a view at a time, until the card is drawn and
  // clicked (a card drawn while the list still handles a scroll may be drawn anew before the click lands: tried again)
  await expect(async () => {
    if ((await card.count()) === 0) {
      await list.evaluate((scroller) => (scroller.scrollTop += scroller.clientHeight / 2));
      throw new Error(`card ${target} not drawn yet`);
    }
    await card.click({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('inspector').locator('h2')).toContainText(`Chunk #${target} `);
  const band = page.getByTestId('document-view').locator(`.band.selected[data-chunk-index="${target}"]`).first();
  await expect(band).toBeInViewport();
  // where the jump puts a row: a third of the way down, the lines before it in sight
  await expect.poll(async () => (await selectedBandPlace(page, String(target)))!.top).toBeGreaterThan(0.2);
  expect((await selectedBandPlace(page, String(target)))!.top).toBeLessThan(0.5);

  // the rows change height after the jump, with no render of the app's: the row stays where the jump put it
  await shiftLayout(page, '[data-testid="document-view"] .item { font-size: 19px }');
  await expect(band).toBeInViewport();
  const shifted = (await selectedBandPlace(page, String(target)))!;
  expect(shifted.top).toBeGreaterThan(0.2);
  expect(shifted.top).toBeLessThan(0.5);

  // once the user scrolls, the view is theirs: a later change of height does not pull it back
  await page.getByTestId('document-view').hover();
  await page.mouse.wheel(0, 500);
  await expect.poll(async () => (await selectedBandPlace(page, String(target)))?.scrollTop).toBeGreaterThan(shifted.scrollTop + 100);
  const scrolled = await page.getByTestId('document-view').evaluate((scroller) => scroller.scrollTop);
  await shiftLayout(page, '[data-testid="document-view"] .item { font-size: 13px }');
  expect(await page.getByTestId('document-view').evaluate((scroller) => scroller.scrollTop)).toBe(scrolled);
});
