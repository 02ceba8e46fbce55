import {
  pythonBoolText,
  pythonDateText,
  pythonDateTimeText,
  pythonDivmodOne,
  pythonFloatText,
  pythonIntText,
  pythonRound,
  pythonTimedeltaText,
  pythonTimeText,
  type PythonDateTime,
} from './python-text';

/**
 * The text of a cell as Docling's Excel backend gives it: the workbook read with openpyxl (cached
 * values, `data_only`), each value through Python's `str()`. A number is an int unless it is written
 * with a point or an exponent; in a style whose number format shows dates it becomes a datetime (or a
 * time below one day, a timedelta for elapsed-time formats); booleans are `True`/`False`; strings,
 * formula strings and errors (`#DIV/0!`) are as written. The number format itself is never applied.
 */

/** What openpyxl puts in a cell whose date it cannot represent (before year 1, after 9999, Excel's 1900-02-29). */
const INVALID_DATE = '#VALUE!';

const MS_PER_DAY = 86_400_000;
const MICROSECONDS_PER_DAY = 86_400_000_000;
const WINDOWS_EPOCH_MS = Date.UTC(1899, 11, 30);
const MAC_EPOCH_MS = Date.UTC(1904, 0, 1);
/** 0001-01-01 and 10000-01-01: Python's datetime holds the years 1 to 9999. */
const FIRST_MOMENT_MS = -62_135_596_800_000;
const PAST_LAST_MOMENT_MS = 253_402_300_800_000;
/** Python's timedelta holds under a billion days. */
const MAX_TIMEDELTA_DAYS = 999_999_999;

/** A cell as the worksheet writes it: its type (`t`), its value (`<v>`) and its inline string (`<is>`). */
export interface RawCell {
  type: string;
  /** the text of `<v>`, undefined without one */
  value: string | undefined;
  /** the text of an inline string's `<is>`, undefined without one */
  inlineText: string | undefined;
  style: number;
}

/** What of the workbook's styles the reading needs (CellStyles). */
export interface DateStyles {
  dateKind(style: number): DateKind;
  readonly date1904: boolean;
}

/** The cell's text, or undefined when openpyxl gives it no value (no `<v>`, or an empty one). */
export function doclingCellText(cell: RawCell, sharedStrings: readonly string[], styles: DateStyles): string | undefined {
  if (cell.type === 'inlineStr') return cell.inlineText;
  const { value } = cell;
  if (value === undefined || value === '') return undefined;
  switch (cell.type) {
    case 'n':
      return numberText(value, styles.dateKind(cell.style), styles.date1904);
    case 's':
      return doclingSharedString(sharedStrings[Number(value)] ?? '');
    case 'b': {
      const integer = pythonIntText(value);
      return pythonBoolText(integer === undefined ? value.trim() === 'true' : integer !== '0');
    }
    case 'd':
      return isoText(value) ?? value;
    default:
      // `str` (a formula's string), `e` (an error such as #DIV/0!) and anything else: the text as written
      return value;
  }
}

/** openpyxl drops the `x005F_` of an escaped underscore (`_x005F_`) in shared strings, and unescapes nothing else. */
export function doclingSharedString(text: string): string {
  return text.replaceAll('x005F_', '');
}

function numberText(written: string, dateKind: DateKind, date1904: boolean): string {
  const isFloat = /[.eE]/.test(written);
  const integer = isFloat ? undefined : pythonIntText(written);
  const number = Number(written.trim());
  if ((!isFloat && integer === undefined) || (isFloat && (written.trim() === '' || Number.isNaN(number)))) return written;
  if (dateKind === 'timedelta') return timedeltaText(number);
  if (dateKind === 'datetime') return serialDateText(number, date1904);
  return isFloat ? pythonFloatText(number) : integer!;
}

export type DateKind = 'number' | 'datetime' | 'timedelta';

/**
 * How openpyxl reads numbers in a number format: as dates when the format's first section, without
 * its quoted text and bracketed tags (`[Red]`, `[$-409]`, but not `[h]`, `[mm]`, `[ss]`), has a date
 * or time letter not escaped by `\` or `_`; as durations when it also has an elapsed-time part.
 */
export function dateKindOfFormat(formatCode: string): DateKind {
  const first = formatCode.split(';')[0] ?? '';
  const stripped = first.replace(/".*?"|\[(?!hh?\]|mm?\]|ss?\])[^\]]*\]/g, '');
  if (!/(?<![_\\])[dmhysDMHYS]/.test(stripped)) return 'number';
  return /\[hh?\](:mm(:ss(\.0*)?)?)?|\[mm?\](:ss(\.0*)?)?|\[ss?\](\.0*)?/i.test(first) ? 'timedelta' : 'datetime';
}

/** A serial day number as openpyxl's datetime (or time, below one day): Excel's phantom 1900-02-29 is an error. */
export function serialDateText(serial: number, date1904: boolean): string {
  const [wholeDays, fraction] = pythonDivmodOne(serial);
  const milliseconds = pythonRound(fraction * 86_400 * 1000);
  if (serial >= 0 && serial < 1 && milliseconds < MS_PER_DAY) return pythonTimeText(clockOf(milliseconds));
  let days = wholeDays;
  if (!date1904 && serial > 0 && serial < 60) days += 1;
  else if (serial >= 60 && serial < 61) return INVALID_DATE;
  const moment = (date1904 ? MAC_EPOCH_MS : WINDOWS_EPOCH_MS) + days * MS_PER_DAY + milliseconds;
  if (!(moment >= FIRST_MOMENT_MS && moment < PAST_LAST_MOMENT_MS)) return INVALID_DATE;
  const date = new Date(moment);
  return pythonDateTimeText({
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    ...clockOf(moment - Math.floor(moment / MS_PER_DAY) * MS_PER_DAY),
  });
}

function clockOf(milliseconds: number): Pick<PythonDateTime, 'hour' | 'minute' | 'second' | 'microsecond'> {
  return {
    hour: Math.floor(milliseconds / 3_600_000),
    minute: Math.floor(milliseconds / 60_000) % 60,
    second: Math.floor(milliseconds / 1000) % 60,
    microsecond: (milliseconds % 1000) * 1000,
  };
}

/** A serial number of days as openpyxl's timedelta: to the microsecond, then to the millisecond when it has a fraction of one. */
export function timedeltaText(days: number): string {
  if (!Number.isFinite(days) || Math.abs(days) > MAX_TIMEDELTA_DAYS) return INVALID_DATE;
  const whole = Math.trunc(days);
  const total = BigInt(whole) * BigInt(MICROSECONDS_PER_DAY) + BigInt(pythonRound((days - whole) * MICROSECONDS_PER_DAY));
  let micros = total % 1_000_000n;
  if (micros < 0n) micros += 1_000_000n;
  if (micros === 0n) return pythonTimedeltaText(total);
  const seconds = total - micros;
  const millis = BigInt(pythonRound(Number(micros) / 1000));
  // Python rounds an int to thousands with ties to even: 500 of 1000 goes down when the thousands are even
  return pythonTimedeltaText(seconds + millis * 1000n);
}

const ISO_MOMENT = /^(?:(\d{4})-(\d{2})-(\d{2}))?T?(?:(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?)?Z?/;
const ISO_DURATION = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d{1,3})?)S)?/;

/**
 * A cell of type `d` as openpyxl reads its ISO 8601 text: a date, a time or a datetime (anything after
 * the milliseconds, a time zone included, is ignored), or a `PT..H..M..S` duration; undefined when it
 * is none of these.
 */
export function isoText(written: string): string | undefined {
  const moment = ISO_MOMENT.exec(written);
  if (moment && moment.slice(1).some((part) => part !== undefined)) {
    const [, year, month, day, hour, minute, second, fraction] = moment;
    const clock = {
      hour: Number(hour ?? 0),
      minute: Number(minute ?? 0),
      second: Number(second ?? 0),
      microsecond: fraction ? Math.trunc(Number(fraction) * 1_000_000) : 0,
    };
    if (clock.hour > 23 || clock.minute > 59 || clock.second > 59) return undefined;
    if (year === undefined) return pythonTimeText(clock);
    const calendar = { year: Number(year), month: Number(month), day: Number(day) };
    if (!isCalendarDate(calendar.year, calendar.month, calendar.day)) return undefined;
    return hour === undefined ? pythonDateText(calendar) : pythonDateTimeText({ ...calendar, ...clock });
  }
  const duration = ISO_DURATION.exec(written);
  if (!duration || duration.slice(1).every((part) => part === undefined)) return undefined;
  const [, hours, minutes, seconds] = duration;
  const whole = BigInt(hours ?? 0) * 3_600_000_000n + BigInt(minutes ?? 0) * 60_000_000n;
  return pythonTimedeltaText(whole + BigInt(pythonRound(Number(seconds ?? 0) * 1_000_000)));
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(0);
  date.setUTCFullYear(year, month, 0);
  return day <= date.getUTCDate();
}
