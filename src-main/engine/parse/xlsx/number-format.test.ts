import { describe, expect, it } from 'vitest';
import { formatGeneral, formatNumber, formatText, isDateFormat } from './number-format';

const SERIAL_2024_01_01 = 45292;

describe('formatNumber: a number as Excel shows it in a format code', () => {
  it.each([
    // General
    [1234567, 'General', '1234567'],
    [0.1 + 0.2, 'General', '0.3'],
    [123456789012, 'General', '1.23457E+11'],
    // fixed decimals and thousands separators
    [3.14159, '0.00', '3.14'],
    [2.5, '0', '3'],
    [1234567.891, '#,##0.00', '1,234,567.89'],
    [1234567, '#,##0', '1,234,567'],
    [0.5, '#.##', '.5'],
    [1234567, '#,##0,', '1,235'],
    // percent
    [0.1234, '0.00%', '12.34%'],
    [0.5, '0%', '50%'],
    // currency, with sections and colours
    [-1234.5, '"€"#,##0.00;[Red]\\-"€"#,##0.00', '-€1,234.50'],
    [1234.5, '[$$-409]#,##0.00', '$1,234.50'],
    [-42, '#,##0_);(#,##0)', '(42)'],
    [0, '#,##0;-#,##0;"zero"', 'zero'],
    // scientific
    [12345, '0.00E+00', '1.23E+04'],
    [0.000123, '0.00E+00', '1.23E-04'],
    [12345, '##0.0E+0', '12.3E+3'],
    // fractions
    [1.5, '# ?/?', '1 1/2'],
    [0.75, '# ??/??', ' 3/4'],
    [2.25, '# ?/4', '2 1/4'],
    // dates, times and elapsed time
    [SERIAL_2024_01_01, 'm/d/yyyy', '1/1/2024'],
    [SERIAL_2024_01_01, 'd mmmm yyyy', '1 January 2024'],
    [SERIAL_2024_01_01, 'dddd, mmm d', 'Monday, Jan 1'],
    [SERIAL_2024_01_01 + 0.5625, 'yyyy-mm-dd h:mm:ss', '2024-01-01 13:30:00'],
    [0.5625, 'h:mm AM/PM', '1:30 PM'],
    [1.5, '[h]:mm:ss', '36:00:00'],
    [0.0208333333, '[mm]:ss', '30:00'],
    [0.500005787, 'hh:mm:ss.00', '12:00:00.50'],
  ])('%s in %s -> %s', (value, code, text) => {
    expect(formatNumber(value, code)).toBe(text);
  });

  it('counts dates from 1904 in a workbook that says so', () => {
    expect(formatNumber(0, 'yyyy-mm-dd', true)).toBe('1904-01-01');
  });
});

describe('the other parts of a format code', () => {
  it('text in a format with a text section (@)', () => {
    expect(formatText('abc', '@')).toBe('abc');
    expect(formatText('abc', '0;-0;0;"Note: "@')).toBe('Note: abc');
    expect(formatText('abc', '0.00')).toBe('abc');
  });

  it('tells date formats from others', () => {
    expect(isDateFormat('yyyy-mm-dd')).toBe(true);
    expect(isDateFormat('[h]:mm')).toBe(true);
    expect(isDateFormat('#,##0.00')).toBe(false);
    expect(isDateFormat('"days" 0')).toBe(false);
  });

  it('General keeps integers and shows 10 significant digits of others', () => {
    expect(formatGeneral(42)).toBe('42');
    expect(formatGeneral(1 / 3)).toBe('0.3333333333');
    expect(formatGeneral(1e-10)).toBe('1E-10');
  });
});
