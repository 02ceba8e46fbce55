import type { Formatting } from '../../ir/types';
import type { CodePointOffset } from '../../text/code-points';
import { SourceRunText } from '../../text/source-runs';
import { PlacedValue, valueSegments } from './value-source';

/** Formatting flags Markdown can express (it has no underline). */
export type RunStyle = Pick<Formatting, 'bold' | 'italic' | 'strikethrough'>;

export const plainStyle: RunStyle = { bold: false, italic: false, strikethrough: false };

/**
 * One piece of inline content with uniform formatting: what Docling makes a TextItem (or a
 * CodeItem, or a picture) of. `start`/`end` are UTF-16 offsets into the source.
 */
export interface InlineRun {
  kind: 'text' | 'code' | 'image';
  /** text; for an image, its caption (alt text, else title) */
  text: string;
  style: RunStyle;
  hyperlink?: string;
  start: number;
  end: number;
  /** what stood between this run and the previous one: nothing, spacing or a hard line break */
  gapBefore: Separator;
  /** an image's URL (or path), as written */
  url?: string;
  /** `text` again, with the source each stretch of it was written as; present when the collector was given the source */
  mapped?: SourceRunText;
}

/** The Markdown file's text, which every node's offsets point into. */
export interface MarkdownSource {
  text: string;
  toCodePoint: CodePointOffset;
}

/** Where a piece of a run was read: `placed.value.slice(from, to)`. */
interface PiecePlace {
  placed: PlacedValue;
  from: number;
  to: number;
}

type Separator = '' | ' ' | '\n';

const lineBreak = /\r\n|\r|\n/g;
/** What may stand between two pieces of one run in the source for the space that joins them to stand for it. */
const blankOrQuoteMarker = /^[\s>]+$/;

/**
 * Collects the runs of one block. Adjacent text of the same style and link joins into one run,
 * soft line breaks and spacing becoming one space and hard breaks a newline, as Docling's
 * Markdown backend joins text across line breaks; code and images always stay runs of their own.
 */
export class RunCollector {
  private readonly collected: InlineRun[] = [];
  private pending: Separator = '';
  /** Where the last piece ended in the source (UTF-16), when known. */
  private lastEnd: number | undefined;

  /** Without a source, runs have no `mapped` text. */
  constructor(private readonly source?: MarkdownSource) {}

  /** Text as written, possibly spanning lines: each line is trimmed and blank lines dropped. */
  addText(value: string, style: RunStyle, hyperlink: string | undefined, start: number, end: number): void {
    const placed = this.place(value, start, end);
    let lineStart = 0;
    const line = (lineEnd: number, index: number) => {
      const text = value.slice(lineStart, lineEnd);
      if (index > 0) this.separate(' ');
      if (/^\s/.test(text)) this.separate(' ');
      const trimmed = text.trim();
      const from = lineStart + text.indexOf(trimmed);
      const place = placed && { placed, from, to: from + trimmed.length };
      if (trimmed) this.push({ kind: 'text', text: trimmed, style, hyperlink, start, end, gapBefore: '' }, place);
      if (/\s$/.test(text)) this.separate(' ');
    };
    let index = 0;
    for (const match of value.matchAll(lineBreak)) {
      line(match.index, index++);
      lineStart = match.index + match[0].length;
    }
    line(value.length, index);
  }

  /** `start`/`end` are the code span's, backticks included. */
  addCode(value: string, style: RunStyle, hyperlink: string | undefined, start: number, end: number): void {
    const trimmed = value.trim();
    if (!trimmed) return;
    const ticks = this.source ? (/^`+/.exec(this.source.text.slice(start, end))?.[0].length ?? 0) : 0;
    const placed = this.place(value, start + ticks, end - ticks, true);
    const from = value.indexOf(trimmed);
    this.push(
      { kind: 'code', text: trimmed, style, hyperlink, start, end, gapBefore: '' },
      placed && { placed, from, to: from + trimmed.length },
    );
  }

  /** `start`/`end` are the image's, `![` to its end; `fromAlt` when the caption is its alt text (not its title). */
  addImage(caption: string, url: string | undefined, hyperlink: string | undefined, start: number, end: number, fromAlt: boolean): void {
    const trimmed = caption.trim();
    // The alt text is written between `![` and the last `]` (a reference label's, if any, is named with it where it cannot be placed).
    const altEnd = this.source ? this.source.text.lastIndexOf(']', end - 1) : -1;
    const placed = fromAlt && altEnd > start + 1 ? this.place(caption, start + 2, altEnd) : undefined;
    const from = caption.indexOf(trimmed);
    this.push(
      { kind: 'image', text: trimmed, style: plainStyle, hyperlink, start, end, gapBefore: '', url },
      placed && { placed, from, to: from + trimmed.length },
    );
  }

  /** A space or a hard line break between runs; a hard break wins over a space. */
  separate(separator: ' ' | '\n'): void {
    if (this.pending !== '\n') this.pending = separator;
  }

  runs(): InlineRun[] {
    return this.collected;
  }

  private place(value: string, start: number, end: number, code = false): PlacedValue | undefined {
    return this.source && new PlacedValue(value, valueSegments(value, this.source.text, start, end, code));
  }

  private push(run: InlineRun, place?: PiecePlace): void {
    const previous = this.collected.at(-1);
    if (previous && run.kind === 'text' && previous.kind === 'text' && sameLook(previous, run)) {
      previous.text += this.pending + run.text;
      previous.end = Math.max(previous.end, run.end);
      if (previous.mapped) this.appendSeparator(previous.mapped, place);
    } else {
      const mapped = this.source && new SourceRunText(this.source.toCodePoint);
      this.collected.push(mapped ? { ...run, gapBefore: this.pending, mapped } : { ...run, gapBefore: this.pending });
    }
    const mapped = this.collected.at(-1)!.mapped;
    if (mapped) {
      if (place) place.placed.appendTo(mapped, place.from, place.to);
      else mapped.addText(run.text);
      this.lastEnd = place?.placed.rawAt(place.to);
    }
    this.pending = '';
  }

  /** The separator between two pieces of a run stands for the source between them when that is only blanks (or `>`). */
  private appendSeparator(mapped: SourceRunText, place: PiecePlace | undefined): void {
    const start = this.lastEnd;
    const end = place?.placed.rawAt(place.from);
    const gap = start !== undefined && end !== undefined && end > start ? this.source!.text.slice(start, end) : '';
    if (this.pending !== '' && blankOrQuoteMarker.test(gap)) mapped.addSource(this.pending, start!, end);
    else mapped.addText(this.pending);
  }
}

function sameLook(a: InlineRun, b: InlineRun): boolean {
  return (
    a.hyperlink === b.hyperlink &&
    a.style.bold === b.style.bold &&
    a.style.italic === b.style.italic &&
    a.style.strikethrough === b.style.strikethrough
  );
}

/** Docling's `formatting` for a run: absent for plain text, as Docling leaves it unset. */
export function formattingOf(style: RunStyle): Formatting | undefined {
  if (!style.bold && !style.italic && !style.strikethrough) return undefined;
  return { ...style, underline: false, script: 'baseline' };
}

/** The plain text of runs, as a table cell or a footnote shows it. */
export function plainTextOf(runs: readonly InlineRun[]): string {
  return runs.map((run, index) => (index > 0 ? run.gapBefore : '') + run.text).join('');
}

/** `plainTextOf(runs)` with where each stretch was read (runs collected without the source add text without any). */
export function mappedPlainText(runs: readonly InlineRun[], toCodePoint: CodePointOffset): SourceRunText {
  const out = new SourceRunText(toCodePoint);
  runs.forEach((run, index) => {
    if (index > 0) out.addText(run.gapBefore);
    if (run.mapped) out.addMapped(run.mapped);
    else out.addText(run.text);
  });
  return out;
}
