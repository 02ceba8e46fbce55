import type { Formatting } from '../../ir/types';

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
}

type Separator = '' | ' ' | '\n';

const lineBreak = /\r\n|\r|\n/;

/**
 * Collects the runs of one block. Adjacent text of the same style and link joins into one run,
 * soft line breaks and spacing becoming one space and hard breaks a newline, as Docling's
 * Markdown backend joins text across line breaks; code and images always stay runs of their own.
 */
export class RunCollector {
  private readonly collected: InlineRun[] = [];
  private pending: Separator = '';

  /** Text as written, possibly spanning lines: each line is trimmed and blank lines dropped. */
  addText(value: string, style: RunStyle, hyperlink: string | undefined, start: number, end: number): void {
    const lines = value.split(lineBreak);
    lines.forEach((line, index) => {
      if (index > 0) this.separate(' ');
      if (/^\s/.test(line)) this.separate(' ');
      const trimmed = line.trim();
      if (trimmed) this.push({ kind: 'text', text: trimmed, style, hyperlink, start, end, gapBefore: '' });
      if (/\s$/.test(line)) this.separate(' ');
    });
  }

  addCode(value: string, style: RunStyle, hyperlink: string | undefined, start: number, end: number): void {
    const trimmed = value.trim();
    if (trimmed) this.push({ kind: 'code', text: trimmed, style, hyperlink, start, end, gapBefore: '' });
  }

  addImage(caption: string, url: string | undefined, hyperlink: string | undefined, start: number, end: number): void {
    this.push({ kind: 'image', text: caption.trim(), style: plainStyle, hyperlink, start, end, gapBefore: '', url });
  }

  /** A space or a hard line break between runs; a hard break wins over a space. */
  separate(separator: ' ' | '\n'): void {
    if (this.pending !== '\n') this.pending = separator;
  }

  runs(): InlineRun[] {
    return this.collected;
  }

  private push(run: InlineRun): void {
    const previous = this.collected.at(-1);
    if (previous && run.kind === 'text' && previous.kind === 'text' && sameLook(previous, run)) {
      previous.text += this.pending + run.text;
      previous.end = Math.max(previous.end, run.end);
    } else {
      this.collected.push({ ...run, gapBefore: this.pending });
    }
    this.pending = '';
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
