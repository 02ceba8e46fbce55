import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCanonical } from '../engine/export/canonical';
import { pngSize } from '../engine/parse/parser.test-support';
import { runStratum } from './run-stratum.test-support';

let workspace: string;

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'stratum-cli-artifacts-'));
  await cp(new URL('../../test-data/corpus/pdf/picture_classification.pdf', import.meta.url), join(workspace, 'figures.pdf'));
  await cp(new URL('../../test-data/corpus/docx/word_sample.docx', import.meta.url), join(workspace, 'word_sample.docx'));
  await cp(new URL('../../test-data/html-images/', import.meta.url), join(workspace, 'site'), { recursive: true });
});
afterAll(() => rm(workspace, { recursive: true, force: true }));

const stratum = (...argv: string[]) => runStratum(workspace, argv);

describe('stratum chunk --artifacts', () => {
  it('writes pictures and tables into the folder and names them in the outputs (through worker threads)', async () => {
    const run = await stratum(
      'chunk',
      'figures.pdf',
      'word_sample.docx',
      '-o',
      'out',
      '--artifacts',
      'art',
      '--image-dpi',
      '72',
      '--workers',
      '2',
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect((await readdir(join(workspace, 'art'))).sort()).toEqual([
      'figures_img_001.png',
      'figures_img_002.png',
      'word_sample_img_001.png',
      'word_sample_table_001.md',
    ]);
    const figures = readCanonical(await readFile(join(workspace, 'out', 'figures.json'), 'utf8'));
    expect(figures.artifacts.images.map((image) => image.file)).toEqual(['figures_img_001.png', 'figures_img_002.png']);
    const word = readCanonical(await readFile(join(workspace, 'out', 'word_sample.json'), 'utf8'));
    expect(word.chunks.flatMap((chunk) => chunk.artifacts.tables)).toContain('word_sample_table_001.md');
    expect(word.artifacts.images.map((image) => image.file)).toEqual(['word_sample_img_001.png']);
    // The picture embedded in the Word package (word/media/image1.png), at the size Docling's groundtruth records.
    expect(pngSize(await readFile(join(workspace, 'art', 'word_sample_img_001.png')))).toEqual({ width: 397, height: 397 });
    const table = await readFile(join(workspace, 'art', 'word_sample_table_001.md'), 'utf8');
    expect(table).toMatch(/^\|.*\|\n\|[-|: ]+\|\n/m);
  });

  it('writes the images of an HTML page: its data: image and the file beside it, nothing from outside its folder', async () => {
    const run = await stratum('chunk', 'site/pictures.html', '-o', 'site.json', '--artifacts', 'art-html');
    expect(run.code).toBe(0);
    // the parse's notes on each picture it could not read, then the export's count
    expect(run.stderr.split('\n').filter(Boolean)).toEqual([
      "note: site/pictures.html: picture #/pictures/2 (../secret.png): the image is outside the document's folder and is not read",
      'note: site/pictures.html: picture #/pictures/3 (/etc/hostname): an absolute image path is not read',
      'note: site/pictures.html: 1 picture names its image by URL: never fetched',
      'note: site/pictures.html: 3 of 5 pictures carry no image data in the parsed document and have no PNG file',
    ]);
    expect((await readdir(join(workspace, 'art-html'))).sort()).toEqual(['pictures_img_001.png', 'pictures_img_002.png']);
    // The JPEG of the data: URI converted, the PNG file as it is.
    expect(pngSize(await readFile(join(workspace, 'art-html', 'pictures_img_001.png')))).toEqual({ width: 48, height: 48 });
    const icon = await readFile(join(workspace, 'site', 'images', 'icon.png'));
    expect((await readFile(join(workspace, 'art-html', 'pictures_img_002.png'))).equals(icon)).toBe(true);
    const page = readCanonical(await readFile(join(workspace, 'site.json'), 'utf8'));
    expect(page.artifacts.images.map((image) => image.file ?? null)).toEqual([
      'pictures_img_001.png',
      'pictures_img_002.png',
      null,
      null,
      null,
    ]);
  });

  it('renders at 144 DPI unless told otherwise', async () => {
    const run = await stratum('chunk', 'figures.pdf', '--artifacts', 'art-default');
    expect(run.code).toBe(0);
    const low = await readFile(join(workspace, 'art', 'figures_img_001.png'));
    const standard = await readFile(join(workspace, 'art-default', 'figures_img_001.png'));
    expect(standard.readUInt32BE(16) / low.readUInt32BE(16)).toBeCloseTo(2, 1);
    expect(readCanonical(run.stdout).artifacts.images[0]?.file).toBe('figures_img_001.png');
  });

  it('rejects --image-dpi without --artifacts and DPI values that are not positive integers up to 2400, as the workbench does', async () => {
    expect(await stratum('chunk', 'figures.pdf', '--image-dpi', '72')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--image-dpi needs --artifacts'),
    });
    expect(await stratum('chunk', 'figures.pdf', '--artifacts', 'x', '--image-dpi', '0')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--image-dpi must be a positive integer'),
    });
    expect(await stratum('chunk', 'figures.pdf', '--artifacts', 'x', '--image-dpi', '2401')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--image-dpi must be at most 2400'),
    });
  });
});
