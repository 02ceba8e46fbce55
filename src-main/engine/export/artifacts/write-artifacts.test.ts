import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxesOf } from '../../chunk/build-chunk';
import type { DoclingDocument, PictureItem } from '../../../../src-shared/docling/types';
import { DocumentBuilder } from '../../parse/document-builder';
import { parseDocument } from '../../pipeline';
import { writeArtifacts } from './write-artifacts';

const corpus = (path: string) => new URL(`../../../../test-data/corpus/${path}`, import.meta.url);
let workspace: string;

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'stratum-artifacts-'));
});
afterAll(() => rm(workspace, { recursive: true, force: true }));

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Width and height from the PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Share of pixels that are not near-white: a rendered chart has plenty, a blank canvas none. */
async function inkShare(bytes: Uint8Array): Promise<number> {
  const image = await loadImage(Buffer.from(bytes));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  let ink = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i]! < 200 || data[i + 1]! < 200 || data[i + 2]! < 200) ink++;
  return ink / (data.length / 4);
}

async function parsedCorpusPdf(name: string): Promise<{ doc: DoclingDocument; bytes: Uint8Array }> {
  const bytes = new Uint8Array(await readFile(corpus(`pdf/${name}`)));
  return { doc: (await parseDocument(name, bytes)).doc, bytes };
}

/** The size in pixels a box of page points has at `dpi`. */
function expectedPixels(doc: DoclingDocument, picture: PictureItem, dpi: number): { width: number; height: number } {
  const box = boxesOf(doc, [picture])[0]!;
  return { width: Math.round(((box.r - box.l) * dpi) / 72), height: Math.round(((box.b - box.t) * dpi) / 72) };
}

describe('writeArtifacts', () => {
  it('renders the pictures of a PDF from their page regions at the chosen DPI', async () => {
    const { doc, bytes } = await parsedCorpusPdf('picture_classification.pdf');
    expect(doc.pictures).toHaveLength(2);
    const folder = join(workspace, 'pictures-144');
    const pdf = { bytes, fileName: 'picture_classification.pdf' };
    const written = await writeArtifacts({ doc, stem: 'picture_classification', folder, imageDpi: 144, pdf });
    expect(written.notes).toEqual([]);
    expect((await readdir(folder)).sort()).toEqual(['picture_classification_img_001.png', 'picture_classification_img_002.png']);
    for (const [index, picture] of doc.pictures.entries()) {
      const fileName = `picture_classification_img_00${index + 1}.png`;
      expect(written.files.get(picture.self_ref)).toBe(fileName);
      const png = new Uint8Array(await readFile(join(folder, fileName)));
      const size = pngSize(png);
      const expected = expectedPixels(doc, picture, 144);
      expect(Math.abs(size.width - expected.width)).toBeLessThanOrEqual(1);
      expect(Math.abs(size.height - expected.height)).toBeLessThanOrEqual(1);
      // Bar charts: a blank or mis-placed region would be (nearly) all white.
      expect(await inkShare(png)).toBeGreaterThan(0.1);
    }

    const lowFolder = join(workspace, 'pictures-72');
    await writeArtifacts({ doc, stem: 'picture_classification', folder: lowFolder, imageDpi: 72, pdf });
    const high = pngSize(new Uint8Array(await readFile(join(folder, 'picture_classification_img_001.png'))));
    const low = pngSize(new Uint8Array(await readFile(join(lowFolder, 'picture_classification_img_001.png'))));
    expect(high.width / low.width).toBeCloseTo(2, 1);
    expect(high.height / low.height).toBeCloseTo(2, 1);
  });

  it('renders the pictures of a Docling groundtruth document from its PDF', async () => {
    const doc = JSON.parse(await readFile(corpus('groundtruth/picture_classification.json'), 'utf8')) as DoclingDocument;
    const bytes = new Uint8Array(await readFile(corpus('pdf/picture_classification.pdf')));
    const folder = join(workspace, 'groundtruth');
    const written = await writeArtifacts({ doc, stem: 'gt', folder, imageDpi: 100, pdf: { bytes, fileName: 'picture_classification.pdf' } });
    expect([...written.files.values()]).toEqual(['gt_img_001.png', 'gt_img_002.png']);
    const png = new Uint8Array(await readFile(join(folder, 'gt_img_001.png')));
    const expected = expectedPixels(doc, doc.pictures[0]!, 100);
    expect(pngSize(png).width).toBeCloseTo(expected.width, -1);
    expect(pngSize(png).height).toBeCloseTo(expected.height, -1);
    expect(await inkShare(png)).toBeGreaterThan(0.1);
  });

  it('writes each table as the Markdown the Docling table serializer prints', async () => {
    const { doc, bytes } = await parsedCorpusPdf('2305.03393v1-pg9.pdf');
    const table = doc.tables[0]!;
    const folder = join(workspace, 'tables');
    const written = await writeArtifacts({ doc, stem: 'paper', folder, imageDpi: 144, pdf: { bytes, fileName: 'paper.pdf' } });
    expect(written.files.get(table.self_ref)).toBe('paper_table_001.md');
    const markdown = await readFile(join(folder, 'paper_table_001.md'), 'utf8');
    const lines = markdown.trimEnd().split('\n');
    const tableLines = lines.slice(lines.findIndex((line) => line.startsWith('|')));
    expect(tableLines).toHaveLength(table.data.num_rows + 1);
    expect(tableLines[1]).toMatch(/^\|(\s*:?-+:?\s*\|)+$/);
    expect(tableLines.every((line) => line.startsWith('|') && line.endsWith('|'))).toBe(true);
    for (const cell of table.data.table_cells.filter((c) => c.text.trim() !== '')) expect(markdown).toContain(cell.text.replace(/\|/g, '&#124;'));
    expect(markdown.endsWith('|\n')).toBe(true);
  });

  it('numbers artifacts in reading order and re-encodes embedded images as PNG', async () => {
    const builder = new DocumentBuilder('notes.html', 'text/html', new Uint8Array([1]));
    const canvas = createCanvas(30, 20);
    canvas.getContext('2d').fillRect(0, 0, 30, 20);
    const jpeg = (await canvas.encode('jpeg')).toString('base64');
    const png = (await canvas.encode('png')).toString('base64');
    const section = builder.addGroup('section', 'later');
    const later = builder.addPicture({ parent: section });
    const bare = builder.addPicture();
    const first = builder.addPicture();
    // The tree order (first, then the picture inside the section, then the bare one) differs from the array order.
    builder.doc.body.children = [{ $ref: first.self_ref }, { $ref: section.self_ref }, { $ref: bare.self_ref }];
    first.image = { mimetype: 'image/jpeg', dpi: 72, size: { width: 30, height: 20 }, uri: `data:image/jpeg;base64,${jpeg}` };
    later.image = { mimetype: 'image/png', dpi: 72, size: { width: 30, height: 20 }, uri: `data:image/png;base64,${png}` };
    const folder = join(workspace, 'embedded');
    const written = await writeArtifacts({ doc: builder.doc, stem: 'notes', folder, imageDpi: 144 });
    expect(written.files).toEqual(new Map([[first.self_ref, 'notes_img_001.png'], [later.self_ref, 'notes_img_002.png']]));
    expect(written.notes).toEqual(['1 of 3 pictures carry no image data in the parsed document and have no PNG file']);
    expect(pngSize(new Uint8Array(await readFile(join(folder, 'notes_img_001.png'))))).toEqual({ width: 30, height: 20 });
    expect(await readFile(join(folder, 'notes_img_002.png'))).toEqual(Buffer.from(png, 'base64'));
    expect(await readdir(folder)).toHaveLength(2);
  });
});
