import type { DoclingDocument, GroupItem, TextItem } from '../ir/types';
import { checkpoint } from '../cancellation';
import type { SourceRun } from '../ir/types';
import { SourceRunText } from '../text/source-runs';
import { SourceSpans } from '../text/source-spans';
import { DocumentBuilder } from './document-builder';
import { inputLimits, tooDeeplyNested } from './limits';
import type { DocumentParser, ParseInput, ParseOptions } from './parser';
import { writeInSteps } from './parse-steps';
import { decodeSourceText } from './source-text';
import { headingOf, listMarkerOf, setextLevelOf, splitLines, type ListMarker, type SourceLine } from './text-lines';

/** Paragraph blocks written between two cancellation checks and progress reports. */
const BLOCKS_PER_STEP = 500;

/**
 * Plain text to the IR: blank lines separate paragraphs (wrapped lines join with a space);
 * headings come from numbering, chapter words, roman numerals, setext underlines and short
 * stand-alone title lines; bullet and numbered lines become list groups, nested by indentation.
 * `source_span`s are code points of the decoded text (see `decodeSourceText`).
 */
export const textParser: DocumentParser = {
  format: 'text',
  extensions: ['.txt'],
  mimeType: 'text/plain',

  async parse(input: ParseInput, options: ParseOptions = {}): Promise<DoclingDocument> {
    const { signal } = options;
    const source = decodeSourceText(input);
    const builder = new DocumentBuilder(input.fileName, textParser.mimeType, input.bytes);
    await checkpoint(signal);
    const blocks = paragraphBlocks(splitLines(source));
    const writer = new TextWriter(builder, source);
    await writeInSteps(blocks, (block) => writer.writeBlock(block), { stage: 'paragraph', every: BLOCKS_PER_STEP }, options);
    return builder.doc;
  },
};

/** Runs of non-blank lines. */
function paragraphBlocks(lines: readonly SourceLine[]): SourceLine[][] {
  const blocks: SourceLine[][] = [];
  let current: SourceLine[] = [];
  for (const line of lines) {
    if (line.text.trim() === '') {
      if (current.length > 0) blocks.push(current);
      current = [];
    } else {
      current.push(line);
    }
  }
  if (current.length > 0) blocks.push(current);
  return blocks;
}

interface OpenList {
  indent: number;
  group: GroupItem;
  lastItem?: TextItem;
  /** The current item's text on each of its lines so far. */
  lastItemPieces: LinePiece[];
}

/** Text read from one line: `text` is found in `line.text`. */
interface LinePiece {
  text: string;
  line: SourceLine;
}

class TextWriter {
  private readonly spans: SourceSpans;
  private isFirstBlock = true;
  /** Lists still open: a list continues across a blank line when the next block goes on with it. */
  private lists: OpenList[] = [];

  constructor(
    private readonly builder: DocumentBuilder,
    private readonly source: string,
  ) {
    this.spans = new SourceSpans(source);
  }

  writeBlock(lines: readonly SourceLine[]): void {
    const first = this.isFirstBlock;
    this.isFirstBlock = false;
    if (!listMarkerOf(lines[0]!.text)) this.lists = [];
    let i = 0;
    while (i < lines.length) {
      const line = lines[i]!;
      const next = lines[i + 1];
      const marker = listMarkerOf(line.text);
      const setext = next && !marker ? setextLevelOf(next.text) : undefined;
      const guess = setext ? undefined : headingOf(line.text, lines.length === 1);
      // "1. Introduction" is a heading alone, a list item among list lines or after a list.
      const amongListLines = Boolean(listMarkerOf(lines[i - 1]?.text ?? '') || listMarkerOf(next?.text ?? '') || this.lists.length > 0);
      const isHeading = guess && (guess.numbered ? !(marker && amongListLines) : lines.length === 1 && !marker);
      if (setext) {
        this.heading({ text: line.text.trim(), line }, setext, first && i === 0 && setext === 1, next!.end);
        i += 2;
      } else if (guess && isHeading) {
        this.heading({ text: guess.text, line }, guess.level, first && !guess.numbered, line.end);
        i++;
      } else if (marker) {
        i = this.list(lines, i);
      } else {
        i = this.paragraph(lines, i);
      }
      if (i < lines.length && !listMarkerOf(lines[i]!.text)) this.lists = [];
    }
  }

  private heading(piece: LinePiece, level: number, isTitle: boolean, end: number): void {
    const sourceSpan = this.span(piece.line.start, end);
    const { text, runs } = this.joinPieces([piece]);
    const item = isTitle ? this.builder.addTitle(text, { sourceSpan }) : this.builder.addHeading(text, level, { sourceSpan });
    item.source_runs = runs;
  }

  /** Lines up to the next list line, numbered heading or setext heading join into one paragraph. */
  private paragraph(lines: readonly SourceLine[], from: number): number {
    let end = from + 1;
    while (end < lines.length && !startsNewBlock(lines, end)) end++;
    const taken = lines.slice(from, end);
    const { text, runs } = this.joinPieces(taken.map((line) => ({ text: line.text.trim(), line })));
    this.builder.addText('text', text, { sourceSpan: this.span(taken[0]!.start, taken.at(-1)!.end) }).source_runs = runs;
    return end;
  }

  /** List lines (and their continuation lines) to the end of the block. */
  private list(lines: readonly SourceLine[], from: number): number {
    let i = from;
    while (i < lines.length) {
      const line = lines[i]!;
      const marker = listMarkerOf(line.text);
      if (marker) this.listItem(line, marker);
      else this.continueItem(line);
      i++;
    }
    this.flushItem();
    return i;
  }

  private listItem(line: SourceLine, marker: ListMarker): void {
    this.flushItem();
    while (this.lists.length > 0 && this.lists.at(-1)!.indent > marker.indent) this.lists.pop();
    let top = this.lists.at(-1);
    const nests = top && marker.indent > top.indent && top.lastItem;
    const startsAnother = top && top.indent === marker.indent && top.group.name !== listName(marker);
    if (!top || nests || startsAnother) {
      if (startsAnother) this.lists.pop();
      if (this.lists.length >= inputLimits().maxNestingDepth) {
        throw tooDeeplyNested(this.builder.fileName, `the list at line ${this.lineNumber(line)}`);
      }
      const parent = nests ? top!.lastItem : this.lists.at(-1)?.lastItem;
      top = { indent: marker.indent, group: this.builder.addGroup('list', listName(marker), { parent }), lastItemPieces: [] };
      this.lists.push(top);
    }
    const piece = { text: line.text.slice(marker.contentStart).trim(), line };
    const { text, runs } = this.joinPieces([piece]);
    top.lastItem = this.builder.addListItem(text, top.group, marker.marker, marker.enumerated, {
      sourceSpan: this.span(line.start, line.end),
    });
    top.lastItem.source_runs = runs;
    top.lastItemPieces = [piece];
  }

  /** A wrapped line of the current item. */
  private continueItem(line: SourceLine): void {
    const top = this.lists.at(-1);
    if (!top?.lastItem) return;
    top.lastItemPieces.push({ text: line.text.trim(), line });
  }

  /** Gives the current item its wrapped lines' text and span. */
  private flushItem(): void {
    const top = this.lists.at(-1);
    if (!top?.lastItem || top.lastItemPieces.length < 2) return;
    const pieces = top.lastItemPieces;
    const item = top.lastItem;
    const { text, runs } = this.joinPieces(pieces);
    item.text = text;
    item.orig = text;
    item.source_span = this.span(pieces[0]!.line.start, pieces.at(-1)!.line.end);
    item.source_runs = runs;
    top.lastItemPieces = [pieces[0]!];
  }

  /** Pieces of consecutive lines joined by a space, which stands for the line break and indentation between them. */
  private joinPieces(pieces: readonly LinePiece[]): { text: string; runs: SourceRun[] } {
    const joined = new SourceRunText(this.spans.toCodePoint);
    let previousEnd: number | undefined;
    for (const { text, line } of pieces) {
      if (text === '') continue;
      const start = line.start + line.text.indexOf(text);
      if (previousEnd !== undefined) joined.addSource(' ', previousEnd, start);
      joined.addSource(text, start);
      previousEnd = start + text.length;
    }
    return { text: joined.text, runs: joined.runs };
  }

  private lineNumber(line: SourceLine): number {
    return this.source.slice(0, line.start).split(/\r\n|\r|\n/).length;
  }

  private span(start: number, end: number): [number, number] {
    return this.spans.spanOf(start, end);
  }
}

function startsNewBlock(lines: readonly SourceLine[], index: number): boolean {
  const text = lines[index]!.text;
  const next = lines[index + 1];
  return Boolean(listMarkerOf(text) || headingOf(text, false)?.numbered || (next && setextLevelOf(next.text)));
}

/** Bulleted and numbered lists at the same indentation are different lists. */
function listName(marker: ListMarker): string {
  return marker.enumerated ? 'ordered list' : 'list';
}
