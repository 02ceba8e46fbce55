import { describe, expect, it } from 'vitest';
import { detectPii } from './detect-pii';
import type { PiiLabel } from './pii-label';

function found(text: string): Array<[PiiLabel, string]> {
  return detectPii(text).map((match) => [match.label, text.slice(match.start, match.end)]);
}

describe('detectPii', () => {
  it.each<[string, Array<[PiiLabel, string]>]>([
    [
      'Write to jane.roe@example.co.uk or see https://example.org/wiki/Foo_(bar).',
      [
        ['email', 'jane.roe@example.co.uk'],
        ['url', 'https://example.org/wiki/Foo_(bar)'],
      ],
    ],
    ['(see www.example.org/docs), then reload', [['url', 'www.example.org/docs']]],
    [
      'Server 192.168.0.1 and 2001:db8::8a2e:370:7334 and fe80::1:2',
      [
        ['ipv4', '192.168.0.1'],
        ['ipv6', '2001:db8::8a2e:370:7334'],
        ['ipv6', 'fe80::1:2'],
      ],
    ],
    [
      'IBAN DE89 3704 0044 0532 0130 00 or FR1420041010050500013M02606',
      [
        ['iban', 'DE89 3704 0044 0532 0130 00'],
        ['iban', 'FR1420041010050500013M02606'],
      ],
    ],
    [
      'Paid with card 4111 1111 1111 1111; Amex 3782 822463 10005.',
      [
        ['card', '4111 1111 1111 1111'],
        ['card', '3782 822463 10005'],
      ],
    ],
    [
      'SSN: 078-05-1120. NIR 1 85 05 2A 006 084 35 (not 1 85 05 2A 006 084 36)',
      [
        ['us_ssn', '078-05-1120'],
        ['fr_nir', '1 85 05 2A 006 084 35'],
      ],
    ],
    [
      'Call +44 20 7946 0958, (415) 555-0132 or 020 7946 0958.',
      [
        ['phone', '+44 20 7946 0958'],
        ['phone', '(415) 555-0132'],
        ['phone', '020 7946 0958'],
      ],
    ],
    [
      'Tél. : 01 23 45 67 89, portable 06.12.34.56.78',
      [
        ['phone', '01 23 45 67 89'],
        ['phone', '06.12.34.56.78'],
      ],
    ],
    [
      'Telefon 030/1234567 oder +49 (0)89 123456',
      [
        ['phone', '030/1234567'],
        ['phone', '+49 (0)89 123456'],
      ],
    ],
    [
      'Llámame al 612 345 678 o al 91 123 45 67.',
      [
        ['phone', '612 345 678'],
        ['phone', '91 123 45 67'],
      ],
    ],
    [
      'Mobile (415) 555-0132 ext. 204; appelez le +33 5 62 33 40 79 (9h45 – 13h15), ligue (11) 94103-0685 ou tel. 379-4453438',
      [
        ['phone', '(415) 555-0132 ext. 204'],
        ['phone', '+33 5 62 33 40 79'],
        ['phone', '(11) 94103-0685'],
        ['phone', '379-4453438'],
      ],
    ],
    [
      'Teléfono (+34) 912 345 678; Tel.: 02 1234 5678 (ufficio), 333 123 4567; Telefoonnummer: 0612345678\nM: 612 345 678',
      [
        ['phone', '(+34) 912 345 678'],
        ['phone', '02 1234 5678'],
        ['phone', '333 123 4567'],
        ['phone', '0612345678'],
        ['phone', '612 345 678'],
      ],
    ],
    [
      'IBAN de89 3704 0044 0532 0130 00 or GB82-WEST-1234-5698-7654-32',
      [
        ['iban', 'de89 3704 0044 0532 0130 00'],
        ['iban', 'GB82-WEST-1234-5698-7654-32'],
      ],
    ],
    [
      'Jane, born on 12 March 1985, né le 1er mars 1990, geboren am 3. Mai 1970.',
      [
        ['date_of_birth', '12 March 1985'],
        ['date_of_birth', '1er mars 1990'],
        ['date_of_birth', '3. Mai 1970'],
      ],
    ],
    [
      'Fecha de nacimiento: 12/03/1985; data di nascita 4 aprile 1960',
      [
        ['date_of_birth', '12/03/1985'],
        ['date_of_birth', '4 aprile 1960'],
      ],
    ],
    [
      'DATE OF BIRTH: 12/03/1985; DOB: 12-Mar-1985; Fecha nac.: 12-03-1985',
      [
        ['date_of_birth', '12/03/1985'],
        ['date_of_birth', '12-Mar-1985'],
        ['date_of_birth', '12-03-1985'],
      ],
    ],
    [
      'NOM : Marie Dupont\nHerrn Dr. med. Lukas Müller\nsalutations distinguées.\n\nCordialement,\n\nJean Martin',
      [
        ['person', 'Marie Dupont'],
        ['person', 'Lukas Müller'],
        ['person', 'Jean Martin'],
      ],
    ],
    ['He lives at 221B Baker Street, London NW1 6XE.', [['address', '221B Baker Street, London NW1 6XE']]],
    [
      'Envoyez-le au 12 rue de la Paix, 75002 Paris, puis Via Roma 10.',
      [
        ['address', '12 rue de la Paix, 75002 Paris'],
        ['address', 'Via Roma 10'],
      ],
    ],
    [
      'Hauptstraße 5, 10115 Berlin; Kerkstraat 12, 1234 AB Amsterdam',
      [
        ['address', 'Hauptstraße 5, 10115 Berlin'],
        ['address', 'Kerkstraat 12, 1234 AB Amsterdam'],
      ],
    ],
    [
      'Dear Mr Smith,\nas Prof. Dr. Anna van der Berg said. Sincerely,\nJohn Doe',
      [
        ['person', 'Smith'],
        ['person', 'Anna van der Berg'],
        ['person', 'John Doe'],
      ],
    ],
    [
      'Sehr geehrte Frau Müller,\nMit freundlichen Grüßen\nJürgen Schäfer',
      [
        ['person', 'Müller'],
        ['person', 'Jürgen Schäfer'],
      ],
    ],
    [
      'Gentile Sig.ra Bianchi, il sig. Marco Rossi e la Dott.ssa Conti',
      [
        ['person', 'Bianchi'],
        ['person', 'Marco Rossi'],
        ['person', 'Conti'],
      ],
    ],
  ])('finds the values in %j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it.each([
    'ISBN 978-3-16-148410-0 and ISBN 0-306-40615-2',
    'Order no. 0042 7781 2291, invoice 4539 1488 0343 6467, Bestellnummer 123-45-6789',
    'Upgrade from version 1.2.3.4 to v2.0.1.7; build 10.0.19041.1',
    'The contract was signed on 12 March 2021 and the meeting is on 2023-01-15.',
    'Revenue | 2019 | 2020 | 2021\nTotal | 415 555 0132 | 912 345 678 | 1 234 567',
    'Units sold\t250 300 1500\t2000',
    'Dear Customer,\nSehr geehrte Damen und Herren,\nDear Sir or Madam,',
    'Times 12:30:45 and code std::vector<int> and Bad::Cafe',
    'The NATO summit on 4 April 2023 was held in Vilnius.',
    'Mr. Speaker, Madam President, 75002 Paris alone is no address.',
    'Numéro de série 01602/88141; Product code 403-347-9650; KvK-nummer 746-411-2054; NIF da empresa: 052 158 907.',
    'Ref. cliente 0047 6355 8646; N.º de cliente 0301234567; NATO il 12/03/1985',
    'Winning numbers 04 11 23 35 42 49; Art.-Nr. 030 1234567, Kd.-Nr. 0301 234567',
    'Open 09:30-17:00, crate 120 x 80 x 45 mm, sort code 20-45-67, ISSN 0317-8471, pp. 1123-1145, 1998-2004.',
  ])('finds nothing in %j', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('prefers the label that checked its value where two overlap', () => {
    expect(found('IBAN: BE68 5390 0754 7034')).toEqual([['iban', 'BE68 5390 0754 7034']]);
    expect(found('mailto:someone@www.example.com')).toEqual([['email', 'someone@www.example.com']]);
  });

  it('reads 100 kB adversarial strings in linear time', () => {
    const size = 100_000;
    const fill = (unit: string) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
    const adversarial = [
      fill('a'),
      fill('a.'),
      fill('a@'),
      fill('1 '),
      fill('1-'),
      fill('0'),
      fill('+1 '),
      fill('a:'),
      fill('1:'),
      fill('1.'),
      fill('DE89 '),
      fill('Dr. '),
      fill('Mr Aa '),
      fill('Dear Aa '),
      fill('12 rue Aa '),
      fill('Via Aa '),
      fill('Aaastraße '),
      fill('born 1 '),
      fill('https://'),
      fill('www.a'),
      fill('(0'),
      fill('Sincerely,\nAa '),
      fill('a.a@'),
      fill('1.1.1.'),
      fill('Aa Aa Aa '),
      fill('de la '),
      fill('12 Aa Aa '),
      fill('n° '),
      fill(' (1'),
      fill('1 x1 '),
    ];
    for (const text of adversarial) {
      const started = performance.now();
      detectPii(`${text}!`);
      // Far above the few milliseconds each takes; a pattern that backtracks takes minutes.
      expect(performance.now() - started, JSON.stringify(text.slice(0, 12))).toBeLessThan(2_000);
    }
  });
});
