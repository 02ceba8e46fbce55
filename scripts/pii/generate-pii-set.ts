import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PiiLabel } from '../../src-main/engine/enrich/pii/pii-label';
import { TEMPLATES } from './pii-templates';
import * as values from './pii-values';
import { LANGUAGES, Random, type Language } from './pii-values';

/**
 * Writes the PII evaluation set, `test-data/pii/pii-eval.jsonl`: each hand-written sentence of
 * `pii-templates.ts` filled three times with seeded values. The same seed gives the same file.
 *
 *   node --import tsx scripts/pii/generate-pii-set.ts [--seed 11]
 */

export interface PiiExample {
  lang: Language;
  /** The sentence the text was made from: the evaluation's split is by sentence, so a held-out sentence is never seen in tuning. */
  template: string;
  text: string;
  /** `[start, end)` in code points of `text`. */
  spans: Array<{ label: PiiLabel; start: number; end: number; text: string }>;
}

const FILLS_PER_TEMPLATE = 3;
export const PII_SET_PATH = path.resolve(import.meta.dirname, '../../test-data/pii/pii-eval.jsonl');

type Fill = (random: Random, language: Language) => string;

const PII_SLOTS: Record<string, { label: PiiLabel; fill: Fill }> = {
  email: { label: 'email', fill: values.email },
  url: { label: 'url', fill: (r) => values.url(r) },
  iban: { label: 'iban', fill: values.iban },
  card: { label: 'card', fill: (r) => values.card(r) },
  nir: { label: 'fr_nir', fill: (r) => values.nir(r) },
  ssn: { label: 'us_ssn', fill: (r) => values.ssn(r) },
  ipv4: { label: 'ipv4', fill: (r) => values.ipv4(r) },
  ipv6: { label: 'ipv6', fill: (r) => values.ipv6(r) },
  phone: { label: 'phone', fill: values.phone },
  dob: { label: 'date_of_birth', fill: (r, l) => values.date(r, l, 1940, 2005) },
  address: { label: 'address', fill: values.address },
  full: { label: 'person', fill: values.fullName },
  last: { label: 'person', fill: values.lastName },
  first: { label: 'person', fill: values.firstName },
};

const OTHER_SLOTS: Record<string, Fill> = {
  date: (r, l) => values.date(r, l, 2015, 2025),
  isbn: (r) => values.isbn(r),
  luhnid: (r) => values.luhnPassingId(r),
  version: (r) => values.version(r),
  order: (r) => values.orderNumber(r),
  postcode: values.postcodeAndCity,
  figures: (r) => figures(r),
  timerange: values.timeRange,
  years: (r) => values.yearRange(r),
  measure: values.measure,
  amount: values.amount,
  serial: (r) => values.serial(r),
  coords: (r) => values.coordinates(r),
  numdate: (r) => values.numericDate(r),
  issn: (r) => values.issnOrDoi(r),
  pages: (r) => values.pageRange(r),
  company: values.companyNumber,
  sortcode: (r) => values.sortCode(r),
  statute: values.statute,
  pairs: (r) => values.pairs(r),
};

/** A row of a table of figures as text extraction gives it: years, amounts with spaces between thousands. */
function figures(random: Random): string {
  const count = random.int(3, 5);
  const separator = random.pick([' ', '  ', ' | ', '\t']);
  const cell = () =>
    random.pick([
      () => String(random.int(2015, 2024)),
      () => String(random.int(100, 9999)),
      () => `${random.int(1, 999)} ${String(random.int(0, 999)).padStart(3, '0')} ${String(random.int(0, 999)).padStart(3, '0')}`,
      () => `${random.int(1, 99)},${random.int(0, 9)} %`,
    ])();
  return Array.from({ length: count }, cell).join(separator);
}

export function fillTemplate(template: string, language: Language, random: Random): PiiExample {
  let text = '';
  let codePoints = 0;
  const spans: PiiExample['spans'] = [];
  for (const part of template.split(/(\{[a-z0-9]+\})/)) {
    const slot = /^\{([a-z0-9]+)\}$/.exec(part)?.[1];
    let value = part;
    if (slot !== undefined) {
      const pii = PII_SLOTS[slot];
      const other = OTHER_SLOTS[slot];
      if (!pii && !other) throw new Error(`unknown slot {${slot}} in: ${template}`);
      value = pii ? pii.fill(random, language) : other!(random, language);
      const length = [...value].length;
      if (pii) spans.push({ label: pii.label, start: codePoints, end: codePoints + length, text: value });
    }
    text += value;
    codePoints += [...value].length;
  }
  return { lang: language, template, text, spans };
}

export function generatePiiSet(seed: number): PiiExample[] {
  const random = new Random(seed);
  return LANGUAGES.flatMap((language) =>
    TEMPLATES[language].flatMap((template) => Array.from({ length: FILLS_PER_TEMPLATE }, () => fillTemplate(template, language, random))),
  );
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const seedFlag = process.argv.indexOf('--seed');
  const seed = seedFlag >= 0 ? Number(process.argv[seedFlag + 1]) : 11;
  const examples = generatePiiSet(seed);
  writeFileSync(PII_SET_PATH, examples.map((example) => JSON.stringify(example)).join('\n') + '\n');
  console.log(`${examples.length} examples written to ${path.relative(process.cwd(), PII_SET_PATH)}`);
}
