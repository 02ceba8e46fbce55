import { describe, expect, it } from 'vitest';
import { StratumError } from '../../../src-shared/errors';
import { LIMIT_DEFINITIONS, readLimits, rejectOversizedFile, tooDeeplyNested, tooLarge } from './limits';

describe('input limits', () => {
  it('has a documented default for every limit, each under its own STRATUM_MAX_* variable', () => {
    const limits = readLimits({});
    const variables = Object.values(LIMIT_DEFINITIONS).map((d) => d.variable);
    expect(new Set(variables).size).toBe(variables.length);
    for (const variable of variables) expect(variable).toMatch(/^STRATUM_MAX_[A-Z_]+$/);
    expect(limits.maxPages).toBe(10_000);
    expect(limits.maxFileBytes).toBe(256 * 1024 * 1024);
    expect(limits.maxPageMilliseconds).toBe(30_000);
    expect(limits.maxNestingDepth).toBe(100);
  });

  it('raises a limit from its variable, in the variable unit', () => {
    const limits = readLimits({ STRATUM_MAX_PAGES: '20000', STRATUM_MAX_FILE_MB: ' 1024 ', STRATUM_MAX_PAGE_SECONDS: '90' });
    expect(limits.maxPages).toBe(20_000);
    expect(limits.maxFileBytes).toBe(1024 * 1024 * 1024);
    expect(limits.maxPageMilliseconds).toBe(90_000);
    expect(limits.maxNestingDepth).toBe(readLimits({}).maxNestingDepth);
  });

  it.each(['0', '-5', '1.5', '12abc', 'lots', '1e6', '99999999999999999999'])('refuses %s as a limit, naming the variable', (value) => {
    expect(() => readLimits({ STRATUM_MAX_NESTING: value })).toThrow(StratumError);
    expect(() => readLimits({ STRATUM_MAX_NESTING: value })).toThrow(/STRATUM_MAX_NESTING must be a positive whole number/);
  });

  it('says what was found, the limit and how to raise it', () => {
    const limits = readLimits({});
    const error = tooLarge('big.pdf', 'the document has 120,000 pages', 'maxPages', limits);
    expect(error.code).toBe('too-large');
    expect(error.message).toBe('big.pdf: the document has 120,000 pages (the limit is 10,000 pages; set STRATUM_MAX_PAGES to raise it)');
    const nested = tooDeeplyNested('deep.md', 'the list at line 3', undefined, 'maxNestingDepth', limits);
    expect(nested.message).toBe(
      'deep.md: the list at line 3 is too deeply nested (more than 100 levels; set STRATUM_MAX_NESTING to raise it)',
    );
  });

  it('refuses a file over the size limit and takes one at it', () => {
    const limits = readLimits({ STRATUM_MAX_FILE_MB: '2' });
    expect(() => rejectOversizedFile('a.pdf', 2 * 1024 * 1024, limits)).not.toThrow();
    expect(() => rejectOversizedFile('a.pdf', 3 * 1024 * 1024, limits)).toThrow(
      /a\.pdf: the file has 3 MB \(the limit is 2 MB; set STRATUM_MAX_FILE_MB/,
    );
  });
});
