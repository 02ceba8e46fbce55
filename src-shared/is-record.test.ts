import { describe, expect, it } from 'vitest';
import { isRecord } from './is-record';

describe('isRecord', () => {
  it('accepts plain objects and refuses null, arrays and scalars', () => {
    expect(isRecord({ a: 1 })).toBe(true);
    expect(isRecord(JSON.parse('{}'))).toBe(true);
    expect([null, undefined, [], [1], 'text', 3, true].map(isRecord)).toEqual([false, false, false, false, false, false, false]);
  });
});
