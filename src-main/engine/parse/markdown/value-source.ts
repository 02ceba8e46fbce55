import type { SourceRunText } from '../../text/source-runs';

/** `value.slice(value, value + valueLength)` was written as `source.slice(raw, raw + rawLength)` (UTF-16 offsets). */
export interface ValueSegment {
  value: number;
  valueLength: number;
  raw: number;
  rawLength: number;
}

const BACKSLASH = 0x5c;
const AMPERSAND = 0x26;
const entity = /&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{0,31});/y;
/** What CommonMark strips between a node's lines: line ends, indentation, block-quote markers. */
const containerPrefix = /[\s>]/;

/**
 * Where each character of a node's value (text or inline code, as mdast gives it) was written in
 * `source.slice(start, end)`: characters written as they are, a backslash escape or a character
 * reference for one character, and nothing for the line ends, indentation and `>` markers of
 * the container between lines. Follows CommonMark's rules (in a code span, no escapes or
 * references); from the first character it cannot place on, the rest of the value is placed as a
 * whole on the rest of the source.
 */
export function valueSegments(value: string, source: string, start: number, end: number, code = false): ValueSegment[] {
  const segments: ValueSegment[] = [];
  let v = 0;
  let r = start;
  const push = (valueLength: number, rawLength: number) => {
    const last = segments[segments.length - 1];
    const verbatim = valueLength === rawLength;
    if (verbatim && last && last.valueLength === last.rawLength && last.value + last.valueLength === v && last.raw + last.rawLength === r) {
      last.valueLength += valueLength;
      last.rawLength += rawLength;
    } else {
      segments.push({ value: v, valueLength, raw: r, rawLength });
    }
    v += valueLength;
    r += rawLength;
  };
  while (v < value.length && r < end) {
    const unit = value.charCodeAt(v);
    entity.lastIndex = r;
    const reference = !code && source.charCodeAt(r) === AMPERSAND ? entity.exec(source) : null;
    // A reference CommonMark does not know stays as written.
    const decoded = reference && r + reference[0].length <= end && !value.startsWith(reference[0], v);
    if (source.charCodeAt(r) === unit && !decoded) {
      push(1, 1);
      continue;
    }
    if (!code && source.charCodeAt(r) === BACKSLASH && source.charCodeAt(r + 1) === unit) {
      push(1, 2);
      continue;
    }
    if (decoded) {
      // A reference stands for one code point (the few named ones for two are placed as one, the rest follows on).
      push(isHighSurrogate(unit) && v + 1 < value.length ? 2 : 1, reference[0].length);
      continue;
    }
    if (unit === 0x0a && source.charCodeAt(r) === 0x0d) {
      push(1, source.charCodeAt(r + 1) === 0x0a ? 2 : 1);
      continue;
    }
    if (containerPrefix.test(source[r]!)) {
      r++;
      continue;
    }
    break;
  }
  if (v < value.length && r < end) segments.push({ value: v, valueLength: value.length - v, raw: r, rawLength: end - r });
  return segments;
}

/** A node's value with its segments; pieces of it are appended in order, so the search for their segments resumes. */
export class PlacedValue {
  private next = 0;

  constructor(
    readonly value: string,
    private readonly segments: readonly ValueSegment[],
  ) {}

  /** The source offset of a value offset that lies in or at the end of a verbatim stretch; undefined elsewhere. */
  rawAt(offset: number): number | undefined {
    const { segments } = this;
    let low = 0;
    let high = segments.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      const segment = segments[middle]!;
      if (segment.value + segment.valueLength < offset) low = middle + 1;
      else high = middle;
    }
    const segment = segments[low];
    if (!segment || offset < segment.value) return undefined;
    if (segment.valueLength === segment.rawLength) return segment.raw + (offset - segment.value);
    return offset === segment.value + segment.valueLength
      ? segment.raw + segment.rawLength
      : offset === segment.value
        ? segment.raw
        : undefined;
  }

  /** Appends `value.slice(from, to)` to `out`, each stretch with the source it was written as; what no segment places has none. */
  appendTo(out: SourceRunText, from: number, to: number): void {
    const { value, segments } = this;
    let at = from;
    for (let i = this.next; i < segments.length; i++) {
      const segment = segments[i]!;
      const segmentEnd = segment.value + segment.valueLength;
      if (segmentEnd <= at) continue;
      if (segment.value >= to) break;
      this.next = i;
      if (segment.value > at) out.addText(value.slice(at, segment.value));
      const start = Math.max(at, segment.value);
      const end = Math.min(to, segmentEnd);
      if (segment.valueLength === segment.rawLength) {
        out.addSource(value.slice(start, end), segment.raw + (start - segment.value));
      } else if (start === segment.value && end === segmentEnd) {
        out.addSource(value.slice(start, end), segment.raw, segment.raw + segment.rawLength);
      } else {
        out.addText(value.slice(start, end));
      }
      at = end;
    }
    if (at < to) out.addText(value.slice(at, to));
  }
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}
