import { IDENTIFIER_CONTEXT, lastIdentifierNounEnd, lastPhoneWordEnd, wordsBefore, wordsSinceLastValue } from './context-words';
import type { PiiMatch } from './pii-label';

/**
 * Phone numbers: international (`+` or `00` and a country code, 8 to 15 digits, E.164) and the
 * national forms of North America and Europe. A run of digits and separators is read in code, not
 * by a pattern with alternatives, so the cost is linear; the run is then judged by its shape:
 *
 * - a trunk `0` and an area code first (France, the UK, Germany, Italy, the Netherlands, Belgium,
 *   Switzerland, Austria: `01 23 45 67 89`, `020 7946 0958`, `030/1234567`, `06-12345678`), 9-12 digits;
 * - North American `(415) 555-0132`, `415-555-0132` (area and exchange codes begin with 2-9);
 * - Spanish and Portuguese groupings (`612 34 56 78`, `91 123 45 67`, `21 234 5678`).
 *
 * Shapes a grouped figure could have too (`912 345 678`, `415 555 0132`, ten digits in a row) need
 * a word that announces a phone before them. A number named as an order, invoice or ISBN just
 * before it, or one standing among other figures of a table row, is not a phone.
 */

const PHONE_RUN = /(?<![\p{L}\p{N}_.,+\-/])(?:\(\+|[+(])?\d[\d ()\u00a0.\-/]{5,40}/gu;
const RUN_CHAR = /[\d ()\u00a0.\-/]/;
/** Where a run holds two numbers: a spaced dash or slash between them, or a wide gap. */
const RUN_BREAK = /\s[-/]\s|\s{2,}/u;

/** The country calling codes in use (ITU-T E.164 assignments, shared and global services left out). */
const COUNTRY_CODES =
  '1|7|2[07]|3[0-469]|4[013-9]|5[1-8]|6[0-6]|8[1246]|9[0-58]|21[1-368]|2[2-6]\\d|29[017-9]|35\\d|37\\d|38[0-25-79]|42[013]|50\\d|' +
  '59[0-24-9]|67\\d|68[0-35-9]|69[0-2]|85[02356]|88[0-368]|96[0-8]|97[0-7]|99[2-68]';
const STARTS_WITH_COUNTRY_CODE = new RegExp(`^(?:${COUNTRY_CODES})`);
const IS_COUNTRY_CODE = new RegExp(`^(?:${COUNTRY_CODES})$`);

export function findPhones(text: string): PiiMatch[] {
  const found: PiiMatch[] = [];
  PHONE_RUN.lastIndex = 0;
  for (let match = PHONE_RUN.exec(text); match; match = PHONE_RUN.exec(text)) {
    let runEnd = match.index + match[0].length;
    // A run longer than any phone is a row of figures: skip all of it rather than read its tail as a phone.
    if (RUN_CHAR.test(text[runEnd] ?? '')) {
      while (runEnd < text.length && RUN_CHAR.test(text[runEnd]!)) runEnd++;
      PHONE_RUN.lastIndex = runEnd;
      continue;
    }
    let offset = match.index;
    for (const part of match[0].split(RUN_BREAK)) {
      const start = text.indexOf(part, offset);
      offset = start + part.length;
      const phone = trimmedPhone(part);
      if (!phone) continue;
      const phoneStart = start + phone.offset;
      const phoneEnd = phoneStart + phone.text.length;
      const afterPhone = found.length > 0 && continuesList(text.slice(found.at(-1)!.end, phoneStart));
      if (!isPhone(text, phone.text, phoneStart, phoneEnd, afterPhone)) continue;
      const end = phoneEnd + extensionLength(text, phoneEnd);
      found.push({ label: 'phone', start: phoneStart, end });
      PHONE_RUN.lastIndex = Math.max(PHONE_RUN.lastIndex, end);
    }
  }
  return found;
}

/**
 * An extension dialled after the number (`ext. 204`, `x204`, `poste 12`, `Durchwahl 17`, `interno 3`,
 * `ramal 45`, `toestel 8`): part of what reaches the person.
 */
const EXTENSION_WORD = 'ext|extn|extension|extensión|extensão|x|poste|durchwahl|dw|int|interno|ramal|toestel|tst';
const EXTENSION = new RegExp(`[ \\u00a0]{0,2},?[ \\u00a0]{0,2}(?:${EXTENSION_WORD})\\.?[ \\u00a0]{0,2}\\d{1,5}(?![\\p{L}\\p{N}])`, 'iuy');

function extensionLength(text: string, end: number): number {
  EXTENSION.lastIndex = end;
  return EXTENSION.exec(text)?.[0].length ?? 0;
}

function trimmedPhone(part: string): { text: string; offset: number } | undefined {
  const leading = /^[^+(\d]*/.exec(part)![0].length;
  // A parenthesis opened after the number and not closed in the run begins an aside (`... 85 (9h45 - 13h)`), not the number.
  const unclosed = /[ \u00a0]\([^)]*$/.exec(part.slice(leading));
  const whole = unclosed ? part.slice(leading, leading + unclosed.index) : part.slice(leading);
  const trimmed = whole.replace(/[^\d)]+$/, '');
  // A closing parenthesis ends a phone only when it closes one the phone opened.
  const balanced = trimmed.endsWith(')') && !/\(\d+\)$/.test(trimmed) ? trimmed.replace(/\)+$/, '') : trimmed;
  return balanced.length > 0 ? { text: balanced, offset: leading } : undefined;
}

/**
 * A contact block's line that a capital letter alone opens (`T +32 2 ...`, `M: 06 ...`, `F. 030 ...`):
 * telephone, mobile, fax in most of the languages read here. `wordsBefore` stops at the line break.
 */
const SIGNATURE_LINE_CUE = /^[ \t]*[TMF][.:]?[ \t]{0,3}$/;

/**
 * What lies between a phone and the next number when the cue of the first announces both: a few words
 * at most, no figure, nothing that ends a sentence (`02 1234 5678 (ufficio), 333 123 4567`, `... or ...`).
 */
function continuesList(between: string): boolean {
  return between.length <= 24 && !/[\d.;!?\n]/.test(between);
}

function isPhone(text: string, phone: string, start: number, end: number, afterPhone: boolean): boolean {
  const before = wordsSinceLastValue(wordsBefore(text, start));
  // The nearer word speaks of the number: "the reference of this call is 5123456789" names a reference. Where
  // both end together, the phone word heads a compound (`Telefonnummer`, `Handynr`).
  const phoneWordEnd = lastPhoneWordEnd(before);
  const identifierEnd = lastIdentifierNounEnd(before);
  const announced =
    (phoneWordEnd >= 0 && phoneWordEnd >= identifierEnd) || (identifierEnd < 0 && (afterPhone || SIGNATURE_LINE_CUE.test(before)));
  if (!announced && IDENTIFIER_CONTEXT.test(before)) return false;
  if (!announced && inRowOfFigures(text, start, end)) return false;
  if (/[.]/.test(phone) && /[-/]/.test(phone)) return false;
  if (/^\(?\+/.test(phone) || /^00[1-9]/.test(phone)) return isInternational(phone);
  return isNational(phone, announced);
}

function isInternational(phone: string): boolean {
  // `+44 (0)20 ...`: the trunk zero in parentheses is not dialled from abroad.
  const groups = phone
    .replace(/\(0\)/, ' ')
    .split(/[^\d]+/)
    .filter((group) => group !== '');
  const digits = groups.join('').replace(/^00/, '');
  if (digits.length < 8 || digits.length > 15) return false;
  // A short first group is the country code itself (`+33 1 ...`, `0044 20 ...`, `00 49 30 ...`).
  const first = groups[0] === '00' ? groups[1]! : groups[0]!.replace(/^00/, '');
  return first.length <= 3 ? IS_COUNTRY_CODE.test(first) : STARTS_WITH_COUNTRY_CODE.test(digits);
}

function isNational(phone: string, announced: boolean): boolean {
  const groups = phone.split(/[ \u00a0.\-/()]+/).filter((group) => group !== '');
  const digits = groups.join('');
  const shape = groups.map((group) => group.length).join('-');
  const spacedOnly = !/[.\-/()]/.test(phone);
  // Groups of three are how figures group thousands (and how registers print company numbers): only a cue makes them a phone.
  if (groups.length >= 3 && groups.every((group) => group.length === 3)) return announced && /^[02-9]/.test(digits);
  // Pairs of digits are how French-style numbers are written, five of them; more make a timetable or a draw.
  if (groups.every((group) => group.length === 2) && groups.length !== 5) return false;
  if (digits.startsWith('0')) {
    if (groups.length === 1) return announced && digits.length >= 10 && digits.length <= 11 && digits[1] !== '0';
    const area = groups[0]!;
    return (
      digits.length >= 9 &&
      digits.length <= 12 &&
      area.length >= 2 &&
      area.length <= 5 &&
      area[1] !== '0' &&
      groups.length <= 6 &&
      groups.slice(1).every((group) => group.length >= 2 && group.length <= 8)
    );
  }
  if (/^\(\d{3}\) ?\d{3}[-. ]\d{4}$/.test(phone)) return isNanp(digits);
  // An area code in parentheses before a local number of eight or nine digits (Brazil's `(11) 91234-5678`).
  if (/^\((?:[1-9]\d|[2-9]\d\d)\) ?\d{4,5}[- ]\d{4}$/.test(phone)) return true;
  if (shape === '3-3-4' || shape === '1-3-3-4') {
    const national = shape === '1-3-3-4' ? (digits[0] === '1' ? digits.slice(1) : '') : digits;
    const plausible = isNanp(national) || (shape === '3-3-4' && digits[0] === '3');
    return plausible && (announced || !spacedOnly || shape === '1-3-3-4');
  }
  if (shape === '3-2-2-2') return /^[6-9]/.test(digits);
  if (shape === '2-3-2-2') return /^[89]/.test(digits);
  // Italian mobiles: `347 1234567`.
  if (shape === '3-7') return /^3[1-9]/.test(digits);
  if (shape === '2-3-4') return /^2/.test(digits) && (announced || !spacedOnly);
  if (groups.length === 1 && (digits.length === 9 || digits.length === 10)) return announced && /^[2-9]/.test(digits);
  // After a word that announces a phone, any national grouping of its length: `tel. 379-4453438`.
  return announced && digits.length >= 9 && digits.length <= 11 && groups.length <= 4 && groups.every((group) => group.length >= 2);
}

/** The North American numbering plan: area and exchange codes begin with 2-9. */
function isNanp(digits: string): boolean {
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(digits);
}

/** Figures side by side on a line (a table read as text): another number within a few blanks or bars of this one. */
function inRowOfFigures(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 12), start);
  const after = text.slice(end, end + 12);
  return /\d[ \t|]{1,8}$/.test(before) || /^[ \t|]{1,8}[-+]?\d/.test(after);
}
