import { codePointOffsets, utf16Offsets, type CodePointOffset, type Utf16Offset } from './code-points';
import { trimRange, type IsBlank, type TextRange } from './text-range';

/**
 * The blanks a span is trimmed of: ASCII whitespace, the no-break space and the ideographic space.
 * Narrower than JavaScript's `\s`, which item texts are trimmed of: a span keeps another Unicode
 * space at its ends (an em space, a BOM), so its length then differs from its item's text.
 */
const isSpanBlank: IsBlank = (unit) => unit === 0x20 || (unit >= 0x09 && unit <= 0x0d) || unit === 0xa0 || unit === 0x3000;

/**
 * The `source_span`s of one source text: `[start, end)` of an item's text in code points. Parsers
 * see UTF-16 offsets; the maps between the two are built once per text, in linear time.
 */
export class SourceSpans {
  /** The code-point offset of a UTF-16 offset in the source. */
  readonly toCodePoint: CodePointOffset;
  private toUtf16: Utf16Offset | undefined;

  constructor(private readonly source: string) {
    this.toCodePoint = codePointOffsets(source);
  }

  /** The span of UTF-16 `[start, end)` without the blanks around it; a blank range keeps its bounds. */
  spanOf(start: number, end: number): [number, number] {
    const trimmed = trimRange(this.source, { start, end }, isSpanBlank);
    const range = trimmed.end > trimmed.start ? trimmed : { start, end };
    return [this.toCodePoint(range.start), this.toCodePoint(range.end)];
  }

  /** The UTF-16 range a span names: `source.slice(range.start, range.end)` reads its characters. */
  rangeOf(span: readonly [number, number]): TextRange {
    this.toUtf16 ??= utf16Offsets(this.source);
    return { start: this.toUtf16(span[0]), end: this.toUtf16(span[1]) };
  }
}
