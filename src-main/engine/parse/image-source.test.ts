import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoclingDocument, PictureItem } from '../ir/types';
import { htmlParser } from './html/html-parser';
import { dataUriBytes } from './image-ref';
import { markdownParser } from './markdown/markdown-parser';
import type { DocumentParser } from './parser';
import { withRequestCounter } from './parser.test-support';

const fixtures = fileURLToPath(new URL('../../../test-data/html-images/', import.meta.url));
const icon = () => readFile(join(fixtures, 'images', 'icon.png'));
let workspace: string;

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'stratum-image-source-'));
});
afterAll(() => rm(workspace, { recursive: true, force: true }));

async function parseFile(
  parser: DocumentParser,
  folder: string,
  fileName: string,
  documentFolder: string | undefined,
): Promise<DoclingDocument> {
  const bytes = new Uint8Array(await readFile(join(folder, fileName)));
  return parser.parse({ fileName, bytes }, documentFolder === undefined ? {} : { documentFolder });
}

const imageBytes = (picture: PictureItem | undefined): Buffer => Buffer.from(dataUriBytes(picture!.image!.uri)!);
const captionOf = (doc: DoclingDocument, picture: PictureItem): string | undefined =>
  doc.texts.find((text) => text.self_ref === picture.captions[0]?.$ref)?.text;

describe('pictures of HTML and Markdown carry the images their source names', () => {
  it('HTML: a data: image always, a file beside the page only with the document folder, nothing outside it', async () => {
    const doc = await parseFile(htmlParser, fixtures, 'pictures.html', fixtures);
    expect(doc.pictures.map((picture) => captionOf(doc, picture))).toEqual([
      'Icon as JPEG data',
      'The icon file',
      'Escape',
      'Absolute',
      'Remote',
    ]);
    const [dataImage, fileImage, ...refused] = doc.pictures;
    expect(dataImage!.image).toMatchObject({ mimetype: 'image/jpeg', dpi: 72, size: { width: 48, height: 48 } });
    expect(fileImage!.image).toMatchObject({ mimetype: 'image/png', dpi: 72, size: { width: 48, height: 48 } });
    expect(imageBytes(fileImage).equals(await icon())).toBe(true);
    expect(refused.map((picture) => picture.image)).toEqual([undefined, undefined, undefined]);
    expect(doc.metadata?.warnings).toEqual([
      "picture #/pictures/2 (../secret.png): the image is outside the document's folder and is not read",
      'picture #/pictures/3 (/etc/hostname): an absolute image path is not read',
      '1 picture names its image by URL: never fetched',
    ]);
  });

  it('HTML without the document folder (the app, the HTTP host): only the data: image, no file read', async () => {
    const doc = await parseFile(htmlParser, fixtures, 'pictures.html', undefined);
    expect(doc.pictures.map((picture) => picture.image?.mimetype)).toEqual(['image/jpeg', undefined, undefined, undefined, undefined]);
    expect(doc.metadata?.warnings).toEqual(['1 picture names its image by URL: never fetched']);
  });

  it('Markdown images follow the same rule, HTML blocks in Markdown too', async () => {
    const doc = await parseFile(markdownParser, fixtures, 'pictures.md', fixtures);
    expect(doc.pictures.map((picture) => captionOf(doc, picture))).toEqual(['Icon', 'Escape', 'Remote']);
    expect(imageBytes(doc.pictures[0]).equals(await icon())).toBe(true);
    expect(doc.pictures.slice(1).map((picture) => picture.image)).toEqual([undefined, undefined]);
    expect(doc.metadata?.warnings).toHaveLength(2);

    const folder = join(workspace, 'markdown-html');
    await mkdir(folder);
    await cp(join(fixtures, 'images'), join(folder, 'figures'), { recursive: true });
    await writeFile(
      join(folder, 'notes.md'),
      '# Notes\n\n<p><img src="figures/icon.png" alt="In HTML"></p>\n\n![By reference][icon]\n\n[icon]: figures/icon.png\n',
    );
    const withHtml = await parseFile(markdownParser, folder, 'notes.md', folder);
    expect(withHtml.pictures.map((picture) => picture.image?.size)).toEqual([
      { width: 48, height: 48 },
      { width: 48, height: 48 },
    ]);
  });

  it('refuses a symbolic link out of the folder or a named pipe, reads a link that stays inside, and decodes %-escaped paths', async () => {
    const folder = join(workspace, 'links');
    await mkdir(join(folder, 'images'), { recursive: true });
    await writeFile(join(workspace, 'outside.png'), await icon());
    await writeFile(join(folder, 'images', 'my icon.png'), await icon());
    await symlink(join(workspace, 'outside.png'), join(folder, 'images', 'escape.png'));
    await symlink(join(folder, 'images', 'my icon.png'), join(folder, 'inside.png'));
    await symlink(workspace, join(folder, 'parent'));
    execFileSync('mkfifo', [join(folder, 'pipe.png')]);
    const html =
      '<p><img src="images/escape.png"><img src="inside.png"><img src="images/my%20icon.png?v=2"><img src="parent/outside.png"><img src="images"><img src="pipe.png"></p>';
    await writeFile(join(folder, 'page.html'), html);
    const doc = await parseFile(htmlParser, folder, 'page.html', folder);
    expect(doc.pictures.map((picture) => picture.image?.size.width)).toEqual([undefined, 48, 48, undefined, undefined, undefined]);
    expect(doc.metadata?.warnings).toEqual([
      "picture #/pictures/0 (images/escape.png): the image is outside the document's folder and is not read",
      "picture #/pictures/3 (parent/outside.png): the image is outside the document's folder and is not read",
      'picture #/pictures/4 (images): the image path is not a file',
      // A named pipe would block a plain open until something writes to it.
      'picture #/pictures/5 (pipe.png): the image path is not a file',
    ]);
  });

  it('never makes a network request, whatever the scheme', async () => {
    const folder = join(workspace, 'network');
    await mkdir(folder);
    let docs: DoclingDocument[] = [];
    const requests = await withRequestCounter(async (origin) => {
      const host = origin.replace(/^http:/, '');
      const html = `<p><img src="${origin}/a.png"><img src="${host}/b.png"><img src="file://${host}/c.png"></p>`;
      await writeFile(join(folder, 'page.html'), html);
      await writeFile(join(folder, 'page.md'), `![a](${origin}/a.png)\n\n<img src="${origin}/b.png">\n`);
      docs = [await parseFile(htmlParser, folder, 'page.html', folder), await parseFile(markdownParser, folder, 'page.md', folder)];
    });
    expect(requests).toBe(0);
    expect(docs.flatMap((doc) => doc.pictures.map((picture) => picture.image))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(docs.map((doc) => doc.metadata?.warnings)).toEqual([
      ['3 pictures name their image by URL: never fetched'],
      ['2 pictures name their image by URL: never fetched'],
    ]);
  });
});
