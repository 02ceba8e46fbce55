import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../engine/ir/types';
import { runStratum } from './run-stratum.test-support';

const testData = new URL('../../test-data/', import.meta.url);
let workspace: string;

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'stratum-xlsx-cli-'));
  await cp(new URL('corpus/xlsx/xlsx_02_sample_sales_data.xlsm', testData), join(workspace, 'sales.xlsm'));
  await cp(new URL('corpus/xlsx/xlsx_comments.xlsx', testData), join(workspace, 'comments.xlsx'));
});

afterAll(() => rm(workspace, { recursive: true, force: true }));

const stratum = (...argv: string[]) => runStratum(workspace, argv);
const cellComment = 'Why Python specifically?';
const secondRow = (stdout: string): string[] => {
  const cells = (JSON.parse(stdout) as DoclingDocument).tables[0]!.data.table_cells;
  return cells.filter((c) => c.start_row_offset_idx === 1).map((c) => c.text);
};

describe('--xlsx-values', () => {
  it('parse gives the values as Docling reads them, or as the sheet formats them', async () => {
    const docling = await stratum('parse', 'sales.xlsm');
    expect(docling.code).toBe(0);
    expect(secondRow(docling.stdout)).toEqual(['Widget A', '2024-01-01 00:00:00', '5', '5000']);
    const formatted = await stratum('parse', 'sales.xlsm', '--xlsx-values', 'formatted');
    expect(formatted.code).toBe(0);
    expect(secondRow(formatted.stdout)).toEqual(['Widget A', '2024-01-01 0:00:00', '5', '5000']);
  });

  it('chunk carries it to the worker threads; a wrong value is a usage error', async () => {
    const run = await stratum('chunk', 'sales.xlsm', '--xlsx-values', 'formatted', '--workers', '2', '--format', 'jsonl');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('2024-01-01 0:00:00');
    const wrong = await stratum('parse', 'sales.xlsm', '--xlsx-values', 'pretty');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--xlsx-values must be one of docling, formatted (got "pretty")');
  });
});

describe('--include-notes', () => {
  it('chunks comments with the body, and the output records it in its config', async () => {
    const plain = await stratum('chunk', 'comments.xlsx');
    expect(plain.code).toBe(0);
    expect(plain.stdout).not.toContain(cellComment);
    const run = await stratum('chunk', 'comments.xlsx', '--include-notes');
    expect(run.code).toBe(0);
    const output = JSON.parse(run.stdout) as { config: { includeNotes?: boolean }; chunks: Array<{ text: string }> };
    expect(output.config.includeNotes).toBe(true);
    expect(output.chunks.map((c) => c.text).join('\n')).toContain(cellComment);
  });
});
