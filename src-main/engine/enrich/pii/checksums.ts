/** Check digits of the identifiers the `pii` step recognises: a value that fails its check is not reported. */

/** The Luhn (mod 10) check of payment card numbers. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** IBAN lengths by country (ISO 13616 registry). */
const IBAN_LENGTHS: ReadonlyMap<string, number> = new Map(
  (
    'AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BI27 BR29 BY28 CH21 CR22 CY28 CZ24 DE22 DJ27 DK18 DO28 EE20 EG29 ES24 ' +
    'FI18 FK18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28 HN28 HR21 HU28 IE22 IL23 IQ23 IS26 IT27 JO30 KW30 KZ20 LB28 LC32 ' +
    'LI21 LT20 LU20 LV21 LY25 MC27 MD24 ME22 MK19 MN20 MR27 MT31 MU30 NI28 NL18 NO15 OM23 PK24 PL28 PS29 PT25 QA29 RO24 ' +
    'RS22 RU33 SA24 SC31 SD18 SE24 SI19 SK24 SM27 SO23 ST25 SV28 TL23 TN24 TR26 UA29 VA22 VG24 XK20 YE30'
  )
    .split(' ')
    .map((entry): [string, number] => [entry.slice(0, 2), Number(entry.slice(2))]),
);

/** The length of an IBAN of `country`, undefined for a country without IBANs. */
export function ibanLength(country: string): number | undefined {
  return IBAN_LENGTHS.get(country);
}

/** ISO 13616: the right length for its country and mod 97 of the rearranged number is 1 (`compact` has no spaces). */
export function isValidIban(compact: string): boolean {
  if (ibanLength(compact.slice(0, 2)) !== compact.length || !/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(compact)) return false;
  return mod97(compact.slice(4) + compact.slice(0, 4)) === 1;
}

/** The remainder by 97 of the number a string of digits and letters (A = 10 ... Z = 35) spells. */
export function mod97(alphanumeric: string): number {
  let remainder = 0;
  for (const char of alphanumeric) {
    const code = char.charCodeAt(0);
    const value = code >= 65 ? code - 55 : code - 48;
    remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder;
}

/**
 * The French social security number (NIR, 13 digits and a 2-digit key): the key is 97 minus the
 * number mod 97, Corsica's departments 2A and 2B counted as 19 and 18.
 */
export function isValidNir(compact: string): boolean {
  if (!/^[1-478]\d{4}(?:\d{2}|2[AB])\d{8}$/.test(compact)) return false;
  const number = compact.slice(0, 13).replace('2A', '19').replace('2B', '18');
  const month = Number(compact.slice(3, 5));
  // Months 20-42 and 50-99 are given to people whose month of birth is unknown.
  if (month === 0 || (month > 12 && month < 20) || (month > 42 && month < 50)) return false;
  const key = Number(compact.slice(13));
  return key === 97 - Number(BigInt(number) % 97n);
}

/**
 * A US social security number that could have been issued: area 001-899 but not 666, group 01-99,
 * serial 0001-9999 (SSA rules; the 9xx areas are taxpayer numbers, never SSNs).
 */
export function isValidSsn(area: string, group: string, serial: string): boolean {
  return area !== '000' && area !== '666' && area[0] !== '9' && group !== '00' && serial !== '0000';
}
