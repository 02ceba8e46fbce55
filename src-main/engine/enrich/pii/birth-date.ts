import { eitherCaseInitial } from './context-words';
import type { PiiMatch } from './pii-label';

/**
 * Dates of birth: a full date (day, month and year, in figures or with the month's name) that a
 * word of birth announces before it in the same sentence ("born on", "DOB:", "né le", "geboren
 * am", "fecha de nacimiento", "nato il", "geboren op", "nascida em"). Any other date is left alone.
 */

const MONTH_NAMES = [
  // English
  'january february march april may june july august september october november december',
  'jan feb mar apr jun jul aug sep sept oct nov dec',
  // French
  'janvier février fevrier mars avril mai juin juillet août aout septembre octobre novembre décembre decembre',
  'janv févr fevr avr juil déc',
  // German
  'januar jänner februar märz april mai juni juli august september oktober november dezember',
  'jän mär okt dez',
  // Spanish
  'enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre',
  'ene abr ago dic',
  // Italian
  'gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre',
  'gen mag giu lug ott',
  // Dutch
  'januari februari maart april mei juni juli augustus september oktober november december',
  'mrt',
  // Portuguese
  'janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro',
  'fev set out',
];

const MONTH = `(?:${[...new Set(MONTH_NAMES.join(' ').split(' '))].sort((a, b) => b.length - a.length).join('|')})`;
const DAY = '(?:0?[1-9]|[12]\\d|3[01])';
const ORDINAL = '(?:st|nd|rd|th|er|º|°|\\.)?';
const YEAR = '(?:1[89]\\d\\d|20\\d\\d)';
const NUMERIC_DATE = `${DAY}([./-])(?:0?[1-9]|1[0-2])\\1(?:${YEAR}|\\d\\d)|${YEAR}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])`;
const MONTH_IN_DIGITS_FIRST = `(?:0?[1-9]|1[0-2])/${DAY}/${YEAR}`;
const NAMED_DATE =
  `${DAY}${ORDINAL}\\s{1,2}(?:de\\s{1,2})?${MONTH}\\.?,?\\s{1,2}(?:de\\s{1,2})?${YEAR}` +
  `|${MONTH}\\.?\\s{1,2}${DAY}${ORDINAL},?\\s{1,2}${YEAR}` +
  // Forms and records: `12-Mar-1985`, `12/mar/1985`.
  `|${DAY}([-/])${MONTH}\\.?\\2${YEAR}`;
const DATE = new RegExp(`(?<![\\p{L}\\p{N}])(?:${NUMERIC_DATE}|${MONTH_IN_DIGITS_FIRST}|${NAMED_DATE})(?![\\p{L}\\p{N}])`, 'giu');

/** Words of birth; matched with their first letter in either case, so that `NATO` is not `nato` ("born"). */
const BIRTH_WORDS = [
  'born',
  'birth date',
  'birthdate',
  'date of birth',
  'birthday',
  'place and date of birth',
  'né',
  'née',
  'né(e)',
  'nés',
  'nées',
  'date de naissance',
  'naissance',
  'geboren',
  'geb.',
  'geburtsdatum',
  'geburtstag',
  'nacido',
  'nacida',
  'nació',
  'fecha de nacimiento',
  'nacimiento',
  'f. nac.',
  'fecha nac.',
  'f. de nac.',
  'nato',
  'nata',
  'data di nascita',
  'nascita',
  'geboortedatum',
  'nascido',
  'nascida',
  'nasceu',
  'data de nascimento',
  'nascimento',
];
/**
 * A phrase as written in running text, with each word's first letter in either case (`Date of Birth`), and
 * in capitals as form headings print it (`DATE OF BIRTH`) unless it is one short word, which in capitals is
 * an acronym (`NATO`).
 */
function birthWordForms(phrase: string): string[] {
  const eachWord = phrase.split(' ').map(eitherCaseInitial).join(' ');
  const capitals = phrase.toUpperCase();
  return phrase.includes(' ') || phrase.length >= 8 ? [eachWord, eitherCaseInitial(capitals)] : [eachWord];
}

const BIRTH_CONTEXT = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:DOB|DoB|D\\.O\\.B\\.?|d\\.o\\.b\\.|${BIRTH_WORDS.flatMap(birthWordForms).join('|')})(?![\\p{L}\\p{N}])`,
  'gu',
);

const ANY_BIRTH_CONTEXT = new RegExp(BIRTH_CONTEXT.source, 'u');

/** Between the word of birth and the date: no sentence end and no other figure (another date, an age, a number). */
const INTERVENING = /[.!?;]\s|\d|\n/u;
const CONTEXT_WINDOW = 64;

export function findBirthDates(text: string): PiiMatch[] {
  const found: PiiMatch[] = [];
  // Most texts have no word of birth at all: one pass for those words spares the pass for dates.
  if (!ANY_BIRTH_CONTEXT.test(text)) return found;
  for (const match of text.matchAll(DATE)) {
    const windowStart = Math.max(0, match.index - CONTEXT_WINDOW);
    const before = text.slice(windowStart, match.index);
    const lastContext = [...before.matchAll(BIRTH_CONTEXT)].at(-1);
    if (!lastContext) continue;
    const between = before.slice(lastContext.index + lastContext[0].length);
    if (INTERVENING.test(between)) continue;
    found.push({ label: 'date_of_birth', start: match.index, end: match.index + match[0].length });
  }
  return found;
}
