import { describe, expect, it } from 'vitest';
import { isValidIban, isValidNir, isValidSsn, passesLuhn } from './checksums';

describe('check digits', () => {
  it('accepts the IBANs published as examples by their banks and registries, and rejects a changed digit or length', () => {
    for (const iban of [
      'DE89370400440532013000',
      'GB82WEST12345698765432',
      'FR1420041010050500013M02606',
      'NL91ABNA0417164300',
      'BE68539007547034',
    ]) {
      expect(isValidIban(iban)).toBe(true);
    }
    expect(isValidIban('DE89370400440532013001')).toBe(false);
    expect(isValidIban('DE8937040044053201300')).toBe(false);
    expect(isValidIban('XX89370400440532013000')).toBe(false);
  });

  it('runs the Luhn check on the test card numbers of the card networks', () => {
    for (const card of ['4111111111111111', '5555555555554444', '378282246310005', '6011111111111117', '30569309025904']) {
      expect(passesLuhn(card)).toBe(true);
    }
    expect(passesLuhn('4111111111111112')).toBe(false);
  });

  it('checks the NIR key, with Corsica counted as 19 and 18', () => {
    const key = (number: string) => String(97 - Number(BigInt(number) % 97n)).padStart(2, '0');
    expect(isValidNir(`2900575123456${key('2900575123456')}`)).toBe(true);
    expect(isValidNir(`18505${'2A'}006084${key('1850519006084')}`)).toBe(true);
    expect(isValidNir(`2900575123456${key('2900575123457')}`)).toBe(false);
    expect(isValidNir(`2901575123456${key('2901575123456')}`)).toBe(false); // month 15
  });

  it('rejects the SSNs that were never issued', () => {
    expect(isValidSsn('078', '05', '1120')).toBe(true);
    expect(isValidSsn('000', '12', '3456')).toBe(false);
    expect(isValidSsn('666', '12', '3456')).toBe(false);
    expect(isValidSsn('912', '12', '3456')).toBe(false);
    expect(isValidSsn('123', '00', '3456')).toBe(false);
    expect(isValidSsn('123', '45', '0000')).toBe(false);
  });
});
