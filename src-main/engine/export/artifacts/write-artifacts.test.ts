import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxesOf } from '../../chunk/build-chunk';
import type { DoclingDocument, PictureItem } from '../../ir/types';
import { DocumentBuilder } from '../../parse/document-builder';
import { imageRefOf } from '../../parse/image-ref';
import { bmpImage, canvasImage, pngSize } from '../../parse/parser.test-support';
import { parseDocument } from '../../pipeline';
import { writeArtifacts } from './write-artifacts';

const corpus = (path: string) => new URL(`../../../../test-data/corpus/${path}`, import.meta.url);
let workspace: string;

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'stratum-artifacts-'));
});
afterAll(() => rm(workspace, { recursive: true, force: true }));

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
    const written = await writeArtifacts({
      doc,
      stem: 'gt',
      folder,
      imageDpi: 100,
      pdf: { bytes, fileName: 'picture_classification.pdf' },
    });
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
    for (const cell of table.data.table_cells.filter((c) => c.text.trim() !== ''))
      expect(markdown).toContain(cell.text.replace(/\|/g, '&#124;'));
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
    expect(written.files).toEqual(
      new Map([
        [first.self_ref, 'notes_img_001.png'],
        [later.self_ref, 'notes_img_002.png'],
      ]),
    );
    expect(written.notes).toEqual(['1 of 3 pictures carry no image data in the parsed document and have no PNG file']);
    expect(pngSize(new Uint8Array(await readFile(join(folder, 'notes_img_001.png'))))).toEqual({ width: 30, height: 20 });
    expect(await readFile(join(folder, 'notes_img_002.png'))).toEqual(Buffer.from(png, 'base64'));
    expect(await readdir(folder)).toHaveLength(2);
  });

  it('writes the image a DOCX picture carries: its PNG byte for byte', async () => {
    const bytes = new Uint8Array(await readFile(corpus('docx/word_sample.docx')));
    const { doc } = await parseDocument('word_sample.docx', bytes);
    const folder = join(workspace, 'docx');
    const written = await writeArtifacts({ doc, stem: 'word_sample', folder, imageDpi: 144 });
    expect(written.notes).toEqual([]);
    expect([...written.files.values()]).toEqual(['word_sample_table_001.md', 'word_sample_img_001.png']);
    const png = new Uint8Array(await readFile(join(folder, 'word_sample_img_001.png')));
    expect(pngSize(png)).toEqual({ width: 397, height: 397 });
    expect(Buffer.from(png).equals(Buffer.from(doc.pictures[0]!.image!.uri.split(',')[1]!, 'base64'))).toBe(true);
  });

  it('converts GIF, WebP and BMP to PNG and names each image it cannot convert in the notes', async () => {
    const builder = new DocumentBuilder('mixed.docx', 'application/zip', new Uint8Array([1]));
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>');
    const emf = new Uint8Array(88);
    new DataView(emf.buffer).setUint32(0, 1, true);
    emf.set([0x20, 0x45, 0x4d, 0x46], 40);
    const sources = [await canvasImage('gif'), await canvasImage('webp'), bmpImage(5, 3), emf, svg];
    for (const bytes of sources) {
      const outcome = imageRefOf(bytes);
      builder.addPicture().image = 'image' in outcome ? outcome.image : null;
    }
    // A DoclingDocument from elsewhere may hold a bomb whose header claims a vast size, or a link.
    const bomb = bmpImage(1, 1);
    new DataView(bomb.buffer).setInt32(18, 100_000, true);
    new DataView(bomb.buffer).setInt32(22, 1_000, true);
    builder.addPicture().image = {
      mimetype: 'image/bmp',
      dpi: 72,
      size: { width: 1, height: 1 },
      uri: `data:image/bmp;base64,${Buffer.from(bomb).toString('base64')}`,
    };
    builder.addPicture().image = { mimetype: 'image/png', dpi: 72, size: { width: 1, height: 1 }, uri: 'https://example.com/picture.png' };
    const folder = join(workspace, 'formats');
    const written = await writeArtifacts({ doc: builder.doc, stem: 'mixed', folder, imageDpi: 144 });
    expect((await readdir(folder)).sort()).toEqual(['mixed_img_001.png', 'mixed_img_002.png', 'mixed_img_003.png']);
    const sizes = await Promise.all(
      [1, 2, 3].map(async (n) => pngSize(new Uint8Array(await readFile(join(folder, `mixed_img_00${n}.png`))))),
    );
    expect(sizes).toEqual([
      { width: 37, height: 23 },
      { width: 37, height: 23 },
      { width: 5, height: 3 },
    ]);
    expect(written.notes).toEqual([
      'mixed_img_004.png not written: its image/x-emf image is a vector drawing, which is not converted to PNG',
      'mixed_img_005.png not written: its image/svg+xml image is a vector drawing, which is not converted to PNG',
      'mixed_img_006.png not written: its 100000×1000 image has more than 50,000,000 pixels',
      'mixed_img_007.png not written: its image is not embedded (https://example.com/picture.png) and is not read',
    ]);
  });
});
