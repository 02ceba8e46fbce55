import { isValidNir, mod97, passesLuhn } from '../../src-main/engine/enrich/pii/checksums';

/**
 * Synthetic values for the PII evaluation set: every checked identifier is made valid (IBAN
 * mod 97, Luhn, NIR key, SSN rules) from seeded random digits; names, streets and cities are
 * common ones of each language. Nothing here is a real person's data.
 */

export type Language = 'en' | 'fr' | 'de' | 'es' | 'it' | 'nl' | 'pt';
export const LANGUAGES: readonly Language[] = ['en', 'fr', 'de', 'es', 'it', 'nl', 'pt'];

/** A deterministic random source (mulberry32). */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }
  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += String(this.int(0, 9));
    return out;
  }
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const groups = (text: string, size: number, separator = ' ') => text.match(new RegExp(`.{1,${size}}`, 'g'))!.join(separator);

const FIRST_NAMES: Record<Language, readonly string[]> = {
  en: ['James', 'Mary', 'Robert', 'Linda', 'Michael', 'Sarah', 'David', 'Emily', 'Thomas', 'Olivia'],
  fr: ['Jean-Pierre', 'Marie', 'Camille', 'Louis', 'Chloé', 'Antoine', 'Élodie', 'Nicolas'],
  de: ['Anna', 'Lukas', 'Sophie', 'Jürgen', 'Katharina', 'Felix', 'Lena', 'Matthias'],
  es: ['María', 'José', 'Lucía', 'Javier', 'Carmen', 'Alejandro', 'Elena', 'Pablo'],
  it: ['Giulia', 'Marco', 'Francesca', 'Luca', 'Chiara', 'Alessandro', 'Sara', 'Matteo'],
  nl: ['Jan', 'Sanne', 'Pieter', 'Femke', 'Daan', 'Lotte', 'Bram', 'Eva'],
  pt: ['João', 'Ana', 'Pedro', 'Beatriz', 'Tiago', 'Inês', 'Rui', 'Mariana'],
};
const LAST_NAMES: Record<Language, readonly string[]> = {
  en: ['Smith', 'Johnson', 'Brown', 'Taylor', 'Wilson', 'Clarke', "O'Brien", 'McDonald', 'Harris', 'Walker'],
  fr: ['Dupont', 'Martin', 'Lefèvre', 'Moreau', 'Girard', 'Fontaine', 'Rousseau', 'Bernard'],
  de: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Becker', 'Hoffmann', 'Schäfer'],
  es: ['García', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Romero', 'Navarro', 'Torres'],
  it: ['Rossi', 'Bianchi', 'Esposito', 'Romano', 'Colombo', 'Ricci', 'Greco', 'Conti'],
  nl: ['de Vries', 'Jansen', 'van den Berg', 'Bakker', 'Visser', 'Smit', 'de Jong', 'van Dijk'],
  pt: ['Silva', 'Santos', 'Ferreira', 'Pereira', 'Costa', 'Oliveira', 'Rodrigues', 'Sousa'],
};

export function firstName(random: Random, language: Language): string {
  return random.pick(FIRST_NAMES[language]);
}

/** A surname as written after a title: Dutch particles are capitalised when no first name precedes them. */
export function lastName(random: Random, language: Language): string {
  const name = random.pick(LAST_NAMES[language]);
  return name[0]!.toUpperCase() + name.slice(1);
}

export function fullName(random: Random, language: Language): string {
  return `${firstName(random, language)} ${random.pick(LAST_NAMES[language])}`;
}

export function email(random: Random, language: Language): string {
  const ascii = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z-]/g, '')
      .toLowerCase();
  const first = ascii(firstName(random, language));
  const last = ascii(random.pick(LAST_NAMES[language]));
  const local = random.pick([
    `${first}.${last}`,
    `${first[0]}${last}`,
    `${first}_${last}${random.int(1, 99)}`,
    `${last}+news`,
    first,
    `${first}.${last}+${random.pick(['invoices', 'hr', 'tag-2024'])}`,
    `${first[0]!.toUpperCase()}${first.slice(1)}.${last[0]!.toUpperCase()}${last.slice(1)}`,
  ]);
  const domains: Record<Language, readonly string[]> = {
    en: ['example.com', 'mail.example.org', 'example.co.uk', 'corp.example.net'],
    fr: ['exemple.fr', 'societe-exemple.fr', 'example.com', 'mairie-exemple.fr'],
    de: ['beispiel.de', 'firma-beispiel.de', 'example.org', 'uni-beispiel.de'],
    es: ['ejemplo.es', 'empresa-ejemplo.com', 'example.org', 'correo.ejemplo.es'],
    it: ['esempio.it', 'azienda-esempio.it', 'example.com', 'posta.esempio.it'],
    nl: ['voorbeeld.nl', 'bedrijf-voorbeeld.nl', 'example.net', 'gemeente-voorbeeld.nl'],
    pt: ['exemplo.pt', 'empresa-exemplo.com.br', 'example.org', 'correio.exemplo.pt'],
  };
  const domain = random.pick(domains[language]);
  return `${local}@${random.next() < 0.2 ? `${random.pick(['eu', 'mail', 'dept.intra'])}.${domain}` : domain}`;
}

export function url(random: Random): string {
  const host = random.pick(['www.example.com', 'example.org', 'shop.example.net', 'www.exemple.fr', 'portal.beispiel.de']);
  const path = random.pick([
    '',
    '/',
    '/contact',
    '/docs/guide.html',
    '/account/settings?id=42',
    '/blog/2023/05/post-title',
    '/p/a-b_c#top',
  ]);
  return random.pick([
    `https://${host}${path}`,
    `http://${host}${path}`,
    `https://${host}${path}`,
    `www.${host.replace(/^www\./, '')}${path}`,
    `https://${host}:${random.pick([8080, 8443])}/api/v${random.int(1, 3)}/items?id=${random.int(1, 999)}&sort=asc`,
  ]);
}

export function ipv4(random: Random): string {
  return random.pick([
    () => `192.168.${random.int(0, 255)}.${random.int(1, 254)}`,
    () => `10.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`,
    () => `${random.int(11, 223)}.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`,
  ])();
}

export function ipv6(random: Random): string {
  const group = () => random.int(0, 0xffff).toString(16);
  return random.pick([
    () => Array.from({ length: 8 }, group).join(':'),
    () => `2001:db8::${group()}:${group()}`,
    () => `fe80::${group()}:${group()}:${group()}:${group()}`,
    () => `2001:db8:${group()}:${group()}::${group()}`,
    () => `::ffff:192.0.2.${random.int(1, 254)}`,
    () => `2001:DB8:0:0:8:800:${group().toUpperCase()}:${group().toUpperCase()}`,
    () => '::1',
    () => `2001:db8::${random.int(1, 9)}`,
  ])();
}

/** A phone number as people of the language write it (national forms, and international ones of the country). */
export function phone(random: Random, language: Language): string {
  const d = (count: number) => random.digits(count);
  const forms: Record<Language, ReadonlyArray<() => string>> = {
    en: [
      () => `(${random.int(2, 9)}${d(2)}) ${random.int(2, 9)}${d(2)}-${d(4)}`,
      () => `${random.int(2, 9)}${d(2)}-${random.int(2, 9)}${d(2)}-${d(4)}`,
      () => `+1 ${random.int(2, 9)}${d(2)} ${random.int(2, 9)}${d(2)} ${d(4)}`,
      () => `020 7${d(3)} ${d(4)}`,
      () => `07${d(3)} ${d(6)}`,
      () => `+44 20 7${d(3)} ${d(4)}`,
      () => `+44 (0)161 ${d(3)} ${d(4)}`,
      () => `${random.int(2, 9)}${d(2)}.${random.int(2, 9)}${d(2)}.${d(4)}`,
      () => `(${random.int(2, 9)}${d(2)}) ${random.int(2, 9)}${d(2)}-${d(4)} ext. ${d(3)}`,
      () => `1-800-${random.int(2, 9)}${d(2)}-${d(4)}`,
      () => `+1 (${random.int(2, 9)}${d(2)}) ${random.int(2, 9)}${d(2)}-${d(4)}`,
      () => `0161 ${d(3)} ${d(4)}`,
    ],
    fr: [
      () => `0${random.int(1, 7)} ${d(2)} ${d(2)} ${d(2)} ${d(2)}`,
      () => `0${random.pick([6, 7])}.${d(2)}.${d(2)}.${d(2)}.${d(2)}`,
      () => `+33 ${random.int(1, 7)} ${d(2)} ${d(2)} ${d(2)} ${d(2)}`,
      () => `+33 (0)${random.int(1, 5)} ${d(2)} ${d(2)} ${d(2)} ${d(2)}`,
      () => `0${random.int(1, 5)}${d(8)}`.replace(/^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/, '$1 $2 $3 $4 $5'),
      () => `0${random.int(1, 5)}.${d(2)}.${d(2)}.${d(2)}.${d(2)}`,
      () => `0033 ${random.int(1, 7)} ${d(2)} ${d(2)} ${d(2)} ${d(2)}`,
      () => `+32 2 ${d(3)} ${d(2)} ${d(2)}`,
      () => `+41 22 ${d(3)} ${d(2)} ${d(2)}`,
    ],
    de: [
      () => `030 ${d(7)}`,
      () => `089 ${d(3)} ${d(4)}`,
      () => `0151 ${d(8)}`,
      () => `+49 30 ${d(7)}`,
      () => `+49 (0)89 ${d(6)}`,
      () => `030/${d(7)}`,
      () => `0221 ${d(2)} ${d(2)} ${d(3)}`,
      () => `+49 (0) 30 ${d(7)}`,
      () => `0171-${d(7)}`,
      () => `+49 89 ${d(6)}-${d(2)}`,
      () => `+43 1 ${d(3)} ${d(2)} ${d(2)}`,
      () => `044 ${d(3)} ${d(2)} ${d(2)}`,
    ],
    es: [
      () => `+34 ${random.pick([6, 9])}${d(2)} ${d(3)} ${d(3)}`,
      () => `91 ${d(3)} ${d(2)} ${d(2)}`,
      () => `6${d(2)} ${d(2)} ${d(2)} ${d(2)}`,
      () => `6${d(2)} ${d(3)} ${d(3)}`,
      () => `+34 9${d(2)} ${d(2)} ${d(2)} ${d(2)}`,
      () => `0034 91 ${d(3)} ${d(2)} ${d(2)}`,
      () => `+34 6${d(8)}`,
      () => `(+34) 9${d(2)} ${d(3)} ${d(3)}`,
    ],
    it: [
      () => `02 ${d(4)} ${d(4)}`,
      () => `06 ${d(8)}`,
      () => `+39 02 ${d(4)} ${d(4)}`,
      () => `3${random.int(2, 9)}${d(1)} ${d(3)} ${d(4)}`,
      () => `+39 3${random.int(2, 9)}${d(1)} ${d(7)}`,
      () => `+39 06 ${d(4)} ${d(4)}`,
      () => `3${random.int(2, 9)}${d(1)}-${d(7)}`,
      () => `055 ${d(3)} ${d(4)}`,
    ],
    nl: [
      () => `020-${d(7)}`,
      () => `06-${d(8)}`,
      () => `010 ${d(3)} ${d(4)}`,
      () => `+31 20 ${d(3)} ${d(4)}`,
      () => `+31 6 ${d(4)} ${d(4)}`,
      () => `06 ${d(2)} ${d(2)} ${d(2)} ${d(2)}`,
      () => `+31 (0)20 ${d(3)} ${d(4)}`,
      () => `070-${d(3)} ${d(2)} ${d(2)}`,
      () => `(020) ${d(3)} ${d(4)}`,
    ],
    pt: [
      () => `+351 21 ${d(3)} ${d(4)}`,
      () => `21 ${d(3)} ${d(4)}`,
      () => `9${random.pick([1, 2, 3, 6])}${d(1)} ${d(3)} ${d(3)}`,
      () => `+351 9${random.pick([1, 2, 3, 6])}${d(1)} ${d(3)} ${d(3)}`,
      () => `+55 11 9${d(4)}-${d(4)}`,
      () => `2${random.int(1, 9)}${d(1)} ${d(3)} ${d(3)}`,
      () => `(11) 9${d(4)}-${d(4)}`,
      () => `+351 ${random.pick([21, 22])}${d(1)} ${d(3)} ${d(3)}`,
      () => `(+351) 21 ${d(3)} ${d(4)}`,
    ],
  };
  return random.pick(forms[language])();
}

/** BBAN layouts (`n` digit, `a` capital letter, `c` either) of the countries the set uses. */
const BBAN_LAYOUTS: Record<string, string> = {
  DE: 'nnnnnnnnnnnnnnnnnn',
  FR: 'nnnnnnnnnncccccccccccnn',
  ES: 'nnnnnnnnnnnnnnnnnnnn',
  IT: 'annnnnnnnnncccccccccccc',
  NL: 'aaaannnnnnnnnn',
  BE: 'nnnnnnnnnnnn',
  PT: 'nnnnnnnnnnnnnnnnnnnnn',
  GB: 'aaaannnnnnnnnnnnnn',
  AT: 'nnnnnnnnnnnnnnnn',
  CH: 'nnnnncccccccccccc',
  LU: 'nnnccccccccccccc',
  IE: 'aaaannnnnnnnnnnnnn',
  PL: 'nnnnnnnnnnnnnnnnnnnnnnnn',
};
const COUNTRY_OF: Record<Language, readonly string[]> = {
  en: ['GB', 'IE', 'DE', 'FR'],
  fr: ['FR', 'BE', 'LU', 'CH'],
  de: ['DE', 'AT', 'CH', 'PL'],
  es: ['ES', 'PT', 'FR'],
  it: ['IT', 'CH', 'DE'],
  nl: ['NL', 'BE', 'DE'],
  pt: ['PT', 'ES', 'FR'],
};

export function iban(random: Random, language: Language): string {
  const country = random.pick(COUNTRY_OF[language]);
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const bban = [...BBAN_LAYOUTS[country]!]
    .map((kind) => (kind === 'n' || (kind === 'c' && random.next() < 0.8) ? String(random.int(0, 9)) : random.pick([...letters])))
    .join('');
  const check = pad(98 - mod97(`${bban}${country}00`), 2);
  const compact = `${country}${check}${bban}`;
  const style = random.next();
  return style < 0.6 ? groups(compact, 4) : style < 0.7 ? groups(compact, 4, '-') : compact;
}

const CARD_BRANDS: ReadonlyArray<{ prefixes: readonly string[]; length: number; grouping: readonly number[] }> = [
  { prefixes: ['4'], length: 16, grouping: [4, 4, 4, 4] },
  { prefixes: ['51', '53', '55', '2221', '2720'], length: 16, grouping: [4, 4, 4, 4] },
  { prefixes: ['34', '37'], length: 15, grouping: [4, 6, 5] },
  { prefixes: ['6011', '65'], length: 16, grouping: [4, 4, 4, 4] },
  { prefixes: ['3528', '3589'], length: 16, grouping: [4, 4, 4, 4] },
  { prefixes: ['36'], length: 14, grouping: [4, 6, 4] },
];

export function card(random: Random): string {
  const brand = random.pick(CARD_BRANDS);
  return formatCard(random, luhnComplete(random.pick(brand.prefixes), brand.length, random), brand.grouping);
}

/** A number of `length` digits that starts with `prefix` and passes the Luhn check. */
export function luhnComplete(prefix: string, length: number, random: Random): string {
  const body = prefix + random.digits(length - prefix.length - 1);
  for (let check = 0; check <= 9; check++) if (passesLuhn(body + check)) return body + check;
  throw new Error('unreachable: one check digit always passes');
}

export function formatCard(random: Random, digits: string, grouping: readonly number[]): string {
  const style = random.pick([' ', ' ', '-', '']);
  if (style === '') return digits;
  let offset = 0;
  return grouping
    .map((size) => {
      const part = digits.slice(offset, offset + size);
      offset += size;
      return part;
    })
    .join(style);
}

export function nir(random: Random): string {
  for (;;) {
    const sex = random.pick(['1', '2']);
    const year = pad(random.int(0, 99), 2);
    const month = pad(random.int(1, 12), 2);
    const department = random.next() < 0.1 ? random.pick(['2A', '2B']) : pad(random.int(1, 95), 2);
    if (department === '20') continue;
    const commune = pad(random.int(1, 999), 3);
    const order = pad(random.int(1, 999), 3);
    const number = `${sex}${year}${month}${department}${commune}${order}`;
    const key = pad(97 - Number(BigInt(number.replace('2A', '19').replace('2B', '18')) % 97n), 2);
    const compact = number + key;
    if (!isValidNir(compact)) throw new Error(`generated an invalid NIR ${compact}`);
    return random.next() < 0.6 ? `${sex} ${year} ${month} ${department} ${commune} ${order} ${key}` : compact;
  }
}

export function ssn(random: Random): string {
  for (;;) {
    const area = random.int(1, 899);
    if (area === 666) continue;
    const separator = random.pick(['-', '-', '-', ' ', '']);
    return [pad(area, 3), pad(random.int(1, 99), 2), pad(random.int(1, 9999), 4)].join(separator);
  }
}

const MONTHS: Record<Language, readonly string[]> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  de: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  it: ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'],
  nl: ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'],
  pt: ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'],
};

/** A date as the language writes it, in figures or with the month's name; `from`-`to` bounds the year. */
export function date(random: Random, language: Language, from: number, to: number): string {
  const year = random.int(from, to);
  const month = random.int(1, 12);
  const day = random.int(1, 28);
  const name = MONTHS[language][month - 1]!;
  const numeric = `${pad(day, 2)}/${pad(month, 2)}/${year}`;
  const forms: Record<Language, ReadonlyArray<() => string>> = {
    en: [
      () => `${day} ${name} ${year}`,
      () => `${name} ${day}, ${year}`,
      () => `${pad(month, 2)}/${pad(day, 2)}/${year}`,
      () => `${year}-${pad(month, 2)}-${pad(day, 2)}`,
      () => `${pad(day, 2)}-${name.slice(0, 3)}-${year}`,
    ],
    fr: [() => `${day === 1 ? '1er' : day} ${name} ${year}`, () => numeric],
    de: [() => `${day}. ${name} ${year}`, () => `${pad(day, 2)}.${pad(month, 2)}.${year}`],
    es: [() => `${day} de ${name} de ${year}`, () => numeric],
    it: [() => `${day} ${name} ${year}`, () => numeric],
    nl: [() => `${day} ${name} ${year}`, () => `${pad(day, 2)}-${pad(month, 2)}-${year}`],
    pt: [() => `${day} de ${name} de ${year}`, () => numeric],
  };
  return random.pick(forms[language])();
}

const ENGLISH_STREET_NAMES = ['Baker', 'Elm', 'Maple', 'Oak', 'High', 'Church', 'Station', 'Mill'];
const BRITISH_STREET_TYPES = ['Road', 'Close', 'Terrace', 'Crescent'];
const FRENCH_STREETS = [
  'rue de la Paix',
  'avenue Victor Hugo',
  'boulevard Voltaire',
  'place de la République',
  'allée des Lilas',
  'impasse du Moulin',
  'rue Lafayette',
];
const GERMAN_STREET_NAMES = ['Haupt', 'Bahnhof', 'Garten', 'Schiller', 'Goethe', 'Linden', 'Berg', 'Kirch'];
const GERMAN_SUFFIXES = ['straße', 'weg', 'platz', 'allee', 'gasse', 'str.'];
const DUTCH_SUFFIXES = ['straat', 'laan', 'gracht', 'weg', 'plein', 'kade'];
const DUTCH_STREET_NAMES = ['Kerk', 'Dorps', 'Molen', 'Heren', 'Keizers', 'Prinsen', 'School', 'Stations'];

const STREETS: Record<Language, ReadonlyArray<(random: Random) => string>> = {
  en: [
    (r) => `${r.int(1, 999)} ${r.pick(ENGLISH_STREET_NAMES)} ${r.pick(['Street', 'Road', 'Lane', 'Avenue', 'Drive'])}`,
    (r) => `${r.int(10, 4999)} ${r.pick(['Sunset', 'Lincoln', 'Washington', 'Lake Shore'])} ${r.pick(['Blvd', 'Ave.', 'St.', 'Drive'])}`,
    (r) => `${r.int(1, 99)}${r.pick(['', 'A', 'B'])} ${r.pick(['Victoria', 'Queen', 'Kings', 'Park'])} ${r.pick(BRITISH_STREET_TYPES)}`,
  ],
  fr: [
    (r) => `${r.int(1, 150)} ${r.pick(FRENCH_STREETS)}`,
    (r) => `${r.int(1, 40)} bis, ${r.pick(['rue des Écoles', 'chemin des Vignes', 'quai Saint-Michel'])}`,
  ],
  de: [
    (r) => `${r.pick(GERMAN_STREET_NAMES)}${r.pick(GERMAN_SUFFIXES)} ${r.int(1, 120)}${r.pick(['', '', 'a', 'b'])}`,
    (r) => `${r.pick(['Berliner', 'Münchner', 'Frankfurter', 'Kölner'])} Straße ${r.int(1, 200)}`,
  ],
  es: [
    (r) => `Calle ${r.pick(['Mayor', 'Serrano', 'de Alcalá', 'del Sol', 'de Cervantes'])} ${r.int(1, 150)}`,
    (r) => `C/ ${r.pick(['Alcalá', 'Princesa', 'Goya', 'Velázquez'])}, ${r.int(1, 99)}`,
    (r) => `${r.pick(['Avenida de la Constitución', 'Plaza Mayor', 'Paseo de la Castellana', 'Avenida Diagonal'])} ${r.int(1, 300)}`,
  ],
  it: [
    (r) => `Via ${r.pick(['Roma', 'Garibaldi', 'Giuseppe Verdi', 'Dante Alighieri', 'Nazionale', 'del Corso'])} ${r.int(1, 200)}`,
    (r) => `${r.pick(['Corso Vittorio Emanuele II', 'Piazza del Duomo', 'Viale Monza', 'Piazza Navona'])}, ${r.int(1, 99)}`,
  ],
  nl: [(r) => `${r.pick(DUTCH_STREET_NAMES)}${r.pick(DUTCH_SUFFIXES)} ${r.int(1, 300)}${r.pick(['', '', 'A', '-II'])}`],
  pt: [
    (r) => `Rua ${r.pick(['Augusta', 'do Carmo', 'das Flores', 'de Santa Catarina', 'Garrett'])}, ${r.int(1, 200)}`,
    (r) => `${r.pick(['Avenida da Liberdade', 'Travessa do Fala-Só', 'Praça do Comércio', 'Avenida Paulista'])} ${r.int(1, 999)}`,
  ],
};
const POSTAL_TAILS: Record<Language, ReadonlyArray<(random: Random) => string>> = {
  en: [
    (r) => `${r.pick(['Springfield', 'Portland', 'Austin', 'Boston'])}, ${r.pick(['IL', 'OR', 'TX', 'MA'])} ${r.int(10000, 99999)}`,
    (r) => `${r.pick(['London', 'Manchester', 'Leeds', 'Bristol'])} ${r.pick(['NW1 6XE', 'M1 1AE', 'LS1 4AP', 'BS1 5TR', 'SW1A 2AA'])}`,
  ],
  fr: [(r) => `${r.int(10, 95)}${r.digits(3)} ${r.pick(['Paris', 'Lyon', 'Marseille', 'Toulouse', 'Aix-en-Provence', 'Saint-Étienne'])}`],
  de: [(r) => `${r.int(10, 99)}${r.digits(3)} ${r.pick(['Berlin', 'München', 'Hamburg', 'Köln', 'Frankfurt am Main'])}`],
  es: [(r) => `${r.pick(['28', '08', '41', '46'])}${r.digits(3)} ${r.pick(['Madrid', 'Barcelona', 'Sevilla', 'Valencia'])}`],
  it: [(r) => `${r.pick(['00', '20', '50', '80'])}${r.digits(3)} ${r.pick(['Roma', 'Milano', 'Firenze', 'Napoli'])}`],
  nl: [(r) => `${r.int(1000, 9999)} ${r.pick(['AB', 'CD', 'KL', 'XZ'])} ${r.pick(['Amsterdam', 'Utrecht', 'Rotterdam', 'Den Haag'])}`],
  pt: [(r) => `${r.int(1000, 9999)}-${r.digits(3)} ${r.pick(['Lisboa', 'Porto', 'Coimbra', 'Braga'])}`],
};

/** A street address, with its postcode and city half of the time. */
export function address(random: Random, language: Language): string {
  const street = random.pick(STREETS[language])(random);
  return random.next() < 0.5 ? `${street}, ${random.pick(POSTAL_TAILS[language])(random)}` : street;
}

/** A postcode and city alone: not an address by the step's rules (no street). */
export function postcodeAndCity(random: Random, language: Language): string {
  return random.pick(POSTAL_TAILS[language])(random);
}

/** A valid ISBN-13, hyphenated. */
export function isbn(random: Random): string {
  const body = `978${random.int(0, 3)}${random.digits(8)}`;
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  const check = (10 - (sum % 10)) % 10;
  return `${body.slice(0, 3)}-${body[3]}-${body.slice(4, 7)}-${body.slice(7, 12)}-${check}`;
}

/** A 16-digit number that passes Luhn but lies in no card issuer's range, or would: for invoice and order numbers. */
export function luhnPassingId(random: Random): string {
  return luhnComplete(random.pick(['1', '8', '9', '4', '5']), 16, random);
}

export function version(random: Random): string {
  return random.pick([
    () => `${random.int(1, 12)}.${random.int(0, 20)}.${random.int(0, 30)}`,
    () => `v${random.int(1, 5)}.${random.int(0, 9)}.${random.int(0, 9)}.${random.int(0, 200)}`,
    () => `${random.int(1, 10)}.${random.int(0, 9)}.${random.int(0, 9)}.${random.int(0, 9)}`,
    () => `10.0.${random.int(10000, 22631)}.${random.int(1, 3000)}`,
  ])();
}

export function orderNumber(random: Random): string {
  return random.pick([
    () => `${random.int(100, 999)}-${random.digits(7)}-${random.digits(7)}`,
    () => `${pad(random.int(1, 99), 4)} ${random.digits(4)} ${random.digits(4)}`,
    () => `${random.int(2019, 2024)}-${random.digits(6)}`,
    () => random.digits(10),
    () => `${random.int(100, 899)}-${random.digits(2)}-${random.digits(4)}`,
  ])();
}

/** A span of hours as timetables write it: `12:30-14:00`, `9h30 – 12h`, `14.00–18.00`. */
export function timeRange(random: Random, language: Language): string {
  const from = random.int(6, 13);
  const to = random.int(from + 1, 22);
  const minutes = () => random.pick(['00', '15', '30', '45']);
  const dash = random.pick(['-', '–', ' - ', ' – ']);
  const separator = language === 'fr' ? random.pick([':', 'h']) : language === 'de' || language === 'nl' ? random.pick([':', '.']) : ':';
  return `${pad(from, random.pick([1, 2]))}${separator}${minutes()}${dash}${pad(to, 2)}${separator}${minutes()}`;
}

/** A span of years: `1998-2004`, `2019–2023`, `2021/22`. */
export function yearRange(random: Random): string {
  const from = random.int(1960, 2020);
  const to = from + random.int(1, 12);
  return random.pick([`${from}-${to}`, `${from}–${to}`, `${from} - ${to}`, `${from}/${String(from + 1).slice(2)}`]);
}

/** Dimensions: `120 x 80 x 45 mm`, `1200×800 mm`, `2,5 x 3,75 m`. */
export function measure(random: Random, language: Language): string {
  const decimal = language === 'en' ? '.' : ',';
  return random.pick([
    () => `${random.int(10, 999)} x ${random.int(10, 999)} x ${random.int(10, 999)} mm`,
    () => `${random.int(100, 2400)}×${random.int(100, 2400)} mm`,
    () => `${random.int(1, 9)}${decimal}${random.int(1, 9)} x ${random.int(1, 9)}${decimal}${random.int(10, 95)} m`,
    () => `${random.int(10, 99)} × ${random.int(10, 99)} × ${random.int(10, 99)} cm`,
  ])();
}

/** An amount of money as the language groups thousands: `1,234,567.89`, `1 234 567,89`, `1.234.567,89`. */
export function amount(random: Random, language: Language): string {
  const millions = random.int(1, 999);
  const thousands = pad(random.int(0, 999), 3);
  const units = pad(random.int(0, 999), 3);
  const cents = pad(random.int(0, 99), 2);
  const grouped: Record<Language, string> = {
    en: `${millions},${thousands},${units}.${cents}`,
    fr: `${millions} ${thousands} ${units},${cents}`,
    de: `${millions}.${thousands}.${units},${cents}`,
    es: `${millions}.${thousands}.${units},${cents}`,
    it: `${millions}.${thousands}.${units},${cents}`,
    nl: `${millions}.${thousands}.${units},${cents}`,
    pt: `${millions} ${thousands} ${units},${cents}`,
  };
  return random.pick([grouped[language], `${millions} ${thousands} ${units}`, `${millions}\u00a0${thousands}\u00a0${units},${cents}`]);
}

/** A serial number or product code: digit groups joined by dashes, with or without letters. */
export function serial(random: Random): string {
  const d = (count: number) => random.digits(count);
  return random.pick([
    () => `${d(4)}-${d(4)}-${d(4)}`,
    () => `${random.int(2, 9)}${d(2)}-${random.int(2, 9)}${d(2)}-${d(4)}`,
    () => `${d(3)}.${d(3)}.${d(3)}`,
    () => `${random.pick(['SN', 'XK', 'A', 'BX'])}-${d(4)}-${d(4)}`,
    () => `${d(2)} ${d(3)} ${d(3)} ${d(3)}`,
    () => `${d(5)}/${d(5)}`,
  ])();
}

const degrees = (random: Random, from: number, to: number) => `${random.int(from, to)}°${random.int(0, 59)}′${random.int(0, 59)}″`;

/** Geographic coordinates in decimal degrees or degrees, minutes and seconds. */
export function coordinates(random: Random): string {
  const decimals = () => random.digits(4);
  return random.pick([
    () => `${random.int(35, 60)}.${decimals()}, ${random.int(0, 20)}.${decimals()}`,
    () => `${random.int(35, 60)}.${decimals()} ${random.pick(['-', ''])}${random.int(1, 120)}.${decimals()}`,
    () => `${degrees(random, 35, 60)}N ${degrees(random, 0, 20)}E`,
  ])();
}

/** A date in one of the many numeric forms documents use, whatever the language. */
export function numericDate(random: Random): string {
  const year = random.int(1995, 2025);
  const month = pad(random.int(1, 12), 2);
  const day = pad(random.int(1, 28), 2);
  return random.pick([
    `${year}-${month}-${day}`,
    `${day}.${month}.${year}`,
    `${day}/${month}/${String(year).slice(2)}`,
    `${year}${month}${day}`,
    `${day}-${month}-${year}`,
    `${year}/${month}/${day}`,
    `${day}. ${month}. ${year}`,
  ]);
}

/** An ISSN (check digit mod 11) or a DOI. */
export function issnOrDoi(random: Random): string {
  if (random.next() < 0.5) {
    const digits = random.digits(7);
    const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * (8 - index), 0);
    const check = (11 - (sum % 11)) % 11;
    return `${digits.slice(0, 4)}-${digits.slice(4)}${check === 10 ? 'X' : check}`;
  }
  return `10.${random.int(1000, 9999)}/${random.pick(['', 's', 'j.'])}${random.digits(random.int(5, 8))}`;
}

/** A page range: `pp. 1123-1145`, `S. 12–18`. */
export function pageRange(random: Random): string {
  const from = random.int(1, 1800);
  return `${from}-${from + random.int(2, 40)}`;
}

/** A company or tax registration number: VAT numbers in groups, SIRET, a French SIREN (which never begin with 0). */
export function companyNumber(random: Random, language: Language): string {
  const country: Record<Language, string> = { en: 'GB', fr: 'FR', de: 'DE', es: 'ES', it: 'IT', nl: 'NL', pt: 'PT' };
  return random.pick([
    () => `${country[language]} ${random.digits(3)} ${random.digits(3)} ${random.digits(3)}`,
    () => `${random.int(100, 999)} ${random.digits(3)} ${random.digits(3)} ${random.digits(5)}`,
    () => `${random.int(100, 999)} ${random.digits(3)} ${random.digits(3)}`,
    () => `${country[language]}${random.digits(9)}`,
  ])();
}

/** A bank sort code and account number as British statements print them. */
export function sortCode(random: Random): string {
  return `${random.digits(2)}-${random.digits(2)}-${random.digits(2)}`;
}

/** A statute reference: `§ 12 Abs. 3`, `art. L. 1234-5`, `Art. 2043`. */
export function statute(random: Random, language: Language): string {
  const article = random.int(1, 2500);
  const forms: Record<Language, readonly string[]> = {
    en: [`s. ${article}(${random.int(1, 9)})`, `§ ${article}`],
    fr: [`art. L. ${random.int(1000, 8999)}-${random.int(1, 40)}`, `article ${article}`],
    de: [`§ ${random.int(1, 999)} Abs. ${random.int(1, 9)} Satz ${random.int(1, 4)}`, `§§ ${article}-${article + 3}`],
    es: [`art. ${article}.${random.int(1, 9)}`, `artículo ${article}`],
    it: [`art. ${article}, comma ${random.int(1, 9)}`, `art. ${article}-bis`],
    nl: [`art. ${random.int(1, 9)}:${article} BW`, `artikel ${article} lid ${random.int(1, 5)}`],
    pt: [`art. ${article}.º, n.º ${random.int(1, 9)}`, `artigo ${article}`],
  };
  return random.pick(forms[language]);
}

/** Two-digit figures in a row, as a timetable's minutes or a lottery draw print them: `04 11 23 35 42 49`. */
export function pairs(random: Random): string {
  return Array.from({ length: random.int(6, 8) }, () => pad(random.int(0, 59), 2)).join(' ');
}
