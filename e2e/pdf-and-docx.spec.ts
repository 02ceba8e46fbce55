import { expect, test } from '@playwright/test';
import { chunkCount, openDocument, openWorkbench, screenshot, testDocument } from './workbench';

test('a PDF opens with its outline and chunks, and the page view draws chunk boxes on the pages', async ({ page }) => {
  await openWorkbench(page);
  await openDocument(page, 'corpus/pdf/2305.03393v1-pg9.pdf');
  await expect(page.getByTestId('document-name')).toContainText('pdf');
  expect(await chunkCount(page)).toBeGreaterThan(0);
  await page.getByTestId('page-view-tab').click();
  await expect(page.getByTestId('pdf-page')).toHaveCount(1);
  await expect(page.getByTestId('chunk-box').first()).toBeVisible();
  // the page canvas is painted by pdf.js: a blank page would compress to a few hundred bytes
  await expect.poll(async () => (await page.locator('[data-testid="pdf-page"] canvas').screenshot()).length).toBeGreaterThan(20_000);
  const box = page.getByTestId('chunk-box').nth(1);
  const index = await box.getAttribute('data-chunk-index');
  await box.click();
  await expect(page.getByTestId('inspector').locator('h2')).toContainText(`Chunk #${index}`);
  await screenshot(page, 'pdf-page-view');
});

test('a chunk cut inside a PDF paragraph is boxed around its own lines, not the paragraph', async ({ page }) => {
  await openWorkbench(page);
  await openDocument(page, 'corpus/pdf/2305.03393v1-pg9.pdf');
  await page.getByTestId('page-view-tab').click();
  const lineHeight = async () => (await page.getByTestId('pdf-page').boundingBox())!.height * 0.025;
  const boxes = async () =>
    Promise.all(
      (await page.getByTestId('chunk-box').all()).map(async (box) => ({
        chunk: await box.getAttribute('data-chunk-index'),
        height: (await box.boundingBox())!.height,
      })),
    );
  // hybrid's chunks are whole paragraphs here: some chunk is boxed over many lines (a table's, over the lines of its cells)
  await expect(page.getByTestId('chunk-box').first()).toBeVisible();
  const boxesPerChunk = new Map<string | null, number>();
  for (const box of await boxes()) boxesPerChunk.set(box.chunk, (boxesPerChunk.get(box.chunk) ?? 0) + 1);
  expect(Math.max(...boxesPerChunk.values())).toBeGreaterThan(2);
  await page.getByTestId('strategy-select').selectOption('fixed-words');
  await page.getByTestId('option-overlap').fill('0');
  await page.getByTestId('option-size').fill('6');
  // six words is below a sensible size: applied once confirmed
  await page.getByTestId('option-size-confirm-apply').click();
  await expect.poll(() => chunkCount(page)).toBeGreaterThan(50);
  // six words lie on one or two lines: a chunk inside one paragraph has a box per line, each one line tall
  const line = await lineHeight();
  const multiLine = async () => {
    const all = await boxes();
    const chunks = [...new Set(all.map((box) => box.chunk))];
    return chunks.filter((chunk) => {
      const own = all.filter((box) => box.chunk === chunk);
      return own.length > 1 && own.every((box) => box.height < line);
    });
  };
  await expect.poll(async () => (await multiLine()).length).toBeGreaterThan(0);
  let insideOneParagraph: string | null = null;
  for (const chunk of (await multiLine()).slice(0, 10)) {
    await page.locator(`[data-testid="chunk-box"][data-chunk-index="${chunk}"]`).first().click();
    await expect(page.getByTestId('inspector').locator('h2')).toContainText(`Chunk #${chunk}`);
    const items = await page
      .getByTestId('inspector-items')
      .locator('[data-item-ref]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('data-item-ref')));
    if (items.length === 1) {
      insideOneParagraph = chunk;
      break;
    }
  }
  expect(insideOneParagraph).not.toBeNull();
  await screenshot(page, 'pdf-chunk-line-boxes');
});

test('a DOCX opens with its headings in the outline and chunk bands', async ({ page }) => {
  await openWorkbench(page);
  await openDocument(page, 'corpus/docx/word_sample.docx');
  await expect(page.getByTestId('document-name')).toContainText('docx');
  await expect(page.getByTestId('outline')).toContainText('Let’s swim!');
  expect(await chunkCount(page)).toBeGreaterThan(0);
  const all = await page.getByTestId('outline-entry').count();
  await page.getByTestId('outline-filter').fill('eat');
  await expect.poll(() => page.getByTestId('outline-entry').count()).toBeLessThan(all);
  await page.getByTestId('outline-entry').filter({ hasText: 'Let’s eat' }).click();
  await expect(page.locator('[data-ref]').filter({ hasText: 'Let’s eat' }).first()).toBeInViewport();
  await screenshot(page, 'docx');
});

test('an encrypted PDF asks for its password, says when it is wrong, and opens with the right one', async ({ page }) => {
  await openWorkbench(page);
  await page.getByTestId('file-input').setInputFiles(testDocument('pdf/encrypted-aes256.pdf'));
  const prompt = page.getByTestId('password-prompt');
  await expect(prompt).toContainText('encrypted-aes256.pdf is encrypted');
  await page.getByTestId('password-input').fill('guess');
  await page.getByTestId('password-submit').click();
  await expect(prompt).toContainText('wrong');
  await page.getByTestId('password-input').fill('secret');
  await page.getByTestId('password-submit').click();
  await expect(page.getByTestId('chunk-band').first()).toBeVisible();
  await expect(prompt).toHaveCount(0);
  await page.getByTestId('page-view-tab').click();
  await expect(page.getByTestId('chunk-box').first()).toBeVisible();
  await expect
    .poll(async () => (await page.locator('[data-testid="pdf-page"] canvas').first().screenshot()).length)
    .toBeGreaterThan(20_000);
  await screenshot(page, 'encrypted-pdf');
  // the export parses the file again: with the same password
  await page.getByTestId('export-button').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-confirm').click()]);
  expect(download.suggestedFilename()).toBe('encrypted-aes256.chunks.json');
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
});

/** What the test reads of the page canvas (the e2e code is typed without the DOM library). */
interface PageCanvas {
  width: number;
  getContext(kind: '2d'): { getImageData(x: number, y: number, width: number, height: number): { data: ArrayLike<number> } };
}

test('the page view draws fonts a PDF does not embed and JPEG 2000 images, with pdf.js warning of nothing missing', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  await openWorkbench(page);
  await openDocument(page, 'pdf/jpeg2000-picture.pdf');
  await page.getByTestId('page-view-tab').click();
  const canvas = page.locator('[data-testid="pdf-page"] canvas');
  // the picture's top-left quadrant is red, its bottom-right green (test-data/pdf/README.md)
  const quadrantColour = (xPoints: number, yPoints: number) =>
    canvas.evaluate(
      (element, [x, y]) => {
        const canvasElement = element as unknown as PageCanvas;
        const pixelsPerPoint = canvasElement.width / 612;
        return Array.from(
          canvasElement.getContext('2d').getImageData(Math.round(x! * pixelsPerPoint), Math.round(y! * pixelsPerPoint), 1, 1).data,
        ).slice(0, 3);
      },
      [xPoints, yPoints],
    );
  await expect
    .poll(async () => {
      const [r, g] = await quadrantColour(136, 168);
      return r! > 200 && g! < 60;
    })
    .toBe(true);
  await expect
    .poll(async () => {
      const [r, g] = await quadrantColour(264, 264);
      return r! < 60 && g! > 150;
    })
    .toBe(true);
  await screenshot(page, 'pdf-page-view-jpeg2000');
  expect(warnings.filter((text) => /standardFontDataUrl|cMapUrl|wasmUrl|JpxImage|OpenJPEG|decode image/i.test(text))).toEqual([]);
});
