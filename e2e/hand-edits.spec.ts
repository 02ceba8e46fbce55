import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Download, type Page } from '@playwright/test';
import { chunkCount, openDocument, openWorkbench, screenshot, showTab, testDocument } from './workbench';

const SPEECH = 'hand-edits/state-of-the-union-2024.excerpt.md';
/** A sentence inside one paragraph of the speech, and the words the split goes before. */
const SPLIT_SENTENCE = 'Overseas, Putin of Russia is on the march, invading Ukraine';
const SPLIT_BEFORE = 'invading Ukraine';

interface HandEditRecord {
  edit: { kind: string; before?: string[]; after?: string[]; first?: string[]; last?: string[] };
  status: string;
  chunks: number[];
}
interface Exported {
  hand_edits?: HandEditRecord[];
  chunks: Array<{ text: string }>;
}

async function downloadedText(download: Download): Promise<string> {
  return readFileSync((await download.path())!, 'utf8');
}

/** Coverage words (letter and digit runs, case folded), as rules carry them. */
const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
const holdsInOrder = (text: string, words: readonly string[]) => ` ${wordsOf(text).join(' ')} `.includes(` ${words.join(' ')} `);

/** Puts the caret just before `before` in the document row whose text holds `sentence`, as a click there does. */
async function putCaretBefore(page: Page, sentence: string, before: string): Promise<void> {
  const row = page.getByTestId('document-view').locator('[data-ref]', { hasText: sentence }).first();
  await row.scrollIntoViewIfNeeded();
  await row.evaluate(
    (element, [sentence, before]) => {
      const owner = element.ownerDocument;
      // NodeFilter.SHOW_TEXT
      const walker = owner.createTreeWalker(element, 4);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf(sentence!);
        if (at < 0) continue;
        owner.getSelection()!.collapse(node, at + sentence!.indexOf(before!));
        return;
      }
      throw new Error('the sentence is not in one text node of the row');
    },
    [sentence, before],
  );
}

async function exportCanonical(page: Page): Promise<Exported> {
  await page.getByTestId('export-button').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-confirm').click()]);
  return JSON.parse(await downloadedText(download)) as Exported;
}

/** Both rules applied, and the chunks show them: the merged region in one chunk, a chunk boundary at the split. */
function expectRulesKept(exported: Exported): void {
  const [merge, split] = exported.hand_edits ?? [];
  expect(exported.hand_edits?.map((record) => [record.edit.kind, record.status])).toEqual([
    ['merge', 'applied'],
    ['split', 'applied'],
  ]);
  const merged = exported.chunks[merge!.chunks[0]!]!.text;
  expect(holdsInOrder(merged, merge!.edit.first!)).toBe(true);
  expect(holdsInOrder(merged, merge!.edit.last!)).toBe(true);
  const after = exported.chunks.findIndex((chunk) => wordsOf(chunk.text).slice(0, 2).join(' ') === wordsOf(SPLIT_BEFORE).join(' '));
  expect(after).toBeGreaterThan(0);
  expect(wordsOf(exported.chunks[after - 1]!.text).slice(-split!.edit.before!.length)).toEqual(split!.edit.before);
}

test.use({ viewport: { width: 1280, height: 800 } });

test('a merge and a split made by hand survive a change of max tokens, a reopened document and preset, and the CLI applies them', async ({
  page,
}) => {
  await openWorkbench(page);
  await openDocument(page, SPEECH);
  const initial = await chunkCount(page);
  expect(initial).toBeGreaterThan(3);
  const rules = page.getByTestId('hand-edit-rule');

  // merge chunk 1 with the next one by keyboard (M), the chunk being selected from its band
  await page.locator('[data-testid="chunk-band"][data-chunk-index="1"]').first().click();
  await expect(page.getByTestId('hand-edits')).toBeVisible();
  await page.keyboard.press('m');
  await expect(rules).toHaveCount(1);
  await expect(rules.first().getByTestId('hand-edit-status')).toHaveText('applied');
  await expect(page.getByTestId('chunk-count')).toHaveText(String(initial - 1));

  // split inside a paragraph at the caret, from the panel's button
  await putCaretBefore(page, SPLIT_SENTENCE, SPLIT_BEFORE);
  await expect(page.getByTestId('hand-edit-picked')).toContainText('Picked: #/texts/');
  await page.getByTestId('hand-edit-split').click();
  await expect(rules).toHaveCount(2);
  await expect(rules.nth(1).getByTestId('hand-edit-status')).toHaveText('applied');
  await expect(page.getByTestId('chunk-count')).toHaveText(String(initial));
  await expect(
    // the row's text is cut by the new chunk's number, so it is found by the words before the split
    page
      .getByTestId('document-view')
      .locator('[data-ref]', { hasText: SPLIT_SENTENCE.slice(0, 25) })
      .getByTestId('inline-boundary'),
  ).toHaveCount(1);
  await screenshot(page, 'hand-edits');

  // another max tokens: the chunks change, both rules apply again
  await showTab(page, 'config');
  await page.getByTestId('max-tokens').fill('128');
  await expect(page.getByTestId('config-status')).toHaveText('\u00a0');
  await showTab(page, 'chunk');
  await expect(rules.getByTestId('hand-edit-status')).toHaveText(['applied', 'applied']);
  const atSmallerSize = await exportCanonical(page);
  expectRulesKept(atSmallerSize);
  expect(atSmallerSize.chunks.length).toBeGreaterThan(initial);

  // saved with a preset; a preset without edits clears them; the document opened again and the preset bring them back
  await showTab(page, 'config');
  await page.getByTestId('preset-name').fill('speech with hand edits');
  await page.getByTestId('preset-save').click();
  await expect(page.getByTestId('preset-select').locator('option', { hasText: 'speech with hand edits' })).toHaveCount(1);
  await page.getByTestId('preset-select').selectOption('technical');
  await showTab(page, 'chunk');
  await expect(rules).toHaveCount(0);
  await openDocument(page, SPEECH);
  await showTab(page, 'config');
  await page.getByTestId('preset-select').selectOption('speech with hand edits');
  await expect(page.getByTestId('max-tokens')).toHaveValue('128');
  await showTab(page, 'chunk');
  await expect(rules.getByTestId('hand-edit-status')).toHaveText(['applied', 'applied']);
  const reopened = await exportCanonical(page);
  expect(reopened.chunks.map((chunk) => chunk.text)).toEqual(atSmallerSize.chunks.map((chunk) => chunk.text));
  await screenshot(page, 'hand-edits-reopened');

  // the pipeline file the workbench saves, run through the CLI: the same chunks
  await showTab(page, 'config');
  const [pipelineFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('config-download').click()]);
  const pipeline = JSON.parse(await downloadedText(pipelineFile)) as { chunker: { maxTokens: number }; edits: unknown[] };
  expect(pipeline.chunker.maxTokens).toBe(128);
  expect(pipeline.edits).toHaveLength(2);
  const cli = JSON.parse(
    execFileSync(
      process.execPath,
      [resolve(import.meta.dirname, '../bin/stratum.js'), 'chunk', testDocument(SPEECH), '--pipeline-config', (await pipelineFile.path())!],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    ),
  ) as Exported;
  expect(cli.chunks.map((chunk) => chunk.text)).toEqual(reopened.chunks.map((chunk) => chunk.text));
  expectRulesKept(cli);

  // a rule removed from the panel: the chunks are the strategy's again
  await showTab(page, 'chunk');
  await rules.nth(1).getByTestId('hand-edit-remove').click();
  await expect(rules).toHaveCount(1);
  await page.locator('[data-testid="chunk-band"][data-chunk-index="2"]').first().click();
  await page.getByTestId('theme-toggle').click();
  await screenshot(page, 'hand-edits-dark');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.getByTestId('hand-edits').scrollIntoViewIfNeeded();
  await screenshot(page, 'hand-edits-dark-1920');
  await page.getByTestId('theme-toggle').click();
  await screenshot(page, 'hand-edits-1920');
});

test('a merge across a section boundary holds the later section heading as its own text, and no word is left out', async ({ page }) => {
  await openWorkbench(page);
  await openDocument(page, 'corpus/pdf/multi_page.pdf');
  const initial = await chunkCount(page);
  const rows = page.getByTestId('document-view').locator('[data-ref]');
  // the heading chunk #3 is embedded with: it opens a section chunk #2 is not in
  const heading = rows.filter({ has: page.getByTestId('context-of').filter({ hasText: /^context of #3$/ }) });
  await expect(heading).toHaveCount(1);
  const headingRef = (await heading.getAttribute('data-ref'))!;
  await expect(page.getByTestId('fidelity-coverage')).not.toContainText('in no chunk');

  await page.locator('[data-testid="chunk-band"][data-chunk-index="2"]').first().click();
  await page.keyboard.press('m');
  await expect(page.getByTestId('hand-edit-rule').getByTestId('hand-edit-status')).toHaveText('applied');
  await expect(page.getByTestId('chunk-count')).toHaveText(String(initial - 1));
  // the heading is the merged chunk's own text now, not context, and every word reaches a chunk
  const merged = rows.and(page.locator(`[data-ref="${headingRef}"]`));
  await merged.scrollIntoViewIfNeeded();
  await expect(merged.locator('[data-testid="chunk-band"][data-chunk-index="2"]')).toHaveCount(1);
  await expect(merged.getByTestId('context-of')).toHaveCount(0);
  await expect(page.getByTestId('fidelity-coverage')).toContainText('100');
  await expect(page.getByTestId('fidelity-coverage')).not.toContainText('in no chunk');
  await screenshot(page, 'hand-edits-merge-across-sections');
});
