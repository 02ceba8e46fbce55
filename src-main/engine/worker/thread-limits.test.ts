import { describe, expect, it } from 'vitest';
import { describeThreadLimit, readThreadLimits } from './thread-limits';

describe('readThreadLimits', () => {
  it('takes each limit from its variable, in the variable unit, and the default where none is set', () => {
    const limits = readThreadLimits({
      STRATUM_MAX_PARSE_SECONDS: '90',
      STRATUM_MAX_DOCUMENT_CACHE_MB: '2',
      STRATUM_MAX_PARSE_HEAP_MB: ' ',
    });
    expect(limits.parseMilliseconds).toBe(90_000);
    expect(limits.documentCacheBytes).toBe(2 * 1024 * 1024);
    expect(limits.parseHeapMb).toBe(readThreadLimits({}).parseHeapMb);
    expect(limits.parallelParses).toBeGreaterThanOrEqual(1);
    expect(limits.parallelParses).toBeLessThanOrEqual(4);
  });

  it.each(['0', '-5', '1.5', 'lots'])('refuses %j with an invalid-config error that names the variable', (raw) => {
    expect(() => readThreadLimits({ STRATUM_MAX_PARALLEL_PARSES: raw })).toThrow(
      expect.objectContaining({
        code: 'invalid-config',
        message: `STRATUM_MAX_PARALLEL_PARSES must be a positive whole number (it is "${raw}")`,
      }),
    );
  });

  it('says what a limit is and how to raise it', () => {
    const limits = readThreadLimits({ STRATUM_MAX_WORKBENCH_HEAP_MB: '512' });
    expect(describeThreadLimit('workbenchHeapMb', limits)).toBe('the limit is 512 MB; set STRATUM_MAX_WORKBENCH_HEAP_MB to raise it');
  });
});
