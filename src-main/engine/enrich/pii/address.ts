import { eitherCaseInitial, forEachWord } from './context-words';
import type { PiiMatch } from './pii-label';

/**
 * Postal addresses where a rule can tell: a house number and a street type in the order of the
 * language (`221B Baker Street`, `12 rue de la Paix`, `Hauptstraße 5`, `Calle Mayor 12`, `Via
 * Roma 10`, `Kerkstraat 12`, `Rua Augusta 24`), with the postcode and city that follow when there
 * is a postcode (`London NW1 6XE`, `75002 Paris`, `10115 Berlin`, `1234 AB Amsterdam`,
 * `1100-053 Lisboa`, `Washington, DC 20500`). Words are separated by required blanks and every
 * repetition is bounded, so a match attempt costs a bounded number of steps at each position.
 */

const WORD = "[\\p{Lu}][\\p{L}'’\\-]{0,30}";
const BLANK = '[ \\t\\u00a0]{1,2}';
const PARTICLE = '(?:de la|de|del|della|delle|dei|degli|di|da|do|dos|das|du|des|la|le|les|van|von|der|den|het|of|the|y|e|am|an|zum|zur)';
const ELIDED = "(?:[dlDL]['’])";
/** Up to six words of a street's name, particles among them: `de la Paix`, `Vittorio Emanuele II`. */
const STREET_NAME = `(?:(?:${PARTICLE}${BLANK}|${ELIDED}|${WORD}${BLANK}){0,5}${WORD})`;
const CITY = `(?:${WORD}(?:${BLANK}(?:${WORD}|sur|sous|en|am|an|der|de|del|aan|den|op)){0,3})`;
/** `12`, `221B`, `12-14`, `5/2`, `169-II` (a floor, in Amsterdam). */
const HOUSE_NUMBER = '(?:\\d{1,5}[A-Za-z]?(?:[-/](?:\\d{1,4}[A-Za-z]?|[IVX]{1,4}|[A-Za-z]{1,2}))?)';

const UK_POSTCODE = '(?:[A-Z]{1,2}\\d[A-Z\\d]?[ ]?\\d[A-Z]{2})';
/** `, Springfield, IL 62704` / `, London NW1 6XE`: a city only where a postcode follows it. */
const ENGLISH_TAIL = `(?:,?${BLANK}${CITY}(?:,${BLANK}?[A-Z]{2}${BLANK}\\d{5}(?:-\\d{4})?|,?${BLANK}${UK_POSTCODE}))?`;
/** `, 75002 Paris` / `, 1234 AB Amsterdam` / `, 1100-053 Lisboa`: postcode before city, as most of Europe writes it. */
const EUROPEAN_TAIL = `(?:,?${BLANK}(?:[A-Z]{1,2}-)?(?:\\d{5}|\\d{4}${BLANK}?[A-Z]{2}|\\d{4}-\\d{3}|\\d{4})${BLANK}${CITY})?`;

const ENGLISH_STREET_TYPES = [
  'Street',
  'St.',
  'Avenue',
  'Ave.',
  'Road',
  'Rd.',
  'Lane',
  'Ln.',
  'Drive',
  'Dr.',
  'Boulevard',
  'Blvd.',
  'Court',
  'Ct.',
  'Place',
  'Pl.',
  'Square',
  'Sq.',
  'Terrace',
  'Way',
  'Close',
  'Crescent',
  'Parkway',
  'Pkwy.',
  'Highway',
  'Hwy.',
  'Row',
  'Gardens',
  'Mews',
  'Grove',
];
/** An abbreviation is written with its dot or without it: `St.`, `St`. */
const ENGLISH_STREET_TYPE = `(?:${ENGLISH_STREET_TYPES.map((type) => (type.endsWith('.') ? `${type.slice(0, -1)}\\.?` : type)).join('|')})`;
const COMPASS_POINT = `(?:${BLANK}(?:NW|NE|SW|SE|N|S|E|W)\\.?)?`;
const ENGLISH = `${HOUSE_NUMBER},?${BLANK}(?:${WORD}${BLANK}){1,4}${ENGLISH_STREET_TYPE}${COMPASS_POINT}(?![\\p{L}])${ENGLISH_TAIL}`;

const FRENCH_STREET_TYPES = [
  'rue',
  'avenue',
  'av.',
  'boulevard',
  'bd',
  'place',
  'allée',
  'impasse',
  'chemin',
  'quai',
  'route',
  'cours',
  'square',
  'passage',
  'rond-point',
  'faubourg',
  'résidence',
];
const FRENCH_STREET_TYPE = `(?:${FRENCH_STREET_TYPES.map(eitherCaseInitial).join('|')})`;
const FRENCH = `${HOUSE_NUMBER}(?:${BLANK}(?:bis|ter|quater))?,?${BLANK}${FRENCH_STREET_TYPE}${BLANK}${STREET_NAME}${EUROPEAN_TAIL}`;

const TYPE_FIRST_STREET_TYPES = [
  'Calle',
  'C/',
  'Avenida',
  'Avda.',
  'Plaza',
  'Pza.',
  'Paseo',
  'Camino',
  'Carretera',
  'Ctra.',
  'Ronda',
  'Travesía',
  'Via',
  'Viale',
  'Piazza',
  'Piazzale',
  'Corso',
  'Largo',
  'Vicolo',
  'Strada',
  'Rua',
  'Praça',
  'Travessa',
  'Estrada',
  'Alameda',
];
const NUMERO = `(?:n\\.?[º°]?${BLANK}?)?`;
const TYPE_FIRST =
  `(?:${TYPE_FIRST_STREET_TYPES.map(escape).join('|')})${BLANK}?${STREET_NAME},?${BLANK}${NUMERO}${HOUSE_NUMBER}` +
  `(?![\\p{L}\\p{N}])${EUROPEAN_TAIL}`;

const STREET_SUFFIXES = [
  'straße',
  'strasse',
  'str.',
  'weg',
  'platz',
  'allee',
  'gasse',
  'damm',
  'ufer',
  'chaussee',
  'straat',
  'laan',
  'plein',
  'gracht',
  'kade',
  'singel',
  'dijk',
  'steeg',
  'dreef',
];
const STREET_WORDS = ['Straße', 'Strasse', 'Str.', 'Weg', 'Platz', 'Allee', 'Gasse', 'Damm', 'Ufer', 'Chaussee'];
const SUFFIXED =
  `(?:[\\p{Lu}][\\p{L}\\-]{1,30}(?:${STREET_SUFFIXES.map(escape).join('|')})|${WORD}${BLANK}(?:${STREET_WORDS.map(escape).join('|')}))` +
  `${BLANK}${HOUSE_NUMBER}(?![\\p{L}\\p{N}])${EUROPEAN_TAIL}`;

const sticky = (pattern: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${pattern})`, 'yu');
const NUMBER_FIRST_ADDRESS = sticky(`${ENGLISH}|${FRENCH}`);
const TYPE_FIRST_ADDRESS = sticky(TYPE_FIRST);
const SUFFIXED_ADDRESS = sticky(SUFFIXED);

/** The letters a type begins with, as `forEachWord` reads it: `St.` is the word `St`, `C/` the word `C`, `rond-point` `rond`. */
const leadingWord = (type: string) => /^\p{L}+/u.exec(type)![0];
const NUMBER_FIRST_TYPES = new Set([...ENGLISH_STREET_TYPES, ...FRENCH_STREET_TYPES].map((type) => leadingWord(type).toLowerCase()));
const TYPE_FIRST_TYPES = new Set(TYPE_FIRST_STREET_TYPES.map(leadingWord));
const SUFFIX_WORDS = STREET_SUFFIXES.map((suffix) => leadingWord(suffix));
const STREET_WORD_SET = new Set(STREET_WORDS.map(leadingWord));
const LONGEST_TYPE = Math.max(...[...NUMBER_FIRST_TYPES, ...TYPE_FIRST_TYPES].map((type) => type.length));

/** How far before its street type an address may begin: a house number and four words. */
const NUMBER_REACH = 120;

/**
 * Each pattern is tried only where its street type stands (found in one pass over the words): a
 * type-first or suffixed street at the word, a number-first one at each number before its type.
 */
export function findAddresses(text: string): PiiMatch[] {
  const found: PiiMatch[] = [];
  let lastEnd = -1;
  let previousWordStart = -1;
  const tryAt = (pattern: RegExp, start: number): boolean => {
    if (start < lastEnd) return false;
    pattern.lastIndex = start;
    const match = pattern.exec(text);
    if (!match) return false;
    found.push({ label: 'address', start, end: start + match[0].length });
    lastEnd = start + match[0].length;
    return true;
  };
  forEachWord(text, (wordStart, wordEnd) => {
    const word = text.slice(wordStart, wordEnd);
    const capitalised = word[0] !== word[0]!.toLowerCase();
    // Street types are short words and suffixed names capitalised ones: other words are not even lowered.
    if (word.length > LONGEST_TYPE && !capitalised) {
      previousWordStart = wordStart;
      return;
    }
    const lower = word.toLowerCase();
    if (NUMBER_FIRST_TYPES.has(lower)) {
      for (const numberStart of numberStartsBefore(text, wordStart)) if (tryAt(NUMBER_FIRST_ADDRESS, numberStart)) break;
    }
    if (TYPE_FIRST_TYPES.has(word)) tryAt(TYPE_FIRST_ADDRESS, wordStart);
    if (capitalised && SUFFIX_WORDS.some((suffix) => lower.endsWith(suffix) && lower.length > suffix.length + 1)) {
      tryAt(SUFFIXED_ADDRESS, wordStart);
    }
    if (capitalised && STREET_WORD_SET.has(word) && previousWordStart >= 0) tryAt(SUFFIXED_ADDRESS, previousWordStart);
    previousWordStart = wordStart;
  });
  return found.sort((a, b) => a.start - b.start);
}

/** Where runs of digits begin in the `NUMBER_REACH` units before `end`, the farthest first. */
function numberStartsBefore(text: string, end: number): number[] {
  const starts: number[] = [];
  for (let index = Math.max(0, end - NUMBER_REACH); index < end; index++) {
    if (isDigit(text, index) && !isDigit(text, index - 1)) starts.push(index);
  }
  return starts;
}

function isDigit(text: string, index: number): boolean {
  const unit = text.charCodeAt(index);
  return unit >= 48 && unit <= 57;
}

function escape(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
