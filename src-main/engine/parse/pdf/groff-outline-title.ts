/**
 * groff 1.22.4's PDF driver writes a non-ASCII outline title as UTF-16 in octal escapes, but groff reads
 * the escapes first: `\0` is its own escape (a digit-wide space) and the other backslashes are dropped. So
 * `\376\377\000\334\000B` (BOM, "Ü", "B") reaches the PDF as `3763770033400B`, and every reader shows the
 * digits. Each byte below 0o100 lost its backslash and its leading zero (two octal digits), each other
 * byte only its backslash (three digits, the first 1-3), and an ASCII character follows its `\000` as
 * itself. The digits alone are ambiguous, so the title is read back as the sequence of printable
 * characters that keeps to the fewest scripts.
 */

const MANGLED_BOM = '376377';
/** A title is a line or two; a bound keeps the search small on a hostile file. */
const MAX_TITLE_LENGTH = 2_000;

interface Reading {
  text: string;
  /** how unlike a written title the reading is: lower is likelier */
  cost: number;
}

/** The title groff meant, or the title as it is when it is not groff's mangled UTF-16 or cannot be read back. */
export function unmangleGroffOutlineTitle(title: string): string {
  if (!title.startsWith(MANGLED_BOM) || title.length === MANGLED_BOM.length || title.length > MAX_TITLE_LENGTH) return title;
  const body = title.slice(MANGLED_BOM.length);
  const memo = new Map<string, Reading | null>();

  const readFrom = (at: number, previousHigh: number): Reading | null => {
    if (at === body.length) return { text: '', cost: 0 };
    const key = `${at}:${previousHigh}`;
    if (memo.has(key)) return memo.get(key) ?? null;
    let best: Reading | null = null;
    for (const high of octalBytesAt(body, at)) {
      const lows = [...octalBytesAt(body, high.end)];
      if (high.value === 0 && high.end < body.length) lows.push({ value: body.charCodeAt(high.end), end: high.end + 1, literal: true });
      for (const low of lows) {
        const unit = high.value * 256 + low.value;
        if (!isTitleCharacter(unit)) continue;
        const rest = readFrom(low.end, high.value);
        if (!rest) continue;
        const isAscii = high.value === 0 && unit < 0x80;
        // The driver wrote ASCII as itself: an escaped ASCII character is a misreading of the digits.
        const escapedAscii = isAscii && !low.literal ? 1 : 0;
        const scriptChange = !isAscii && previousHigh >= 0 && high.value !== previousHigh ? 1 : 0;
        const cost = rest.cost + escapedAscii + scriptChange;
        if (!best || cost < best.cost) best = { text: String.fromCharCode(unit) + rest.text, cost };
      }
    }
    memo.set(key, best);
    return best;
  };

  return readFrom(0, -1)?.text ?? title;
}

interface ByteToken {
  value: number;
  end: number;
  literal?: boolean;
}

/** The bytes the digits at `at` can stand for: two digits below 0o100, three digits from 0o100. */
function* octalBytesAt(text: string, at: number): Generator<ByteToken> {
  const digits = /^[0-7]{2,3}/.exec(text.slice(at, at + 3))?.[0] ?? '';
  if (digits.length >= 2) yield { value: parseInt(digits.slice(0, 2), 8), end: at + 2 };
  if (digits.length === 3 && digits[0] !== '0') yield { value: parseInt(digits, 8), end: at + 3 };
}

/** A character a title can hold: no control, surrogate, private-use or unassigned code point. */
function isTitleCharacter(unit: number): boolean {
  if (unit < 0x20) return false;
  return !/[\p{Cc}\p{Cs}\p{Co}\p{Cn}]/u.test(String.fromCharCode(unit));
}
