import { piiPlaceholder, type PiiMatch } from './pii-label';

export const PII_ACTIONS = ['keep', 'mask', 'drop'] as const;
export type PiiAction = (typeof PII_ACTIONS)[number];

/**
 * `text` with each match replaced by its placeholder (`mask`), removed (`drop`) or left (`keep`),
 * and where each match now lies in the new text (`drop` leaves an empty range where it was).
 * `matches` are sorted and disjoint, in UTF-16 units.
 */
export function applyPiiAction(text: string, matches: readonly PiiMatch[], action: PiiAction): { text: string; matches: PiiMatch[] } {
  if (action === 'keep' || matches.length === 0) return { text, matches: [...matches] };
  let out = '';
  let last = 0;
  const moved: PiiMatch[] = [];
  for (const match of matches) {
    out += text.slice(last, match.start);
    const replacement = action === 'mask' ? piiPlaceholder(match.label) : '';
    moved.push({ label: match.label, start: out.length, end: out.length + replacement.length });
    out += replacement;
    last = match.end;
  }
  return { text: out + text.slice(last), matches: moved };
}

/** The matches of `extra` that overlap none of `matches`, added to them: sorted and disjoint again (both are already). */
export function mergeMatches(matches: readonly PiiMatch[], extra: readonly PiiMatch[]): PiiMatch[] {
  if (extra.length === 0) return [...matches];
  const merged = [...matches];
  let next = 0;
  for (const candidate of extra) {
    while (next < matches.length && matches[next]!.end <= candidate.start) next++;
    const overlapping = next < matches.length && matches[next]!.start < candidate.end;
    if (!overlapping) merged.push(candidate);
  }
  return merged.sort((a, b) => a.start - b.start);
}
