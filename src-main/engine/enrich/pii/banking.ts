import { CARD_CONTEXT, IDENTIFIER_CONTEXT, wordsBefore, wordsSinceLastValue } from './context-words';
import { ibanLength, isValidIban, passesLuhn } from './checksums';
import type { PiiMatch } from './pii-label';

/** Where an IBAN may begin: a country code and two check digits, not inside a word. */
const IBAN_START = /(?<![\p{L}\p{N}])[A-Za-z]{2}\d{2}/gu;
const IBAN_CHAR = /[A-Za-z0-9]/;
/** What may stand between an IBAN's groups: one space (a no-break one in many PDFs) or a hyphen. */
const IBAN_SEPARATOR = /[ \u00a0-]/;

/**
 * IBANs, written compact or in groups of four (`DE89 3704 ...`, `GB82-WEST-...`, in lower case as
 * some forms print them): the country's length of letters and digits is read from the start, one
 * separator at most between them, then the mod-97 check decides.
 */
export function findIbans(text: string): PiiMatch[] {
  const found: PiiMatch[] = [];
  for (const match of text.matchAll(IBAN_START)) {
    const length = ibanLength(match[0].slice(0, 2).toUpperCase());
    if (length === undefined) continue;
    let compact = '';
    let end = match.index;
    while (end < text.length && compact.length < length) {
      const char = text[end]!;
      if (IBAN_CHAR.test(char)) compact += char.toUpperCase();
      else if (!IBAN_SEPARATOR.test(char) || !IBAN_CHAR.test(text[end + 1] ?? '') || IBAN_SEPARATOR.test(text[end - 1]!)) break;
      end++;
    }
    if (compact.length !== length || /[\p{L}\p{N}]/u.test(text[end] ?? '')) continue;
    if (isValidIban(compact)) found.push({ label: 'iban', start: match.index, end });
  }
  return found;
}

/** 12-19 digits, single spaces or hyphens between groups, not inside a longer number. */
const CARD_CANDIDATE = /(?<![\p{L}\p{N}_.,\-/])\d(?:[ -]?\d){11,18}(?![\p{N}]|[ -]\d)/gu;

/** Issuer (IIN) ranges and lengths of the card brands in use. */
const CARD_BRANDS: ReadonlyArray<{ prefix: RegExp; lengths: readonly number[] }> = [
  { prefix: /^4/, lengths: [13, 16, 19] }, // Visa
  { prefix: /^(?:5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/, lengths: [16] }, // Mastercard
  { prefix: /^3[47]/, lengths: [15] }, // American Express
  { prefix: /^(?:6011|64[4-9]|65)/, lengths: [16, 17, 18, 19] }, // Discover
  { prefix: /^(?:30[0-5]|3095|36|3[89])/, lengths: [14, 15, 16, 17, 18, 19] }, // Diners Club
  { prefix: /^35(?:2[89]|[3-8]\d)/, lengths: [16, 17, 18, 19] }, // JCB
  { prefix: /^62/, lengths: [16, 17, 18, 19] }, // UnionPay
  { prefix: /^220[0-4]/, lengths: [16, 17, 18, 19] }, // Mir
  { prefix: /^(?:5018|5020|5038|5893|6304|6759|676[1-3])/, lengths: [12, 13, 14, 15, 16, 17, 18, 19] }, // Maestro
];

/** How card numbers are printed: in fours, or 4-6-5 / 4-6-4 (American Express, Diners Club). */
const CARD_GROUPINGS = new Set(['16', '15', '14', '13', '19', '4-4-4-4', '4-6-5', '4-6-4', '4-4-4-3', '4-4-4-4-3', '4-4-4-1', '4-4-4']);

/**
 * Payment card numbers: a brand's issuer range and length, the Luhn check and the way cards are
 * printed. A number named as an invoice, order or reference just before it (and not as a card) is
 * not a card, even if it passes (one number in ten does by chance).
 */
export function findCards(text: string): PiiMatch[] {
  const found: PiiMatch[] = [];
  for (const match of text.matchAll(CARD_CANDIDATE)) {
    const digits = match[0].replace(/\D/g, '');
    const grouping = match[0]
      .split(/[ -]/)
      .map((group) => group.length)
      .join('-');
    if (!CARD_GROUPINGS.has(grouping) || /[ ].*-|-.*[ ]/.test(match[0])) continue;
    if (!CARD_BRANDS.some((brand) => brand.prefix.test(digits) && brand.lengths.includes(digits.length))) continue;
    if (!passesLuhn(digits)) continue;
    const before = wordsSinceLastValue(wordsBefore(text, match.index));
    if (IDENTIFIER_CONTEXT.test(before) && !CARD_CONTEXT.test(before)) continue;
    found.push({ label: 'card', start: match.index, end: match.index + match[0].length });
  }
  return found;
}
