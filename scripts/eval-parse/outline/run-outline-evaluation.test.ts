import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { evaluateOutlineDocument } from './evaluate-outline-document';
import { OutlineEvaluator } from './outline-evaluator';
import { runOutlineEvaluation } from './run-outline-evaluation';

const testData = path.resolve(import.meta.dirname, '../../../test-data');
const automake = path.join(testData, 'pdf-outline/groff-automake.pdf');

describe('outline evaluation on real PDFs', () => {
  it('scores a groff manual against its outline and text layer', async () => {
    const { facts, scores } = await evaluateOutlineDocument(automake, 'groff-automake.pdf');
    expect(facts).toMatchObject({ family: 'groff', pages: 12, outlineEntries: 23, outlineDepth: 3 });
    expect(scores).not.toBeNull();
    const { headings, layerInParse, parseInLayer, chunkCoverage, layerInFurniture, layerInPictures } = scores!;
    // The outline's headings are the manual's own; a parse that finds most of them and loses no text is what is measured.
    expect(headings.recall).toBeGreaterThan(0.8);
    expect(headings.precision).toBeGreaterThan(0.8);
    expect(layerInParse).toBeGreaterThan(0.95);
    expect(parseInLayer).toBeGreaterThan(0.95);
    expect(chunkCoverage).toBeGreaterThan(0.9);
    expect(chunkCoverage).toBeLessThanOrEqual(layerInParse);
    // what the chunks leave out is the page furniture (running titles, page numbers), and no picture
    expect(layerInFurniture).toBeGreaterThan(0);
    expect(chunkCoverage + layerInFurniture + layerInPictures).toBeGreaterThan(0.99 * layerInParse);
  });

  describe('on a folder', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'outline-run-'));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it('prints a row per PDF, family means per part, PDFs without an outline, and failures as rows', async () => {
      copyFileSync(automake, path.join(folder, 'groff-automake.pdf'));
      copyFileSync(path.join(testData, 'pdf-outline/groff-mon_premier_doc.pdf'), path.join(folder, 'groff-mon_premier_doc.pdf'));
      copyFileSync(path.join(testData, 'pdf/jpeg2000-picture.pdf'), path.join(folder, 'no-outline.pdf'));
      writeFileSync(path.join(folder, 'broken.pdf'), 'not a PDF at all');
      const jsonPath = path.join(folder, 'report.json');
      const report = await runOutlineEvaluation(folder, { timeoutMs: 120_000, jsonPath });
      expect(report).toMatch(/^groff-automake\.pdf +groff +12 /m);
      expect(report).toMatch(/^groff-mon_premier_doc\.pdf +groff +5 /m);
      expect(report).toMatch(/^broken\.pdf .*FAILED corrupt-file/m);
      // groff-automake.pdf and broken.pdf fall in the held-out part by their names, the others in the dev part:
      // each part has its own means.
      expect(report).toContain('## dev (2 PDFs)');
      expect(report).toContain('## held-out (2 PDFs)');
      expect(report.match(/^groff \(1\) /gm)).toHaveLength(2);
      expect(report).toMatch(/## all \(4 PDFs\)\n(?:.*\n){1}groff \(2\) /);
      expect(report).toContain('Without an outline (not scored):\n  no-outline.pdf');
      const json = JSON.parse(readFileSync(jsonPath, 'utf8')) as { documents: Array<{ relativePath: string; status: string }> };
      expect(json.documents.map((d) => [d.relativePath, d.status])).toEqual([
        ['broken.pdf', 'failed'],
        ['groff-automake.pdf', 'scored'],
        ['groff-mon_premier_doc.pdf', 'scored'],
        ['no-outline.pdf', 'no-outline'],
      ]);
    });
  });

  it('turns a document past its time into an error and goes on with a new worker', async () => {
    const impatient = new OutlineEvaluator(1);
    try {
      expect(await impatient.evaluate({ path: automake, fileName: 'groff-automake.pdf' })).toEqual({
        ok: false,
        error: 'too-large: outline worker: evaluate did not finish within 0.001 s',
      });
    } finally {
      await impatient.close();
    }
  });
});
