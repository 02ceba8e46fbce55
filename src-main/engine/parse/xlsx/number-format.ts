/**
 * A cell's number as the sheet shows it: Excel's number format codes (ECMA-376 §18.8.31), the
 * built-in ones by id and custom ones by code, for numbers, percentages, scientific notation,
 * fractions, currencies, dates and times. What needs a locale (the short-date format 14, a
 * `[$-409]` locale tag) is shown the way Excel shows it in the en-US locale.
 */

/** The built-in formats a style names by id only (ECMA-376 §18.8.30). */
const BUILT_IN_FORMATS: Readonly<Record<number, string>> = {
  0: 'General',
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  9: '0%',
  10: '0.00%',
  11: '0.00E+00',
  12: '# ?/?',
  13: '# ??/??',
  14: 'm/d/yyyy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yyyy h:mm',
  37: '#,##0 ;(#,##0)',
  38: '#,##0 ;(#,##0)',
  39: '#,##0.00;(#,##0.00)',
  40: '#,##0.00;(#,##0.00)',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mm:ss.0',
  48: '##0.0E+0',
  49: '@',
};

export function builtInFormat(id: number): string | undefined {
  return BUILT_IN_FORMATS[id];
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MS_PER_DAY = 86_400_000;

/** A format code split into its sections, and each section into literal text and placeholders. */
type Token =
  | { kind: 'literal'; text: string }
  /** a run of date or time letters: `yyyy`, `mm`, `h`, `AM/PM`, `.00` after seconds */
  | { kind: 'date'; code: string }
  /** `[h]`, `[mm]`, `[ss]`: elapsed time */
  | { kind: 'elapsed'; code: string }
  /** a number placeholder run: `#,##0.00`, `0%`, `0.00E+00`, `# ?/?` */
  | { kind: 'number'; code: string }
  | { kind: 'text' };

interface Section {
  tokens: Token[];
  isDate: boolean;
  /** a `[<100]`-style condition, which Excel tests before choosing the section */
  condition?: { operator: string; value: number };
}

const sectionCache = new Map<string, Section[]>();

/** `value` (a cell's stored number) shown with `formatCode`; `date1904` for workbooks dated from 1904. */
export function formatNumber(value: number, formatCode: string, date1904 = false): string {
  if (!Number.isFinite(value)) return String(value);
  const sections = sectionsOf(formatCode);
  const chosen = chooseSection(sections, value);
  if (!chosen) return formatGeneral(value);
  const { section, absolute } = chosen;
  if (section.tokens.length === 0) return '';
  if (section.isDate) return formatDate(value, section.tokens, date1904) ?? formatGeneral(value);
  return formatWithNumber(absolute ? Math.abs(value) : value, section.tokens);
}

/** Text in a format's text section (`@`), or the text itself when the format has none. */
export function formatText(text: string, formatCode: string): string {
  const sections = sectionsOf(formatCode);
  const textSection = sections[3] ?? sections.find((s) => s.tokens.some((t) => t.kind === 'text'));
  if (!textSection) return text;
  return textSection.tokens.map((t) => (t.kind === 'text' ? text : t.kind === 'literal' ? t.text : '')).join('');
}

/** Whether a format shows numbers as dates or times. */
export function isDateFormat(formatCode: string): boolean {
  return sectionsOf(formatCode)[0]?.isDate ?? false;
}

/** Excel's General format: integers as they are, other numbers to at most 10 significant digits (11 characters). */
export function formatGeneral(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e11) return String(value);
  const magnitude = Math.abs(value);
  if (magnitude !== 0 && (magnitude >= 1e11 || magnitude < 1e-9)) {
    const [mantissa = '', exponent = '0'] = value.toExponential(5).split('e');
    const trimmed = mantissa.replace(/\.?0+$/, '');
    const power = Number(exponent);
    return `${trimmed}E${power < 0 ? '-' : '+'}${String(Math.abs(power)).padStart(2, '0')}`;
  }
  return String(Number(value.toPrecision(10)));
}

function chooseSection(sections: readonly Section[], value: number): { section: Section; absolute: boolean } | undefined {
  if (sections.length === 0) return undefined;
  const numeric = sections.filter((s) => !s.tokens.some((t) => t.kind === 'text') || s.tokens.length === 0);
  if (sections.some((s) => s.condition)) {
    const index = sections.findIndex((s) => s.condition && compare(value, s.condition.operator, s.condition.value));
    if (index >= 0) return { section: sections[index]!, absolute: index > 0 };
    const fallback = sections.find((s) => !s.condition);
    return fallback && { section: fallback, absolute: false };
  }
  if (value < 0 && numeric.length >= 2) return { section: numeric[1]!, absolute: true };
  if (value === 0 && numeric.length >= 3) return { section: numeric[2]!, absolute: false };
  const first = numeric[0] ?? sections[0]!;
  return { section: first, absolute: false };
}

function compare(value: number, operator: string, target: number): boolean {
  switch (operator) {
    case '<':
      return value < target;
    case '<=':
      return value <= target;
    case '>':
      return value > target;
    case '>=':
      return value >= target;
    case '=':
      return value === target;
    case '<>':
      return value !== target;
    default:
      return false;
  }
}

function sectionsOf(formatCode: string): Section[] {
  let sections = sectionCache.get(formatCode);
  if (!sections) {
    sections = /^general$/i.test(formatCode.trim()) ? [] : splitSections(formatCode).map(tokenize);
    sectionCache.set(formatCode, sections);
  }
  return sections;
}

/** Sections separated by `;` outside quotes, brackets and escapes. */
function splitSections(code: string): string[] {
  const sections: string[] = [];
  let current = '';
  for (let i = 0; i < code.length; i++) {
    const ch = code[i]!;
    if (ch === '"') {
      const end = code.indexOf('"', i + 1);
      const stop = end < 0 ? code.length : end;
      current += code.slice(i, stop + 1);
      i = stop;
    } else if (ch === '\\' || ch === '_' || ch === '*') {
      current += code.slice(i, i + 2);
      i++;
    } else if (ch === '[') {
      const end = code.indexOf(']', i);
      const stop = end < 0 ? code.length : end;
      current += code.slice(i, stop + 1);
      i = stop;
    } else if (ch === ';') {
      sections.push(current);
      current = '';
    } else current += ch;
  }
  sections.push(current);
  return sections;
}

const DATE_LETTERS = /[yYmMdDhHsS]/;

function tokenize(code: string): Section {
  const tokens: Token[] = [];
  const section: Section = { tokens, isDate: false };
  const literal = (text: string): void => {
    const last = tokens[tokens.length - 1];
    if (last?.kind === 'literal') last.text += text;
    else tokens.push({ kind: 'literal', text });
  };
  let i = 0;
  while (i < code.length) {
    const ch = code[i]!;
    const rest = code.slice(i);
    if (ch === '"') {
      const end = code.indexOf('"', i + 1);
      const stop = end < 0 ? code.length : end;
      literal(code.slice(i + 1, stop));
      i = stop + 1;
    } else if (ch === '\\') {
      literal(code[i + 1] ?? '');
      i += 2;
    } else if (ch === '_') {
      // the width of the next character: a space
      literal(' ');
      i += 2;
    } else if (ch === '*') {
      // fill the cell with the next character: nothing in text
      i += 2;
    } else if (ch === '[') {
      const end = code.indexOf(']', i);
      const stop = end < 0 ? code.length : end;
      readBracket(code.slice(i + 1, stop), section, literal);
      i = stop + 1;
    } else if (ch === '@') {
      tokens.push({ kind: 'text' });
      i++;
    } else if (/^(AM\/PM|A\/P)/i.test(rest)) {
      const match = /^(AM\/PM|A\/P)/i.exec(rest)![0];
      tokens.push({ kind: 'date', code: match });
      section.isDate = true;
      i += match.length;
    } else if (DATE_LETTERS.test(ch)) {
      let end = i;
      while (end < code.length && code[end]!.toLowerCase() === ch.toLowerCase()) end++;
      tokens.push({ kind: 'date', code: code.slice(i, end).toLowerCase() });
      section.isDate = true;
      i = end;
    } else if (/[0#?]/.test(ch) || (ch === '.' && /^\.[0#?]/.test(rest))) {
      const match = /^[0#?,.]*(?:[eE][+-][0#?]+)?(?:\s*[0#?]*\/[0#?\d]+)?%*/.exec(rest)![0];
      tokens.push({ kind: 'number', code: match });
      i += match.length;
    } else if (ch === '%') {
      tokens.push({ kind: 'number', code: '%' });
      i++;
    } else {
      literal(ch);
      i++;
    }
  }
  if (section.isDate) mergeFractionalSeconds(tokens);
  return section;
}

/** `[Red]`, `[$€-407]`, `[h]`, `[<100]`: colours and locales show nothing, a currency its symbol. */
function readBracket(inner: string, section: Section, literal: (text: string) => void): void {
  if (/^(h+|m+|s+)$/i.test(inner)) {
    section.tokens.push({ kind: 'elapsed', code: inner.toLowerCase() });
    section.isDate = true;
    return;
  }
  const condition = /^(<=|>=|<>|<|>|=)\s*(-?[\d.]+)$/.exec(inner);
  if (condition) {
    section.condition = { operator: condition[1]!, value: Number(condition[2]) };
    return;
  }
  if (inner.startsWith('$')) literal(inner.slice(1).split('-')[0] ?? '');
}

/** `ss.00` reads as seconds with hundredths: the `.00` after seconds is a date token, not a number. */
function mergeFractionalSeconds(tokens: Token[]): void {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind !== 'number' || !/^\.0+$/.test(token.code)) continue;
    const previous = tokens[i - 1];
    if (previous && (previous.kind === 'date' || previous.kind === 'elapsed') && previous.code.startsWith('s')) {
      tokens[i] = { kind: 'date', code: token.code };
    }
  }
}

function formatWithNumber(value: number, tokens: readonly Token[]): string {
  const numberTokens = tokens.filter((t): t is { kind: 'number'; code: string } => t.kind === 'number');
  const code = numberTokens.map((t) => t.code).join('');
  const percent = (code.match(/%/g) ?? []).length;
  const scaled = value * 100 ** percent;
  const negative = scaled < 0 && !tokens.some((t) => t.kind === 'literal' && /[-(]/.test(t.text));
  const shown = formatPlaceholders(Math.abs(scaled), code.replace(/%/g, ''));
  let written = false;
  const parts = tokens.map((t) => {
    if (t.kind === 'literal') return t.text;
    if (t.kind !== 'number') return '';
    if (t.code === '%') return '%';
    if (written) return t.code.endsWith('%') ? '%' : '';
    written = true;
    return shown + '%'.repeat((t.code.match(/%/g) ?? []).length);
  });
  if (!written) parts.push(numberTokens.length === 0 && !tokens.some((t) => t.kind === 'literal') ? shown : '');
  const text = parts.join('');
  return negative && /\d/.test(shown) && Number(shown.replace(/[^\d.]/g, '')) !== 0 ? `-${text}` : text;
}

/** The digits of `value` (not negative) by a placeholder code such as `#,##0.00`, `0.0E+00` or `# ?/?`. */
function formatPlaceholders(value: number, code: string): string {
  if (code === '') return '';
  const fraction = /^([#0?,]*)\s*([#0?]+)\/([#0?]+|\d+)$/.exec(code.trim());
  if (fraction) return formatFraction(value, fraction[1] ?? '', fraction[2]!, fraction[3]!);
  const exponent = /^([^eE]*)[eE]([+-])([0#?]+)$/.exec(code);
  if (exponent) return formatScientific(value, exponent[1]!, exponent[2]!, exponent[3]!);
  const thousandsScale = /,+$/.exec(code.replace(/\.[^.]*$/, (m) => m.replace(/,+$/, '')))?.[0].length ?? 0;
  const trimmed = code.replace(/,+(?=$|\.)/, (m) => (m.length === thousandsScale ? '' : m));
  return formatFixed(value / 1000 ** thousandsScale, trimmed);
}

function formatFixed(value: number, code: string): string {
  const [integerCode = '', decimalCode = ''] = code.split('.');
  const decimals = decimalCode.replace(/[^0#?]/g, '');
  const rounded = roundTo(value, decimals.length);
  const [integerDigits = '0', decimalDigits = ''] = rounded.toFixed(decimals.length).split('.');
  const grouping = integerCode.includes(',');
  const minimumDigits = (integerCode.match(/0/g) ?? []).length;
  let integer = integerDigits === '0' && minimumDigits === 0 ? '' : integerDigits.padStart(minimumDigits, '0');
  if (grouping) integer = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  let decimal = decimalDigits;
  // `#` decimals drop trailing zeros, `0` keep them, `?` turn them into spaces
  for (let i = decimals.length - 1; i >= 0 && decimal.endsWith('0'); i--) {
    if (decimals[i] === '0') break;
    decimal = decimals[i] === '?' ? `${decimal.slice(0, -1)} ` : decimal.slice(0, -1);
  }
  const point = code.includes('.') && (decimal.length > 0 || decimals.length === 0 || /0/.test(decimals)) ? '.' : '';
  return `${integer}${decimal.length > 0 || code.includes('.') ? point : ''}${decimal}`;
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round((value + Number.EPSILON * value) * factor) / factor;
}

function formatScientific(value: number, mantissaCode: string, sign: string, exponentCode: string): string {
  const decimals = (mantissaCode.split('.')[1] ?? '').replace(/[^0#?]/g, '').length;
  const integerPlaces = Math.max(1, (mantissaCode.split('.')[0] ?? '').replace(/[^0#?]/g, '').length);
  let power = value === 0 ? 0 : Math.floor(Math.log10(value));
  // engineering formats (`##0.0E+0`) keep the exponent a multiple of the integer places
  if (integerPlaces > 1) power = Math.floor(power / integerPlaces) * integerPlaces;
  let mantissa = value === 0 ? 0 : value / 10 ** power;
  if (roundTo(mantissa, decimals) >= 10 ** (integerPlaces === 1 ? 1 : integerPlaces)) {
    power += integerPlaces;
    mantissa /= 10 ** integerPlaces;
  }
  const shownMantissa = formatFixed(mantissa, mantissaCode || '0');
  const exponentSign = power < 0 ? '-' : sign === '+' ? '+' : '';
  return `${shownMantissa}E${exponentSign}${String(Math.abs(power)).padStart(exponentCode.replace(/#/g, '').length, '0')}`;
}

function formatFraction(value: number, integerCode: string, numeratorCode: string, denominatorCode: string): string {
  const whole = integerCode.replace(/[^0#?]/g, '').length > 0 ? Math.floor(value) : 0;
  const rest = value - whole;
  let numerator: number;
  let denominator: number;
  if (/^\d+$/.test(denominatorCode)) {
    denominator = Number(denominatorCode);
    numerator = Math.round(rest * denominator);
  } else {
    [numerator, denominator] = closestFraction(rest, 10 ** denominatorCode.length - 1);
  }
  if (numerator === 0) return whole === 0 && numeratorCode.includes('0') ? '0' : String(whole || (integerCode ? '' : '0'));
  const fraction = `${String(numerator).padStart(numeratorCode.length, ' ')}/${denominator}`;
  return whole > 0 ? `${whole} ${fraction}` : fraction;
}

/** The fraction nearest `value` (in [0, 1)) with a denominator up to `maxDenominator` (Stern–Brocot search, bounded). */
function closestFraction(value: number, maxDenominator: number): [number, number] {
  let best: [number, number] = [Math.round(value), 1];
  let bestError = Math.abs(value - best[0]);
  for (let denominator = 2; denominator <= maxDenominator; denominator++) {
    const numerator = Math.round(value * denominator);
    const error = Math.abs(value - numerator / denominator);
    if (error < bestError - 1e-12) {
      best = [numerator, denominator];
      bestError = error;
    }
  }
  return best;
}

interface DateParts {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hours: number;
  minutes: number;
  seconds: number;
  milliseconds: number;
}

/** The calendar date and time of a serial number; undefined for a negative serial (Excel shows `#####`). */
export function serialToDate(serial: number, date1904 = false): DateParts | undefined {
  if (serial < 0) return undefined;
  // Excel counts 1900-02-29, which never was: serials from 61 on are one day ahead of the calendar.
  const days = date1904 ? serial + 1462 : serial < 61 ? serial + 1 : serial;
  const milliseconds = Math.round(days * MS_PER_DAY) + Date.UTC(1899, 11, 30);
  const date = new Date(milliseconds);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth(),
    day: date.getUTCDate(),
    weekday: date.getUTCDay(),
    hours: date.getUTCHours(),
    minutes: date.getUTCMinutes(),
    seconds: date.getUTCSeconds(),
    milliseconds: date.getUTCMilliseconds(),
  };
}

function formatDate(serial: number, tokens: readonly Token[], date1904: boolean): string | undefined {
  const fractionDigits = Math.max(0, ...tokens.map((t) => (t.kind === 'date' && t.code.startsWith('.') ? t.code.length - 1 : 0)));
  // Excel rounds to the smallest unit shown: whole seconds unless hundredths are shown
  const unit = MS_PER_DAY / (fractionDigits > 0 ? 86_400 * 10 ** fractionDigits : 86_400);
  const rounded = Math.round((serial * MS_PER_DAY) / unit) * (unit / MS_PER_DAY);
  const parts = serialToDate(rounded, date1904);
  if (!parts) return undefined;
  const twelveHour = tokens.some((t) => t.kind === 'date' && /^(am\/pm|a\/p)$/i.test(t.code));
  const dateTokens = tokens.map((t, i) => ({ token: t, minute: isMinute(tokens, i) }));
  return dateTokens
    .map(({ token, minute }) => {
      if (token.kind === 'literal') return token.text;
      if (token.kind === 'elapsed') return elapsed(rounded, token.code);
      if (token.kind === 'number') return token.code;
      if (token.kind !== 'date') return '';
      return datePart(token.code, parts, minute, twelveHour);
    })
    .join('');
}

/** `m` is minutes right after hours or right before seconds, months otherwise. */
function isMinute(tokens: readonly Token[], index: number): boolean {
  const token = tokens[index];
  if (token?.kind !== 'date' || !/^m{1,2}$/.test(token.code)) return false;
  const neighbour = (step: number): { code: string } | undefined => {
    for (let i = index + step; i >= 0 && i < tokens.length; i += step) {
      const t = tokens[i]!;
      if (t.kind === 'date' || t.kind === 'elapsed') return t;
    }
    return undefined;
  };
  const before = neighbour(-1);
  const after = neighbour(1);
  return (before !== undefined && before.code.startsWith('h')) || (after !== undefined && after.code.startsWith('s'));
}

function datePart(code: string, parts: DateParts, minute: boolean, twelveHour: boolean): string {
  const pad = (n: number, width: number): string => String(n).padStart(width, '0');
  if (code.startsWith('.')) return `.${pad(Math.floor(parts.milliseconds / 10 ** (3 - (code.length - 1))), code.length - 1)}`;
  if (/^(am\/pm)$/i.test(code)) return parts.hours < 12 ? 'AM' : 'PM';
  if (/^(a\/p)$/i.test(code)) return parts.hours < 12 ? 'A' : 'P';
  switch (code[0]) {
    case 'y':
      return code.length <= 2 ? pad(parts.year % 100, 2) : String(parts.year);
    case 'm':
      if (minute) return code.length === 1 ? String(parts.minutes) : pad(parts.minutes, 2);
      if (code.length === 1) return String(parts.month + 1);
      if (code.length === 2) return pad(parts.month + 1, 2);
      if (code.length === 3) return MONTHS[parts.month]!.slice(0, 3);
      if (code.length === 5) return MONTHS[parts.month]![0]!;
      return MONTHS[parts.month]!;
    case 'd':
      if (code.length === 1) return String(parts.day);
      if (code.length === 2) return pad(parts.day, 2);
      if (code.length === 3) return DAYS[parts.weekday]!.slice(0, 3);
      return DAYS[parts.weekday]!;
    case 'h': {
      const hours = twelveHour ? parts.hours % 12 || 12 : parts.hours;
      return code.length === 1 ? String(hours) : pad(hours, 2);
    }
    case 's':
      return code.length === 1 ? String(parts.seconds) : pad(parts.seconds, 2);
    default:
      return code;
  }
}

function elapsed(serial: number, code: string): string {
  const totalSeconds = Math.round(serial * 86_400);
  const value = code.startsWith('h')
    ? Math.floor(totalSeconds / 3600)
    : code.startsWith('m')
      ? Math.floor(totalSeconds / 60)
      : totalSeconds;
  return String(value).padStart(code.length, '0');
}
