import { describe, expect, it } from 'vitest';
import { wordsOf } from '../../evaluate/parse-metrics';
import type { DoclingDocument, TextItem } from '../../ir/types';
import { isTextBackdrop } from './text-backdrops';
import { textRun } from './test-runs';
import { testPdfParser } from './pdf-pages.test-support';

const parse = testPdfParser('pdf-backdrops');

const inPicture = (item: TextItem): boolean => item.parent?.$ref.startsWith('#/pictures/') ?? false;
const pictureWords = (doc: DoclingDocument): number => doc.texts.filter(inPicture).flatMap((t) => wordsOf(t.text)).length;
const bodyTexts = (doc: DoclingDocument): TextItem[] => doc.texts.filter((t) => !inPicture(t) && t.content_layer !== 'furniture');

describe('text on a backdrop stays text', () => {
  it('a page whose body, code blocks and table cells are drawn on coloured boxes (WeasyPrint) has no picture', async () => {
    const doc = await parse('python-re-pages.weasyprint.pdf');
    expect(doc.pictures).toHaveLength(0);
    const body = bodyTexts(doc)
      .map((t) => t.text)
      .join('\n');
    expect(body).toContain('This module provides regular expression matching operations');
    // The second page's table draws each cell as a box around its text.
    expect(body).toMatch(/scanf\(\) Token/);
  });

  it('a code block drawn on a raster shadow (Chromium) is code, not a picture', async () => {
    const doc = await parse('maint-guide-dreq-page.ru.chromium.pdf');
    expect(pictureWords(doc)).toBe(0);
    const code = doc.texts.filter((t) => t.label === 'code').map((t) => t.text);
    expect(code.some((text) => text.includes('dpkg-depcheck -d ./configure'))).toBe(true);
  });

  it('a page-wide frame around a listing (TeX) keeps its lines as the text of the page', async () => {
    const doc = await parse('dblatex-release-notes-page.pdf');
    expect(doc.pictures).toHaveLength(0);
    const words = bodyTexts(doc).flatMap((t) => wordsOf(t.text)).length;
    // the page holds nothing but the listing: its typewriter face is the body's, which is never code
    const textWords = doc.texts.filter((t) => t.label === 'text' || t.label === 'list_item').flatMap((t) => wordsOf(t.text)).length;
    expect(textWords).toBeGreaterThan(0.9 * words);
  });

  it('a chart on a shaded panel stays a picture with its labels, and the shaded paragraph above it is text', async () => {
    const doc = await parse('chelsea-chart-page.pdf');
    const chart = doc.pictures.find((picture) =>
      picture.children.some((child) => doc.texts.find((t) => t.self_ref === child.$ref)?.text.includes('Synthèse des résulta')),
    );
    expect(chart).toBeDefined();
    const labels = chart!.children.map((child) => doc.texts.find((t) => t.self_ref === child.$ref)?.text ?? '');
    expect(labels.some((label) => /^JAMAIS/.test(label))).toBe(true);
    const shaded = bodyTexts(doc).find((t) => t.text.includes('De toute évidence'));
    expect(shaded).toBeDefined();
  });

  it("the painted printable area behind a page and its diagram is the page's background, not the diagram's frame (Chromium)", async () => {
    const doc = await parse('handbook-selinux-p1.ar.chromium.pdf');
    const body = bodyTexts(doc).map((t) => t.text);
    expect(body).toContain('14.5.1. المبادئ');
    expect(body.some((text) => text.includes('إدارة الصلاحيات مع SELinux تختلف تماماً عن نظم يونكس التقليدية.'))).toBe(true);
    expect(pictureWords(doc)).toBe(0);
    expect(doc.pictures.length).toBeGreaterThan(0);
  });

  it('rows of icons drawn as paths are pictures, and the descriptions beside them in shaded cells are text (Chromium)', async () => {
    const doc = await parse('gnome-help-status-icons-p2.fa.chromium.pdf');
    expect(doc.pictures.length).toBeGreaterThan(0);
    expect(pictureWords(doc)).toBe(0);
    expect(bodyTexts(doc).map((t) => t.text)).toContain('شارژ باتری پر است و در حال شارژ.');
  });
});

describe('isTextBackdrop', () => {
  const box = { left: 88, bottom: 116, right: 517, top: 142 };

  it('an image filled top to bottom by a line of text lies behind it', () => {
    expect(isTextBackdrop(box, [textRun('$ dpkg-depcheck -d ./configure', 100, 125, 9)])).toBe(true);
  });

  it('a photo with a label along one edge, or without text, is a picture', () => {
    const photo = { left: 72, bottom: 174, right: 201, top: 239 };
    expect(isTextBackdrop(photo, [textRun('Boots aircraft nut', 90, 178, 8)])).toBe(false);
    expect(isTextBackdrop(photo, [])).toBe(false);
  });

  it('lines with a hole between them larger than a paragraph gap are labels, not a text block', () => {
    const tall = { left: 72, bottom: 100, right: 300, top: 200 };
    const top = textRun('Temperature', 80, 188);
    const bottom = textRun('Time', 80, 104);
    expect(isTextBackdrop(tall, [top, bottom])).toBe(false);
    const stacked = Array.from({ length: 8 }, (_, i) => textRun(`line ${i} of a listing`, 80, 188 - 12 * i));
    expect(isTextBackdrop(tall, stacked)).toBe(true);
  });
});
