import { describe, expect, it } from 'vitest';
import { dateKindOfFormat, doclingSharedString, isoText, serialDateText, timedeltaText } from './docling-cell-text';

describe('which number formats openpyxl reads as dates', () => {
  it.each([
    ['General', 'number'],
    ['0.00', 'number'],
    ['#,##0.00', 'number'],
    ['0%', 'number'],
    ['0.00E+00', 'number'],
    ['"$"#,##0.00_);[Red]("$"#,##0.00)', 'number'],
    ['0.0 "days"', 'number'],
    ['[$-409]#,##0', 'number'],
    ['\\d0', 'number'],
    ['@', 'number'],
    ['m/d/yyyy', 'datetime'],
    ['yyyy-mm-dd h:mm:ss', 'datetime'],
    ['[$-409]mmmm d, yyyy;@', 'datetime'],
    ['h:mm AM/PM', 'datetime'],
    ['[h]:mm:ss', 'timedelta'],
    ['[mm]:ss', 'timedelta'],
    ['0.00;dd', 'number'],
  ])('%s: %s', (code, kind) => {
    expect(dateKindOfFormat(code)).toBe(kind);
  });
});

describe('a serial day number as openpyxl reads it in a date format', () => {
  it.each([
    [45292, false, '2024-01-01 00:00:00'],
    [45292.5, false, '2024-01-01 12:00:00'],
    [45292.000005, false, '2024-01-01 00:00:00.432000'],
    [0.75, false, '18:00:00'],
    [0, false, '00:00:00'],
    [1, false, '1900-01-01 00:00:00'],
    [59, false, '1900-02-28 00:00:00'],
    [60, false, '#VALUE!'],
    [61, false, '1900-03-01 00:00:00'],
    [-1, false, '1899-12-29 00:00:00'],
    [1, true, '1904-01-02 00:00:00'],
    [0.9999999999, false, '1900-01-01 00:00:00'],
    [3e6, false, '#VALUE!'],
  ])('%s (1904 dates: %s) -> %s', (serial, date1904, text) => {
    expect(serialDateText(serial, date1904)).toBe(text);
  });

  it('a duration, rounded to the millisecond', () => {
    expect(timedeltaText(1.5)).toBe('1 day, 12:00:00');
    expect(timedeltaText(0.0000005)).toBe('0:00:00.043000');
    expect(timedeltaText(-0.25)).toBe('-1 day, 18:00:00');
  });
});

describe('a cell of type d and a shared string as openpyxl reads them', () => {
  it.each([
    ['2024-03-05', '2024-03-05'],
    ['2024-03-05T14:30:00Z', '2024-03-05 14:30:00'],
    ['2024-03-05T14:30:00.5+02:00', '2024-03-05 14:30:00.500000'],
    ['14:30', '14:30:00'],
    ['PT1H30M', '1:30:00'],
    ['2024-13-05', undefined],
    ['soon', undefined],
  ])('%s -> %s', (written, text) => {
    expect(isoText(written)).toBe(text);
  });

  it('drops the x005F_ of an escaped underscore and keeps other escapes', () => {
    expect(doclingSharedString('a_x005F_x000D_b')).toBe('a_x000D_b');
  });
});
