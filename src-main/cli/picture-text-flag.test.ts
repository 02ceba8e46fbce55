import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStratum } from './run-stratum.test-support';

let workspace: string;

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'stratum-picture-text-cli-'));
  await cp(new URL('../../test-data/corpus/pdf/amt_handbook_sample.pdf', import.meta.url), join(workspace, 'handbook.pdf'));
});

afterAll(() => rm(workspace, { recursive: true, force: true }));

const stratum = (...argv: string[]) => runStratum(workspace, argv);
/** A label of a drawing of lock nuts: text inside a picture. */
const label = 'Elastic anchor nut';

describe('--no-picture-text', () => {
  it("chunks a drawing's labels by default; the flag leaves them out and the output records it in its config", async () => {
    const plain = await stratum('chunk', 'handbook.pdf');
    expect(plain.code).toBe(0);
    const chunked = JSON.parse(plain.stdout) as { config: { includePictureText?: boolean }; chunks: Array<{ text: string }> };
    expect(chunked.config.includePictureText).toBeUndefined();
    expect(chunked.chunks.map((c) => c.text).join('\n')).toContain(label);
    const run = await stratum('chunk', 'handbook.pdf', '--no-picture-text');
    expect(run.code).toBe(0);
    const output = JSON.parse(run.stdout) as { config: { includePictureText?: boolean }; chunks: Array<{ text: string }> };
    expect(output.config.includePictureText).toBe(false);
    expect(output.chunks.map((c) => c.text).join('\n')).not.toContain(label);
  });
});
