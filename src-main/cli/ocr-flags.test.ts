import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../engine/ir/types';
import { readCanonical } from '../engine/export/canonical';
import { runStratum } from './run-stratum.test-support';

const testData = new URL('../../test-data/', import.meta.url);
const scannedText = 'Docling bundles PDF document conversion to JSON and Markdown in an easy self contained package';
let workspace: string;

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'stratum-ocr-cli-'));
  await cp(new URL('corpus/pdf/ocr_test.pdf', testData), join(workspace, 'scan.pdf'));
  await cp(new URL('ocr-json/ocr_test.ocr.json', testData), join(workspace, 'scan.ocr.json'));
  await cp(new URL('corpus/md/mixed.md', testData), join(workspace, 'mixed.md'));
});

afterAll(() => rm(workspace, { recursive: true, force: true }));

const stratum = (...argv: string[]) => runStratum(workspace, argv);

describe('OCR flags', () => {
  it('parse --no-ocr leaves a scanned page without text; --ocr-json fills it', async () => {
    const off = await stratum('parse', 'scan.pdf', '--no-ocr');
    expect(off.code).toBe(0);
    const bare = JSON.parse(off.stdout) as DoclingDocument;
    expect(bare.texts).toHaveLength(0);
    expect(Object.keys(bare.pages)).toEqual(['1']);

    const supplied = await stratum('parse', 'scan.pdf', '--no-ocr', '--ocr-json', 'scan.ocr.json');
    expect(supplied).toMatchObject({ code: 0, stderr: '' });
    const doc = JSON.parse(supplied.stdout) as DoclingDocument;
    expect(doc.texts.map((t) => t.text)).toEqual([scannedText]);
    expect(doc.texts[0]!.prov[0]!.bbox).toMatchObject({ l: 72.33, t: 763.92, coord_origin: 'BOTTOMLEFT' });
  });

  it('chunk --ocr-json carries the file to the worker thread and into the chunks', async () => {
    const run = await stratum('chunk', 'scan.pdf', '--ocr-json', 'scan.ocr.json', '--no-ocr', '--workers', '2');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(readCanonical(run.stdout).chunks.map((chunk) => chunk.text)).toEqual([scannedText]);
  });

  it('rejects an unreadable OCR-JSON file and --ocr-json with several inputs', async () => {
    const missing = await stratum('parse', 'scan.pdf', '--ocr-json', 'nope.ocr.json');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^error: --ocr-json nope\.ocr\.json: /);
    const several = await stratum('chunk', 'scan.pdf', 'mixed.md', '-o', 'out', '--ocr-json', 'scan.ocr.json');
    expect(several.code).toBe(2);
    expect(several.stderr).toMatch(/--ocr-json goes with one input file/);
    const bad = await stratum('parse', 'scan.pdf', '--ocr-json', 'mixed.md');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/mixed\.md: not valid UTF-8 JSON|mixed\.md: not OCR-JSON/);
  });
});
