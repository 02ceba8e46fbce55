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
const PARTICLE = "(?:de la|de|del|della|delle|dei|degli|di|da|do|dos|das|du|des|la|le|les|van|von|der|den|het|of|the|y|e|am|an|zum|zur)";
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

const ENGLISH_STREET_TYPE =
  '(?:Street|St\\.?|Avenue|Ave\\.?|Road|Rd\\.?|Lane|Ln\\.?|Drive|Dr\\.?|Boulevard|Blvd\\.?|Court|Ct\\.?|Place|Pl\\.?|Square|Sq\\.?|' +
  'Terrace|Way|Close|Crescent|Parkway|Pkwy\\.?|Highway|Hwy\\.?|Row|Gardens|Mews|Grove)';
const ENGLISH = `${HOUSE_NUMBER},?${BLANK}(?:${WORD}${BLANK}){1,4}${ENGLISH_STREET_TYPE}(?:${BLANK}(?:NW|NE|SW|SE|N|S|E|W)\\.?)?(?![\\p{L}])${ENGLISH_TAIL}`;

const FRENCH_STREET_TYPE =
  '(?:[Rr]ue|[Aa]venue|[Aa]v\\.|[Bb]oulevard|[Bb]d|[Pp]lace|[Aa]llée|[Ii]mpasse|[Cc]hemin|[Qq]uai|[Rr]oute|[Cc]ours|[Ss]quare|' +
  '[Pp]assage|[Rr]ond-point|[Ff]aubourg|[Rr]ésidence)';
const FRENCH = `${HOUSE_NUMBER}(?:${BLANK}(?:bis|ter|quater))?,?${BLANK}${FRENCH_STREET_TYPE}${BLANK}${STREET_NAME}${EUROPEAN_TAIL}`;

const TYPE_FIRST_STREET_TYPE =
  '(?:Calle|C/|Avenida|Avda\\.|Plaza|Pza\\.|Paseo|Camino|Carretera|Ctra\\.|Ronda|Travesía|Via|Viale|Piazza|Piazzale|Corso|' +
  'Largo|Vicolo|Strada|Rua|Praça|Travessa|Estrada|Alameda)';
const TYPE_FIRST = `${TYPE_FIRST_STREET_TYPE}${BLANK}?${STREET_NAME},?${BLANK}(?:n\\.?[º°]?${BLANK}?)?${HOUSE_NUMBER}(?![\\p{L}\\p{N}])${EUROPEAN_TAIL}`;

const STREET_SUFFIX =
  '(?:straße|strasse|str\\.|weg|platz|allee|gasse|damm|ufer|chaussee|straat|laan|plein|gracht|kade|singel|dijk|steeg|dreef)';
const STREET_WORD = '(?:Straße|Strasse|Str\\.|Weg|Platz|Allee|Gasse|Damm|Ufer|Chaussee)';
const SUFFIXED = `(?:[\\p{Lu}][\\p{L}\\-]{1,30}${STREET_SUFFIX}|${WORD}${BLANK}${STREET_WORD})${BLANK}${HOUSE_NUMBER}(?![\\p{L}\\p{N}])${EUROPEAN_TAIL}`;

const ADDRESS = new RegExp(`(?<![\\p{L}\\p{N}])(?:${ENGLISH}|${FRENCH}|${TYPE_FIRST}|${SUFFIXED})`, 'gu');

export function findAddresses(text: string): PiiMatch[] {
  return [...text.matchAll(ADDRESS)].map((match) => ({ label: 'address', start: match.index, end: match.index + match[0].length }));
}
