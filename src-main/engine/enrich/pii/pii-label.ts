/** What the `pii` step finds, in the order its spans win when two overlap (see `detectPii`). */
export const PII_LABELS = [
  'email',
  'url',
  'iban',
  'card',
  'fr_nir',
  'us_ssn',
  'ipv6',
  'ipv4',
  'phone',
  'date_of_birth',
  'address',
  'person',
] as const;

export type PiiLabel = (typeof PII_LABELS)[number];

/** A value found in a text: `[start, end)` in UTF-16 units of that text. */
export interface PiiMatch {
  label: PiiLabel;
  start: number;
  end: number;
}

/** What `mask` writes in place of a value: `[EMAIL]`, `[PHONE]`, `[DATE_OF_BIRTH]`. */
export function piiPlaceholder(label: PiiLabel): string {
  return `[${label.toUpperCase()}]`;
}
