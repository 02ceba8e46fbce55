import { wordsBefore } from './context-words';
import type { PiiMatch } from './pii-label';

/**
 * E-mail addresses, URLs and IP addresses. Every repetition in these patterns is bounded and each
 * repeated part begins with a character the part before cannot end with, so a match attempt costs
 * at most a constant number of steps at each position: linear in the text.
 */

/** A part of the local name between dots. */
const EMAIL_ATOM = '[\\p{L}\\p{N}_%+-]{1,64}';
const EMAIL = new RegExp(
  `(?<![\\p{L}\\p{N}._%+-])${EMAIL_ATOM}(?:\\.${EMAIL_ATOM}){0,8}@(?:[\\p{L}\\p{N}-]{1,63}\\.){1,8}\\p{L}{2,24}(?![\\p{L}\\p{N}_-])`,
  'gu',
);

/** A URL with a scheme, or one that begins with `www.`; its end is trimmed of the punctuation of the sentence around it. */
const URL = /(?<![\p{L}\p{N}@])(?:(?:https?|ftp):\/\/|www\.)[^\s<>"'`{}|\\^[\]]{1,2048}/giu;
const URL_TRAILING_PUNCTUATION = /[.,;:!?»”’]+$/u;

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`(?<![\\p{L}\\p{N}.:_-])${OCTET}(?:\\.${OCTET}){3}(?:/\\d{1,2})?(?![\\p{L}\\p{N}_]|\\.\\d|-\\d)`, 'gu');

/** A version or release number, which dotted quads such as 1.2.0.4 often are. */
const VERSION_WORDS =
  'v|ver|versions?|versión|versiones|versione|versioni|versies?|versão|versões|releases?|builds?|rev|revisions?|révisions?|patch';
const VERSION_CONTEXT = new RegExp(`(?:\\b(?:${VERSION_WORDS})\\.?\\s{0,2}|\\bv)$`, 'iu');

/** A run of hex digits and colons, a colon among its first five, (and an IPv4 tail) that may be an IPv6 address: checked by `isIpv6`. */
const IPV6_CANDIDATE = /(?<![\p{L}\p{N}_:.])[0-9A-Fa-f]{0,4}:[0-9A-Fa-f:]{1,38}(?:\.\d{1,3}){0,3}(?:%[\p{L}\p{N}]{1,15})?/uy;

export function findEmails(text: string): PiiMatch[] {
  if (!text.includes('@')) return [];
  return [...text.matchAll(EMAIL)].map((match) => ({ label: 'email', start: match.index, end: match.index + match[0].length }));
}

export function findUrls(text: string): PiiMatch[] {
  const found: PiiMatch[] = [];
  for (const match of text.matchAll(URL)) {
    const url = withoutTrailingPunctuation(match[0]);
    if (/[\p{L}\p{N}]\.[\p{L}\p{N}]/u.test(url)) found.push({ label: 'url', start: match.index, end: match.index + url.length });
  }
  return found;
}

export function findIpv4(text: string): PiiMatch[] {
  const found: PiiMatch[] = [];
  for (const match of text.matchAll(IPV4)) {
    if (VERSION_CONTEXT.test(wordsBefore(text, match.index, 16))) continue;
    found.push({ label: 'ipv4', start: match.index, end: match.index + match[0].length });
  }
  return found;
}

export function findIpv6(text: string): PiiMatch[] {
  const found: PiiMatch[] = [];
  // Every address has a colon among its first five characters: the pattern is tried from there only.
  let resumeAt = 0;
  for (let colon = text.indexOf(':'); colon >= 0; colon = text.indexOf(':', colon + 1)) {
    let start = colon;
    while (start > 0 && colon - start < 4 && isHexDigit(text.charCodeAt(start - 1))) start--;
    if (start < resumeAt) continue;
    IPV6_CANDIDATE.lastIndex = start;
    const match = IPV6_CANDIDATE.exec(text);
    if (!match) continue;
    resumeAt = match.index + match[0].length;
    const candidate = match[0].endsWith('::') ? match[0] : match[0].replace(/[:.]+$/, '');
    const after = text[match.index + candidate.length] ?? '';
    if (/[\p{L}\p{N}_]/u.test(after)) continue;
    if (isIpv6(candidate.replace(/%.*$/u, ''))) found.push({ label: 'ipv6', start: match.index, end: match.index + candidate.length });
  }
  return found;
}

function isHexDigit(unit: number): boolean {
  return (unit >= 48 && unit <= 57) || (unit >= 65 && unit <= 70) || (unit >= 97 && unit <= 102);
}

/** RFC 4291 text forms: eight groups of 1-4 hex digits, `::` once for a run of zero groups, an IPv4 tail for the last two. */
export function isIpv6(address: string): boolean {
  const halves = address.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap((half) => (half === '' ? [] : half.split(':')));
  const last = groups.at(-1) ?? '';
  const ipv4Tail = last.includes('.');
  if (ipv4Tail && !new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`).test(last)) return false;
  const hexGroups = ipv4Tail ? groups.slice(0, -1) : groups;
  if (!hexGroups.every((group) => /^[0-9A-Fa-f]{1,4}$/.test(group))) return false;
  const width = hexGroups.length + (ipv4Tail ? 2 : 0);
  if (halves.length === 1) return width === 8;
  // A compressed address names at least two groups and a digit, or it is hard to tell from other colon runs
  // (`Bad::Cafe` in code); `::1` is the loopback.
  return width <= 7 && ((width >= 2 && /\d/.test(address)) || address === '::1');
}

/** A URL without the sentence's punctuation after it; a closing parenthesis stays when the URL opened one (`/Foo_(bar)`). */
function withoutTrailingPunctuation(url: string): string {
  let trimmed = url.replace(URL_TRAILING_PUNCTUATION, '');
  while (trimmed.endsWith(')') && count(trimmed, '(') < count(trimmed, ')')) {
    trimmed = trimmed.slice(0, -1).replace(URL_TRAILING_PUNCTUATION, '');
  }
  return trimmed;
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}
