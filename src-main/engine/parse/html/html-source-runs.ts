import type { SourceRun } from '../../ir/types';
import type { CodePointOffset } from '../../text/code-points';
import { cleanUnicode } from './inline-text';

const LESS_THAN = 0x3c;
const AMPERSAND = 0x26;
const reference = /&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{0,31});?/y;
/** Whitespace the HTML backend collapses, and the spaces its clean-up makes of no-break spaces. */
const isBlank = (unit: number) => unit === 0x20 || (unit >= 0x09 && unit <= 0x0d) || unit === 0xa0 || unit === 0x202f;

/**
 * The `source_runs` of an item's text read from `source.slice(start, end)` (UTF-16 offsets) of an
 * HTML file: the item's text is the text nodes' characters with character references decoded,
 * whitespace collapsed and typographic characters cleaned (see `cleanUnicode`), so it is walked
 * against the source in one pass. Tags and comments are stepped over; a character read as it is
 * written maps one to one, a character reference or a cleaned character (`…` read as `...`) maps
 * as a whole; a space maps to the run of source whitespace it stands for, or to nothing where the
 * parser put it between two elements. Source the text does not hold (whitespace collapsed away,
 * invisible characters removed) is passed over; a character of the text found nowhere after
 * (one read from an attribute) leaves the rest of the text without source.
 */
export function htmlSourceRuns(text: string, source: string, start: number, end: number, toCodePoint: CodePointOffset): SourceRun[] {
  const runs: SourceRun[] = [];
  let i = 0;
  let r = start;
  // The open one-to-one stretch: text from `openText`, source from `openSource`, `openLength` units of each.
  let openLength = 0;
  let openText = 0;
  let openSource = 0;
  const close = () => {
    if (openLength === 0) return;
    const source = toCodePoint(openSource);
    runs.push({ text: openText, length: openLength, source, sourceLength: toCodePoint(openSource + openLength) - source });
    openLength = 0;
  };
  const verbatim = () => {
    if (openLength === 0 || openText + openLength !== i || openSource + openLength !== r) {
      close();
      openText = i;
      openSource = r;
    }
    openLength++;
    i++;
    r++;
  };
  const whole = (textLength: number, sourceLength: number) => {
    close();
    if (textLength > 0) {
      const from = toCodePoint(r);
      runs.push({ text: i, length: textLength, source: from, sourceLength: toCodePoint(r + sourceLength) - from });
    }
    i += textLength;
    r += sourceLength;
  };
  while (i < text.length && r < end) {
    const unit = text.charCodeAt(i);
    const sourceUnit = source.charCodeAt(r);
    if (sourceUnit === LESS_THAN && opensMarkup(source, r)) {
      r = markupEnd(source, r, end);
      continue;
    }
    const written = sourceUnit === AMPERSAND ? referenceAt(source, r, end) : undefined;
    const decoded = written !== undefined && !text.startsWith(written, i);
    if (isBlank(unit)) {
      let blankEnd = r;
      while (blankEnd < end && isBlank(source.charCodeAt(blankEnd))) blankEnd++;
      if (blankEnd === r + 1 && sourceUnit === unit) verbatim();
      else if (blankEnd > r) whole(1, blankEnd - r);
      // A reference after which the text goes on as the source does is a written space (`&nbsp;`, `&#160;`).
      else if (decoded && text.charCodeAt(i + 1) === textUnitAt(source, r + written.length, end)) whole(1, written.length);
      else {
        close();
        i++;
      }
      continue;
    }
    if (decoded) {
      whole(decodedLength(text, i, textUnitAt(source, r + written.length, end)), written.length);
      continue;
    }
    if (sourceUnit === unit) {
      verbatim();
      continue;
    }
    const cleaned = cleanUnicode(source[r]!);
    if (cleaned !== source[r] && text.startsWith(cleaned, i)) whole(cleaned.length, 1);
    else r++;
  }
  close();
  return runs;
}

/** The character reference written at `at` (within `end`), if one is. */
function referenceAt(source: string, at: number, end: number): string | undefined {
  reference.lastIndex = at;
  const written = reference.exec(source)?.[0];
  return written !== undefined && at + written.length <= end ? written : undefined;
}

/** The first unit of text at or after `at`, markup stepped over; -1 at the end. */
function textUnitAt(source: string, at: number, end: number): number {
  let k = at;
  while (k < end && source.charCodeAt(k) === LESS_THAN && opensMarkup(source, k)) k = markupEnd(source, k, end);
  return k < end ? source.charCodeAt(k) : -1;
}

/** `<` opens a tag, an end tag, a comment, a doctype or a processing instruction when a letter, `/`, `!` or `?` follows. */
function opensMarkup(source: string, at: number): boolean {
  return /[A-Za-z/!?]/.test(source[at + 1] ?? '');
}

/** Where the markup opening at `at` ends: after `-->` for a comment, else after the `>` outside quotes. */
function markupEnd(source: string, at: number, end: number): number {
  if (source.startsWith('<!--', at)) {
    const close = source.indexOf('-->', at + 4);
    return close < 0 || close + 3 > end ? end : close + 3;
  }
  let quote = 0;
  for (let k = at + 1; k < end; k++) {
    const unit = source.charCodeAt(k);
    if (quote !== 0) {
      if (unit === quote) quote = 0;
    } else if (unit === 0x22 || unit === 0x27) quote = unit;
    else if (unit === 0x3e) return k + 1;
  }
  return end;
}

/**
 * How many units of the text a character reference stands for, found without decoding it: the
 * fewest (one code point, two, the three of a cleaned `…`, none for an invisible character) after
 * which the text goes on with the source's next character.
 */
function decodedLength(text: string, at: number, nextSourceUnit: number): number {
  const first = text.codePointAt(at)! > 0xffff ? 2 : 1;
  for (const length of [first, first + 1, 3, 0]) {
    if (at + length > text.length) continue;
    if (at + length === text.length) return length;
    const next = text.charCodeAt(at + length);
    if (next === nextSourceUnit || (isBlank(next) && isBlank(nextSourceUnit))) return length;
  }
  return first;
}
