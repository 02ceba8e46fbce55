import type { SourceRun } from '../ir/types';
import { codePointLength, type CodePointOffset } from './code-points';

/**
 * Builds an item's text piece by piece together with its `source_runs`, in time linear in the
 * text: a parser says for each piece where in the source it was read (UTF-16 offsets, as parsers
 * see them), or that it has no source (a space the parser puts between two pieces).
 */
export class SourceRunText {
  private readonly parts: string[] = [];
  private textLength = 0;
  /** The last run maps one to one, so a verbatim piece right after it in text and source extends it. */
  private lastVerbatim = false;
  readonly runs: SourceRun[] = [];

  constructor(private readonly toCodePoint: CodePointOffset) {}

  get text(): string {
    return this.parts.join('');
  }

  get length(): number {
    return this.textLength;
  }

  /** `text` read from the source's UTF-16 `[start, end)`: verbatim when they have as many code points, else as a whole. */
  addSource(text: string, start: number, end: number = start + text.length, box?: SourceRun['box']): void {
    if (text === '') return;
    const source = this.toCodePoint(start);
    const sourceLength = this.toCodePoint(end) - source;
    const verbatim = codePointLength(text) === sourceLength;
    const last = this.runs[this.runs.length - 1];
    if (
      last &&
      verbatim &&
      this.lastVerbatim &&
      !box &&
      !last.box &&
      last.text + last.length === this.textLength &&
      last.source + last.sourceLength === source
    ) {
      last.length += text.length;
      last.sourceLength += sourceLength;
    } else {
      const run: SourceRun = { text: this.textLength, length: text.length, source, sourceLength };
      if (box) run.box = box;
      this.runs.push(run);
      this.lastVerbatim = verbatim;
    }
    this.append(text);
  }

  /** Another text and its runs appended after this one's. */
  addMapped(other: SourceRunText): void {
    for (const run of other.runs) this.runs.push({ ...run, text: run.text + this.textLength });
    // The joint is not checked for a run to extend: the next verbatim piece starts a run of its own.
    this.lastVerbatim = false;
    for (const part of other.parts) this.append(part);
  }

  /** Text with no source of its own. */
  addText(text: string): void {
    this.append(text);
  }

  private append(text: string): void {
    this.parts.push(text);
    this.textLength += text.length;
  }
}
