import { describeLimit, inputLimits, rejectOversizedTable, tooDeeplyNested, type InputLimits } from '../limits';

/**
 * Bounds a Markdown file before remark reads it, in one pass over its lines: remark's parser
 * recurses for nested block quotes and lists (100,000 of them overflow the stack) and takes time
 * that grows with the square of the emphasis and link delimiters in one paragraph (50,000 `*a`
 * take minutes), and a table 100,000 columns wide takes gigabytes. So this refuses, with a
 * `too-large` error:
 *  - a line nested deeper than `maxNestingDepth` in block quotes and lists (markers and the
 *    indentation before them: `> > - x`, or a list item indented two spaces per level);
 *  - a paragraph with more than `maxParagraphDelimiters` emphasis and link delimiters
 *    (`*`, `_`, `~`, `[`, `]`; escaped ones and underscores inside words do not count) and `<`,
 *    where inline HTML may open (an unclosed `<!--` is scanned to the paragraph's end, each time);
 *  - a table wider than `maxTableColumns` or with more than `maxTableCells` cells.
 * Fenced code is not paragraph text. The rules follow CommonMark closely enough that a hostile
 * file cannot hide a paragraph from them, and count generously enough never to refuse a document
 * a person writes.
 */
export function checkMarkdownLimits(source: string, fileName: string, limits: InputLimits = inputLimits()): void {
  const lines = source.split(/\r\n|\r|\n/);
  let paragraph: Paragraph | undefined;
  let fence: Fence | undefined;
  let table: Table | undefined;
  lines.forEach((line, index) => {
    const lineNo = index + 1;
    if (isThematicBreak(line)) {
      if (!fence) paragraph = table = undefined;
      return;
    }
    const prefix = containerPrefix(line);
    if (prefix.depth > limits.maxNestingDepth) {
      throw tooDeeplyNested(
        fileName,
        `the ${prefix.markers > 0 ? 'list' : 'quote'} at line ${lineNo}`,
        undefined,
        'maxNestingDepth',
        limits,
      );
    }
    const content = line.slice(prefix.contentStart);
    const blank = content.trim() === '';
    if (fence) {
      // the fence's container ends where a line leaves its quote or is indented less than the fence
      const leftContainer = prefix.quotes < fence.quotes || (!blank && prefix.contentColumn < fence.column);
      if (leftContainer || (prefix.indent < 4 && closesFence(content, fence))) fence = undefined;
      if (!leftContainer) return;
    }
    const opening = prefix.indent < 4 ? fenceOpening(content) : undefined;
    if (opening || blank || (prefix.indent < 4 && /^#{1,6}(\s|$)/.test(content))) {
      fence = opening && { ...opening, quotes: prefix.quotes, column: prefix.contentColumn };
      paragraph = table = undefined;
      return;
    }
    if (table && (prefix.quotes !== table.quotes || prefix.markers > 0)) table = undefined;
    if (table) {
      table.rows++;
      rejectOversizedTable(fileName, { columns: table.columns, cells: table.rows * table.columns }, `at line ${table.line}`, limits);
      // each row's cells are inline content of their own
      checkDelimiters({ line: lineNo, delimiters: 0, quotes: prefix.quotes, listKind: undefined }, content, fileName, limits);
      return;
    }
    const columns = paragraph?.header !== undefined ? delimiterRowColumns(content) : 0;
    if (columns > 0 && columns === rowCells(paragraph!.header!)) {
      table = { line: lineNo - 1, columns, rows: 2, quotes: prefix.quotes };
      rejectOversizedTable(fileName, { columns, cells: 2 * columns }, `at line ${table.line}`, limits);
      paragraph = undefined;
      return;
    }
    if (!paragraph || startsBlock(prefix, paragraph))
      paragraph = { line: lineNo, delimiters: 0, quotes: prefix.quotes, listKind: prefix.listKind };
    // the line a delimiter row may follow to make it a table's header row
    paragraph.header = content;
    checkDelimiters(paragraph, content, fileName, limits);
  });
}

interface Paragraph {
  line: number;
  /** its last line so far */
  header?: string;
  delimiters: number;
  /** block quote markers before its first line */
  quotes: number;
  /** the kind of list marker it starts with, when it is the text of a list item */
  listKind: string | undefined;
}

interface Fence {
  char: string;
  length: number;
  quotes: number;
  /** the column its content lines must be indented to, inside a list item */
  column: number;
}

interface Table {
  line: number;
  columns: number;
  rows: number;
  quotes: number;
}

interface ContainerPrefix {
  /** block quote markers */
  quotes: number;
  /** list item markers */
  markers: number;
  /** quotes and list items, plus a level per two columns of indentation before a marker */
  depth: number;
  contentStart: number;
  /** the column the content starts at, tabs expanded */
  contentColumn: number;
  /** columns of indentation between the last marker (and the space it needs) and the content: 4 or more is code */
  indent: number;
  /** the first list marker's kind: its bullet, or `.` / `)` after a number */
  listKind: string | undefined;
  /** the first list marker is a bullet or the number 1, with text after it: such an item may interrupt a paragraph */
  interrupts: boolean;
}

const MARKER = /^(>|([-+*])(?=[ \t]|$)|(\d{1,9})([.)])(?=[ \t]|$))/;

/**
 * The block quote and list markers a line starts with. Indentation counts as nesting only when a
 * marker follows it (a nested list item is indented by its parent's width): deeply indented text
 * or code nests nothing.
 */
function containerPrefix(line: string): ContainerPrefix {
  let at = 0;
  let column = 0;
  let quotes = 0;
  let markers = 0;
  let indentBeforeMarkers = 0;
  let listKind: string | undefined;
  let orderedStart: number | undefined;
  // the column after the last marker and the one space it takes with it
  let containerColumn = 0;
  for (;;) {
    const whitespaceStart = column;
    while (at < line.length && (line[at] === ' ' || line[at] === '\t')) {
      column += line[at] === '\t' ? 4 - (column % 4) : 1;
      at++;
    }
    const marker = MARKER.exec(line.slice(at, at + 11));
    if (!marker) {
      const depth = quotes + markers + Math.floor(indentBeforeMarkers / 2);
      const hasText = at < line.length;
      const interrupts = markers > 0 && hasText && (orderedStart === undefined || orderedStart === 1);
      const indent = Math.max(0, column - containerColumn);
      return { quotes, markers, depth, contentStart: at, contentColumn: column, indent, listKind, interrupts };
    }
    indentBeforeMarkers += Math.max(0, column - Math.max(whitespaceStart, containerColumn));
    if (marker[1] === '>') {
      quotes++;
    } else {
      if (markers === 0) {
        listKind = marker[2] ?? marker[4];
        orderedStart = marker[3] === undefined ? undefined : Number(marker[3]);
      }
      markers++;
    }
    at += marker[1]!.length;
    column += marker[1]!.length;
    containerColumn = column + 1;
  }
}

/** Whether a line starts a new block rather than continuing `paragraph` (CommonMark's interruption rules). */
function startsBlock(prefix: ContainerPrefix, paragraph: Paragraph): boolean {
  if (prefix.quotes > paragraph.quotes) return true;
  if (prefix.markers === 0) return false;
  // the next item of the list whose item this paragraph is, or a list that may interrupt a paragraph
  return (paragraph.listKind !== undefined && prefix.listKind === paragraph.listKind) || prefix.interrupts;
}

function checkDelimiters(paragraph: Paragraph, content: string, fileName: string, limits: InputLimits): void {
  paragraph.delimiters += delimitersIn(content);
  if (paragraph.delimiters > limits.maxParagraphDelimiters) {
    const found = `more than ${describeLimit('maxParagraphDelimiters', limits)} of *, _, ~, [, ] and < in one paragraph`;
    throw tooDeeplyNested(fileName, `the paragraph at line ${paragraph.line}`, found, 'maxParagraphDelimiters', limits);
  }
}

/** Emphasis and link delimiters (`*`, `~`, `[`, `]`, and `_` unless inside a word) and `<`; a backslash escapes one. */
function delimitersIn(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\\') i++;
    else if (char === '*' || char === '~' || char === '[' || char === ']' || char === '<') count++;
    else if (char === '_' && !(isWordChar(text[i - 1]) && isWordChar(text[i + 1]))) count++;
  }
  return count;
}

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && /[\p{L}\p{N}]/u.test(char);
}

function fenceOpening(content: string): Pick<Fence, 'char' | 'length'> | undefined {
  const match = /^(`{3,}|~{3,})(.*)$/.exec(content);
  if (!match || (match[1]![0] === '`' && match[2]!.includes('`'))) return undefined;
  return { char: match[1]![0]!, length: match[1]!.length };
}

function closesFence(content: string, fence: Fence): boolean {
  const match = /^(`+|~+)\s*$/.exec(content);
  return match !== null && match[1]![0] === fence.char && match[1]!.length >= fence.length;
}

/** `***`, `- - -`, `___`: a line of one of these characters, three or more, and spaces. */
function isThematicBreak(line: string): boolean {
  return /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/.test(line);
}

/** The cells of a table row: `a | b`, `| a | b |` and `a \\| b | c` have two (an escaped pipe is text). */
function rowCells(content: string): number {
  const cells = content
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return cells.split(/(?<!\\)\|/).length;
}

/** The columns of a GFM table's delimiter row (`| --- | :-: |`); 0 when the line is not one. */
function delimiterRowColumns(content: string): number {
  const trimmed = content.trim();
  if (!/^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?$/.test(trimmed) || (!trimmed.includes('|') && !trimmed.includes(':'))) return 0;
  return trimmed.replace(/^\|/, '').replace(/\|$/, '').split('|').length;
}
