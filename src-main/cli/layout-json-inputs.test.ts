import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../engine/ir/types';
import { readCanonical } from '../engine/export/canonical';
import { runStratum } from './run-stratum.test-support';

const FIXTURE = 'rain_gauges_content_list.json';
let workspace: string;

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'stratum-layout-json-cli-'));
  await cp(new URL('../../test-data/layout-json/', import.meta.url), join(workspace, 'mineru'), { recursive: true });
});

afterAll(() => rm(workspace, { recursive: true, force: true }));

const stratum = (...argv: string[]) => runStratum(workspace, argv);

describe('stratum with a MinerU content list', () => {
  it('parse --format docling gives the document, its picture with the image file beside the JSON', async () => {
    const run = await stratum('parse', `mineru/${FIXTURE}`, '--format', 'docling');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const doc = JSON.parse(run.stdout) as DoclingDocument;
    expect(doc.texts.filter((t) => t.label === 'section_header').map((t) => t.text)).toEqual([
      'Rain gauges in alpine valleys',
      '1. Sites',
      '2. Results',
    ]);
    expect(doc.pictures[0]!.image?.mimetype).toBe('image/png');
    expect(doc.tables).toHaveLength(1);
  });

  it('chunk puts the text under its headings and leaves the furniture out', async () => {
    const run = await stratum('chunk', `mineru/${FIXTURE}`, '-o', 'rain.json');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const canonical = readCanonical(await readFile(join(workspace, 'rain.json'), 'utf8'));
    expect(canonical.document.format).toBe('layout-json');
    const texts = canonical.chunks.map((chunk) => chunk.text).join('\n');
    expect(texts).toContain('Twelve gauges were read daily');
    expect(texts).toContain('Valley floor');
    expect(texts).not.toContain('Alpine Hydrology Notes');
    const results = canonical.chunks.find((chunk) => chunk.text.includes('Snow catch falls fastest'));
    expect(results?.heading_path).toContain('2. Results');
  });

  it('names the item and the field a content list lacks', async () => {
    await writeFile(join(workspace, 'broken_content_list.json'), JSON.stringify([{ type: 'text', text: 'Hello' }]));
    const run = await stratum('parse', 'broken_content_list.json');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'error: broken_content_list.json: not a readable MinerU content list: ' +
        'item [0] (text) has no "page_idx" (its page, a whole number from 0)\n',
    );
  });
});
