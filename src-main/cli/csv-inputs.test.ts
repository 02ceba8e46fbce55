import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../engine/ir/types';
import { readCanonical } from '../engine/export/canonical';
import { runStratum } from './run-stratum.test-support';

const testData = new URL('../../test-data/', import.meta.url);
let workspace: string;

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'stratum-csv-cli-'));
  await cp(new URL('corpus/csv/csv-semicolon.csv', testData), join(workspace, 'customers.csv'));
});

afterAll(() => rm(workspace, { recursive: true, force: true }));

const stratum = (...argv: string[]) => runStratum(workspace, argv);

/** Writes `rows` copies of `row` after `header` as a stream, never holding the file in memory. */
async function writeCsvStream(path: string, header: string, row: string, rows: number): Promise<void> {
  const out = createWriteStream(path);
  out.write(header);
  const block = row.repeat(4096);
  for (let written = 0; written < rows; written += 4096) {
    if (!out.write(block)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

describe('stratum with CSV and TSV', () => {
  it('parse --format docling gives the table, the first row its column header', async () => {
    const run = await stratum('parse', 'customers.csv', '--format', 'docling');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const doc = JSON.parse(run.stdout) as DoclingDocument;
    expect(doc.origin).toMatchObject({ mimetype: 'text/csv', filename: 'customers.csv' });
    expect(doc.tables[0]!.data).toMatchObject({ num_rows: 6, num_cols: 12 });
    expect(doc.tables[0]!.data.table_cells[0]).toMatchObject({ text: 'Index', column_header: true });
  });

  it('parse prints the rows of another width as a note', async () => {
    await cp(new URL('corpus/csv/csv-too-few-columns.csv', testData), join(workspace, 'short.csv'));
    const note = "note: short.csv: 1 of 5 rows do not have the first row's 4 fields (line 3: 3 fields); the cells they lack are empty\n";
    expect(await stratum('parse', 'short.csv')).toMatchObject({ code: 0, stderr: note });
  });

  it('chunk reads a TSV and a UTF-16 CSV without a byte order mark', async () => {
    await writeFile(join(workspace, 'cities.tsv'), 'City\tCountry\nLyon\tFrance\nPorto\tPortugal\n');
    const text = 'City,Country\r\nZürich,Schweiz\r\n';
    await writeFile(join(workspace, 'utf16.csv'), Buffer.from(text, 'utf16le'));
    const run = await stratum('chunk', 'cities.tsv', 'utf16.csv', '-o', 'out');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const tsv = readCanonical(await readFile(join(workspace, 'out/cities.json'), 'utf8'));
    expect(tsv.document.format).toBe('csv');
    expect(tsv.chunks.map((chunk) => chunk.text).join('\n')).toContain('Porto');
    const utf16 = readCanonical(await readFile(join(workspace, 'out/utf16.json'), 'utf8'));
    expect(utf16.chunks.map((chunk) => chunk.text).join('\n')).toContain('Zürich');
  });

  it('a 200 MB CSV of more cells than a table may hold fails with the limit named, in bounded time and memory', async () => {
    const path = join(workspace, 'huge.csv');
    const row = 'cell one,cell two,cell three,cell four\n';
    await writeCsvStream(path, 'a,b,c,d\n', row, Math.ceil((200 * 1024 * 1024) / row.length));
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    const run = await stratum('parse', 'huge.csv');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: huge\.csv: the table read to line 250,001 has 1,000,004 cells \(the limit is 1,000,000 cells/);
    // It stops where the table passes the limit: a few MB into the file, never building the rest.
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(512 * 1024 * 1024);
  }, 120_000);
});
