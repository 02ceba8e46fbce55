import { execFileSync } from 'node:child_process';
import { cp, link, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStratum } from './run-stratum.test-support';

const testData = new URL('../../test-data/', import.meta.url);
const wikiMarkdown = new URL('corpus/md/wiki.md', testData);
const doclingJson = new URL('docling-core/2_inp_dl_doc.json', testData);
let workspace: string;

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'stratum-cli-hostile-'));
});
afterAll(() => rm(workspace, { recursive: true, force: true }));

const stratum = (...argv: string[]) => runStratum(workspace, argv);

/** A folder of its own for one test, with the given files copied in. */
async function folderWith(name: string, files: Record<string, URL | string>): Promise<string> {
  const folder = join(workspace, name);
  await mkdir(folder, { recursive: true });
  for (const [fileName, source] of Object.entries(files)) {
    if (typeof source === 'string') await writeFile(join(folder, fileName), source);
    else await cp(source, join(folder, fileName));
  }
  return folder;
}

/** Every file under a folder with its content, to show that a refused run changed nothing. */
async function snapshot(folder: string): Promise<Record<string, string>> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  return Object.fromEntries(await Promise.all(files.map(async (path) => [path, await readFile(path, 'utf8')] as const)));
}

describe('stratum chunk with files that are not files', () => {
  it('reports a named pipe and a link to a device in a folder, one line each, and finishes the batch', async () => {
    const batch = await folderWith('special', { 'wiki.md': wikiMarkdown });
    execFileSync('mkfifo', [join(batch, 'pipe.md')]);
    await symlink('/dev/zero', join(batch, 'zero.txt'));
    const run = await stratum('chunk', 'special', '-o', 'special-out', '--workers', '2');
    expect(run.code).toBe(1);
    expect(run.stderr.trimEnd().split('\n').sort()).toEqual([
      'error: special/pipe.md: not a regular file (a named pipe)',
      'error: special/zero.txt: not a regular file (a device)',
    ]);
    expect(await readdir(join(workspace, 'special-out'))).toEqual(['wiki.json']);
  });
});

describe('stratum never overwrites its inputs', () => {
  it('refuses -o onto the folder it reads when an output would replace an input (exit 2, nothing written)', async () => {
    const folder = await folderWith('in', { 'doc.json': doclingJson, 'notes.md': wikiMarkdown });
    const before = await snapshot(folder);
    const run = await stratum('chunk', 'in', '-o', 'in');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^error: the output .*in\/doc\.json is the input in\/doc\.json: refusing to overwrite it\n/);
    expect(await snapshot(folder)).toEqual(before);
  });

  it('refuses an output file that is the input, by name, through a symbolic link or a hard link', async () => {
    const folder = await folderWith('same', { 'a.md': wikiMarkdown, 'stratum.yaml': 'maxTokens: 64\n' });
    await symlink(join(folder, 'a.md'), join(folder, 'soft.md'));
    await link(join(folder, 'a.md'), join(folder, 'hard.md'));
    const before = await snapshot(folder);
    for (const argv of [
      ['chunk', 'same/a.md', '-o', 'same/a.md'],
      ['chunk', 'same/a.md', '-o', 'same/soft.md'],
      ['chunk', 'same/a.md', '-o', 'same/hard.md'],
      ['chunk', 'same/a.md', '--config', 'same/stratum.yaml', '-o', 'same/stratum.yaml'],
      ['parse', 'same/a.md', '-o', 'same/a.md'],
      ['parse', 'same/a.md', '-o', 'same/soft.md'],
    ]) {
      const run = await stratum(...argv);
      expect({ argv, code: run.code }).toEqual({ argv, code: 2 });
      expect(run.stderr).toContain('refusing to overwrite it');
    }
    expect(await snapshot(folder)).toEqual(before);
  });

  it('never reads its own outputs or artifacts when they go inside the folder it reads', async () => {
    const table = '# Prices\n\n| item | price |\n|---|---|\n| tea | 2 |\n';
    const folder = await folderWith('docs-in-place', { 'wiki.md': wikiMarkdown, 'prices.md': table });
    const argv = ['chunk', 'docs-in-place', '-o', 'docs-in-place/out', '--artifacts', 'docs-in-place/art', '--workers', '1'];
    for (let run = 0; run < 2; run++) expect(await stratum(...argv)).toMatchObject({ code: 0, stderr: '' });
    expect((await readdir(join(folder, 'out'))).sort()).toEqual(['prices.json', 'wiki.json']);
    expect(await readdir(join(folder, 'art'))).toEqual(['prices_table_001.md']);
  });
});

describe('stratum prints no control characters from outside', () => {
  it('strips the escape sequences of a DOCX part name from its error line', async () => {
    const zip = await JSZip.loadAsync(await readFile(new URL('corpus/docx/word_sample.docx', testData)));
    // Clear the screen, go home, print a green "OK": the attack a raw part name makes on a terminal.
    zip.file('word/\u001b[2J\u001b[H\u001b[32mOK all done\u001b[0m fake-part.xml', new Uint8Array(4 * 1024 * 1024));
    await writeFile(join(workspace, 'evil.docx'), await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
    const run = await stratum('chunk', 'evil.docx');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('OK all done fake-part.xml');
    expect(run.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
  });
});

describe('stratum with slide decks and workbooks', () => {
  const pptx = new URL('corpus/pptx/powerpoint_sample.pptx', testData);
  const xlsx = new URL('corpus/xlsx/xlsx_01.xlsx', testData);

  it('parses both to DoclingDocument JSON and chunks both', async () => {
    await folderWith('office', { 'deck.pptx': pptx, 'book.xlsx': xlsx });
    const parsed = await stratum('parse', 'office/deck.pptx', '--format', 'docling');
    expect(parsed.code).toBe(0);
    expect(JSON.parse(parsed.stdout)).toMatchObject({ schema_name: 'DoclingDocument', name: 'deck' });
    const chunked = await stratum('chunk', 'office', '-o', 'office-out', '--workers', '1');
    expect(chunked).toMatchObject({ code: 0, stderr: '' });
    const book = JSON.parse(await readFile(join(workspace, 'office-out', 'book.json'), 'utf8')) as { chunks: Array<{ text: string }> };
    expect(book.chunks.map((c) => c.text).join('\n')).toContain('col-1');
  });

  it('gives a clear error for a truncated deck and a ZIP bomb of a workbook, at once', async () => {
    const deck = await readFile(pptx);
    const bomb = await new JSZip()
      .file('xl/worksheets/sheet1.xml', `<worksheet><sheetData>${'<row/>'.repeat(4_000_000)}</sheetData></worksheet>`)
      .generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
    await folderWith('broken-office', { 'cut.pptx': '', 'bomb.xlsx': '' });
    await writeFile(join(workspace, 'broken-office', 'cut.pptx'), deck.subarray(0, deck.length / 2));
    await writeFile(join(workspace, 'broken-office', 'bomb.xlsx'), bomb);
    const started = Date.now();
    const run = await stratum('chunk', 'broken-office', '-o', 'broken-office-out', '--workers', '1');
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(run.code).toBe(1);
    expect(run.stderr.trimEnd().split('\n').sort()).toEqual([
      expect.stringMatching(/^error: broken-office\/bomb\.xlsx: .*part xl\/worksheets\/sheet1\.xml has a suspicious compression ratio/),
      'error: broken-office/cut.pptx: cannot be read, it is not a ZIP package',
    ]);
  });
});
