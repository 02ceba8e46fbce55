/**
 * Python's `str()` of the values a spreadsheet cell holds once read (int, float, bool, datetime,
 * date, time, timedelta): the text Docling's Excel backend puts in a table cell. Written from
 * Python's documented rules (`repr` of a float, `isoformat`, `timedelta.__str__`).
 */

const MICROSECONDS_PER_SECOND = 1_000_000n;
const SECONDS_PER_DAY = 86_400n;

const pad = (value: number | bigint, width: number): string => String(value).padStart(width, '0');

/**
 * `str(float)`: the shortest digits that read back as the same number (as JavaScript's), shown with a
 * decimal point and at least one decimal (`100.0`) while the decimal point falls within 16 digits of
 * the first digit and no more than 4 places left of it, with an exponent otherwise (`1e+16`, `1e-05`).
 */
export function pythonFloatText(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const [mantissa = '', exponentText = '0'] = value.toExponential().split('e');
  const sign = value < 0 ? '-' : '';
  const digits = mantissa.replace(/^-/, '').replace('.', '');
  // the position of the decimal point counted from the first digit: 1.5 has 1, 0.015 has -1
  const point = Number(exponentText) + 1;
  if (point > -4 && point <= 16) {
    if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
    if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}.0`;
    return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
  }
  const exponent = point - 1;
  const shownMantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  return `${sign}${shownMantissa}e${exponent < 0 ? '-' : '+'}${pad(Math.abs(exponent), 2)}`;
}

/** `str(int)` of the integer a cell writes in decimal digits (any length), or undefined when it is no integer. */
export function pythonIntText(written: string): string | undefined {
  const trimmed = written.trim();
  if (!/^[+-]?\d+$/.test(trimmed)) return undefined;
  return BigInt(trimmed).toString();
}

/** `str(bool)`. */
export function pythonBoolText(value: boolean): string {
  return value ? 'True' : 'False';
}

/** A moment as Python's `datetime`: its calendar parts, microseconds included. */
export interface PythonDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  microsecond: number;
}

/** `str(date)`: `2024-01-31`. */
export function pythonDateText({ year, month, day }: Pick<PythonDateTime, 'year' | 'month' | 'day'>): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** `str(time)`: `09:05:00`, with `.ffffff` only when there are microseconds. */
export function pythonTimeText({
  hour,
  minute,
  second,
  microsecond,
}: Pick<PythonDateTime, 'hour' | 'minute' | 'second' | 'microsecond'>): string {
  const fraction = microsecond === 0 ? '' : `.${pad(microsecond, 6)}`;
  return `${pad(hour, 2)}:${pad(minute, 2)}:${pad(second, 2)}${fraction}`;
}

/** `str(datetime)`: the date and time joined by a space. */
export function pythonDateTimeText(moment: PythonDateTime): string {
  return `${pythonDateText(moment)} ${pythonTimeText(moment)}`;
}

/**
 * `str(timedelta)` of a duration in whole microseconds: `1:30:00`, `2 days, 0:00:05`, and for a
 * negative one the days below it with the time of day above (`-1 day, 23:00:00`).
 */
export function pythonTimedeltaText(totalMicroseconds: bigint): string {
  const microsPerDay = SECONDS_PER_DAY * MICROSECONDS_PER_SECOND;
  let days = totalMicroseconds / microsPerDay;
  let rest = totalMicroseconds % microsPerDay;
  if (rest < 0n) {
    rest += microsPerDay;
    days -= 1n;
  }
  const seconds = rest / MICROSECONDS_PER_SECOND;
  const microseconds = rest % MICROSECONDS_PER_SECOND;
  const clock = `${seconds / 3600n}:${pad((seconds / 60n) % 60n, 2)}:${pad(seconds % 60n, 2)}`;
  const fraction = microseconds === 0n ? '' : `.${pad(microseconds, 6)}`;
  const dayPart = days === 0n ? '' : `${days} day${days === 1n || days === -1n ? '' : 's'}, `;
  return `${dayPart}${clock}${fraction}`;
}

/** Python's `round(x)` of a float: to the nearest integer, ties to the even one. */
export function pythonRound(value: number): number {
  const nearest = Math.round(value);
  return nearest - value === 0.5 && nearest % 2 !== 0 ? nearest - 1 : nearest;
}

/** Python's `divmod(x, 1.0)` of a float: the floor and a remainder in [0, 1), as CPython computes them. */
export function pythonDivmodOne(value: number): [number, number] {
  let remainder = value % 1;
  let quotient = value - remainder;
  if (remainder !== 0 && remainder < 0) {
    remainder += 1;
    quotient -= 1;
  }
  if (remainder === 0) remainder = 0;
  let floor = Math.floor(quotient);
  if (quotient - floor > 0.5) floor += 1;
  return [floor, remainder];
}
