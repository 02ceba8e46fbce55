import { describe, expect, it } from 'vitest';
import { pythonDivmodOne, pythonFloatText, pythonIntText, pythonRound, pythonTimedeltaText } from './python-text';

describe('pythonFloatText: str() of a Python float', () => {
  it.each([
    [0.1, '0.1'],
    [0.1 + 0.2, '0.30000000000000004'],
    [100, '100.0'],
    [-1234.5, '-1234.5'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [0.000123, '0.000123'],
    [0.0000123, '1.23e-05'],
    [1e16, '1e+16'],
    [1.5e16, '1.5e+16'],
    [9999999999999998, '9999999999999998.0'],
    [1e15, '1000000000000000.0'],
    [123456789012, '123456789012.0'],
    [1.7976931348623157e308, '1.7976931348623157e+308'],
    [5e-324, '5e-324'],
    [1e100, '1e+100'],
    [0, '0.0'],
    [-0, '-0.0'],
    [Infinity, 'inf'],
    [-Infinity, '-inf'],
    [NaN, 'nan'],
  ])('%s -> %s', (value, text) => {
    expect(pythonFloatText(value)).toBe(text);
  });
});

describe('the other Python rules openpyxl values go through', () => {
  it('str() of an int of any length, and nothing for text that is no integer', () => {
    expect(pythonIntText('12345678901234567890')).toBe('12345678901234567890');
    expect(pythonIntText('-007')).toBe('-7');
    expect(pythonIntText('1.5')).toBeUndefined();
    expect(pythonIntText('0x10')).toBeUndefined();
  });

  it('round() ties to even, divmod(x, 1) floors', () => {
    expect([0.5, 1.5, 2.5, -0.5, -1.5, 2.4999].map(pythonRound)).toEqual([0, 2, 2, -0, -2, 2]);
    expect(pythonDivmodOne(45292.75)).toEqual([45292, 0.75]);
    expect(pythonDivmodOne(-0.25)).toEqual([-1, 0.75]);
  });

  it('str() of a timedelta', () => {
    const seconds = (s: number): bigint => BigInt(s) * 1_000_000n;
    expect(pythonTimedeltaText(seconds(5400))).toBe('1:30:00');
    expect(pythonTimedeltaText(seconds(86_400 + 5))).toBe('1 day, 0:00:05');
    expect(pythonTimedeltaText(seconds(3 * 86_400))).toBe('3 days, 0:00:00');
    expect(pythonTimedeltaText(seconds(-3600))).toBe('-1 day, 23:00:00');
    expect(pythonTimedeltaText(1_500_000n)).toBe('0:00:01.500000');
  });
});
