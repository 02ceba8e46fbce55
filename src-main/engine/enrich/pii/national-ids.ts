import { wordsBefore, wordsSinceLastValue } from './context-words';
import { isValidNir, isValidSsn } from './checksums';
import type { PiiMatch } from './pii-label';

/**
 * `123-45-6789`, with a word that names it before it (SSN, social security): three groups of
 * figures of this shape name many other things (parts, orders, cases).
 */
const SSN = /(?<![\p{L}\p{N}\-/.])(\d{3})([- ]?)(\d{2})\2(\d{4})(?![\p{N}]|[- ]\d)/gu;
const SSN_CONTEXT = /\b(?:ssn|ss#|social security|soc\.? ?sec\.?)/iu;

export function findSsns(text: string): PiiMatch[] {
  const found: PiiMatch[] = [];
  for (const match of text.matchAll(SSN)) {
    const [value, area, , group, serial] = match as unknown as [string, string, string, string, string];
    if (!isValidSsn(area, group, serial) || !SSN_CONTEXT.test(wordsSinceLastValue(wordsBefore(text, match.index, 64)))) continue;
    found.push({ label: 'us_ssn', start: match.index, end: match.index + value.length });
  }
  return found;
}

/**
 * The French NIR: sex, year, month, department (2A and 2B for Corsica), commune, order and a
 * 2-digit key, compact or grouped (`1 85 05 78 006 084 36`); the key decides.
 */
const NIR = /(?<![\p{L}\p{N}])[1-478][ .]?\d{2}[ .]?\d{2}[ .]?(?:\d{2}|2[AB])[ .]?\d{3}[ .]?\d{3}[ .]?\d{2}(?![\p{L}\p{N}])/gu;

export function findNirs(text: string): PiiMatch[] {
  const found: PiiMatch[] = [];
  for (const match of text.matchAll(NIR)) {
    if (isValidNir(match[0].replace(/[ .]/g, ''))) found.push({ label: 'fr_nir', start: match.index, end: match.index + match[0].length });
  }
  return found;
}
