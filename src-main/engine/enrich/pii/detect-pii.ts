import { findAddresses } from './address';
import { findCards, findIbans } from './banking';
import { findBirthDates } from './birth-date';
import { findNirs, findSsns } from './national-ids';
import { findEmails, findIpv4, findIpv6, findUrls } from './network';
import { PII_LABELS, type PiiLabel, type PiiMatch } from './pii-label';
import { findPersons } from './person';
import { findPhones } from './phone';

const FINDERS: Readonly<Record<PiiLabel, (text: string) => PiiMatch[]>> = {
  email: findEmails,
  url: findUrls,
  iban: findIbans,
  card: findCards,
  fr_nir: findNirs,
  us_ssn: findSsns,
  ipv6: findIpv6,
  ipv4: findIpv4,
  phone: findPhones,
  date_of_birth: findBirthDates,
  address: findAddresses,
  person: findPersons,
};

const PRIORITY = new Map(PII_LABELS.map((label, index) => [label, index]));

/**
 * The values of the chosen labels in `text`, sorted and disjoint. Where two overlap, the label
 * earlier in `PII_LABELS` wins (an e-mail over the URL-like domain in it, a checked IBAN or card
 * over a phone-shaped run of its digits), then the longer one.
 */
export function detectPii(text: string, labels: readonly PiiLabel[] = PII_LABELS): PiiMatch[] {
  const candidates = labels
    .flatMap((label) => FINDERS[label](text))
    .filter((match) => match.end > match.start)
    .sort((a, b) => PRIORITY.get(a.label)! - PRIORITY.get(b.label)! || b.end - b.start - (a.end - a.start) || a.start - b.start);
  const kept: PiiMatch[] = [];
  // Each finder's matches are disjoint, so marking and checking the taken units costs a few passes over the text.
  const taken = new Uint8Array(candidates.length > 0 ? text.length : 0);
  for (const candidate of candidates) {
    if (taken.subarray(candidate.start, candidate.end).includes(1)) continue;
    taken.fill(1, candidate.start, candidate.end);
    kept.push(candidate);
  }
  return kept.sort((a, b) => a.start - b.start);
}
