import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ParsePool } from './parse-pool';

/**
 * Inputs the fuzz script once found crashing or hanging (test-data/fuzz/README.md says what each
 * was): parsed and chunked on a fuzz worker, so that a hang that comes back fails the test at the
 * deadline instead of stopping the test run. Each must now parse or fail with a `StratumError`.
 */
const folder = path.resolve(import.meta.dirname, '../../test-data/fuzz');
const inputs = readdirSync(folder)
  .filter((name) => !/^(LICENSE|README)/.test(name))
  .sort();
const pool = new ParsePool({ size: 1, heapMb: 512, deadlineMs: 30_000, rssLimitMb: 4096 });
afterAll(() => pool.close());

describe('fuzz regressions', () => {
  it('has inputs to replay', () => {
    expect(inputs.length).toBeGreaterThanOrEqual(3);
  });

  it.each(inputs)('%s parses and chunks or fails with a StratumError code', async (name) => {
    const bytes = new Uint8Array(readFileSync(path.join(folder, name)));
    const outcome = await pool.parse({ id: inputs.indexOf(name), fileName: name, bytes, ocr: 'off', chunk: true });
    expect(['parsed', 'clean-error'], outcome.detail).toContain(outcome.class);
  });
});
