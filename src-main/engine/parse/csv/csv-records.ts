/** How a CSV file separates and quotes its fields. */
export interface CsvDialect {
  delimiter: string;
  /** Spaces right after a delimiter are layout, not text (every delimiter of the first line is followed by one). */
  skipInitialSpace: boolean;
}

/** One record: its fields and the 1-based line it starts on. */
export interface CsvRecord {
  fields: string[];
  line: number;
}

/** Something the reader read past instead of stopping: the user is told in the document's warnings. */
export interface CsvProblem {
  line: number;
  message: string;
}

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;
const SPACE = 0x20;

const enum State {
  FieldStart,
  Unquoted,
  Quoted,
  /** a quote inside a quoted field: the closing one, or the first of a doubled quote */
  QuoteInQuoted,
  /** a CR ended the record; an LF right after belongs to it */
  AfterCr,
}

/**
 * Reads CSV records from text handed in pieces (a file decoded chunk by chunk), so that only the
 * current piece and the record being read are held. Quoted fields may hold delimiters, line breaks
 * and doubled quotes; a quote inside an unquoted field is text. Records end at LF, CRLF or CR; an
 * empty line is no record. Where a strict reader would stop (text after a closing quote, a quote
 * never closed), this one reads on and reports a `CsvProblem`.
 */
export class CsvRecordReader {
  private readonly delimiter: number;
  private state = State.FieldStart;
  private fields: string[] = [];
  private field = '';
  /** the record holds something, even an empty quoted field: an empty line does not */
  private recordStarted = false;
  private line = 1;
  private recordLine = 1;
  private quoteLine = 1;

  constructor(
    private readonly dialect: CsvDialect,
    private readonly onRecord: (record: CsvRecord) => void,
    private readonly onProblem: (problem: CsvProblem) => void,
  ) {
    this.delimiter = dialect.delimiter.charCodeAt(0);
  }

  push(text: string): void {
    let runStart = 0;
    let i = 0;
    const flushRun = (end: number): void => {
      if (end > runStart) this.field += text.slice(runStart, end);
    };
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.state === State.AfterCr) {
        this.state = State.FieldStart;
        if (c === LF) {
          runStart = i + 1;
          continue;
        }
      }
      switch (this.state) {
        case State.FieldStart:
          this.recordLine = this.recordStarted ? this.recordLine : this.line;
          if (c === QUOTE) {
            this.recordStarted = true;
            this.quoteLine = this.line;
            this.state = State.Quoted;
            runStart = i + 1;
          } else if (c === this.delimiter) {
            this.recordStarted = true;
            this.endField();
            runStart = i + 1;
          } else if (c === CR || c === LF) {
            this.endRecord(c);
            runStart = i + 1;
          } else if (c === SPACE && this.dialect.skipInitialSpace && this.fields.length > 0) {
            runStart = i + 1;
          } else {
            this.recordStarted = true;
            this.state = State.Unquoted;
            runStart = i;
          }
          break;
        case State.Unquoted:
          if (c === this.delimiter) {
            flushRun(i);
            this.endField();
            runStart = i + 1;
          } else if (c === CR || c === LF) {
            flushRun(i);
            this.endRecord(c);
            runStart = i + 1;
          }
          break;
        case State.Quoted:
          if (c === QUOTE) {
            flushRun(i);
            this.state = State.QuoteInQuoted;
            runStart = i + 1;
          } else if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) {
            this.line++;
          }
          break;
        case State.QuoteInQuoted:
          if (c === QUOTE) {
            this.field += '"';
            this.state = State.Quoted;
            runStart = i + 1;
          } else if (c === this.delimiter) {
            this.endField();
            runStart = i + 1;
          } else if (c === CR || c === LF) {
            this.endRecord(c);
            runStart = i + 1;
          } else {
            this.onProblem({ line: this.line, message: 'text after a closing quote (kept in the field)' });
            this.state = State.Unquoted;
            runStart = i;
          }
          break;
      }
    }
    if (this.state === State.Unquoted || this.state === State.Quoted) flushRun(i);
  }

  /** The end of the text: a record still open is the last one. */
  end(): void {
    if (this.state === State.Quoted) {
      this.onProblem({ line: this.quoteLine, message: 'a quoted field is never closed (read to the end of the file)' });
    }
    if (this.recordStarted) this.endRecord(undefined);
  }

  private endField(): void {
    this.fields.push(this.field);
    this.field = '';
    this.state = State.FieldStart;
  }

  private endRecord(terminator: number | undefined): void {
    if (this.recordStarted) {
      this.fields.push(this.field);
      this.onRecord({ fields: this.fields, line: this.recordLine });
    }
    this.fields = [];
    this.field = '';
    this.recordStarted = false;
    this.state = terminator === CR ? State.AfterCr : State.FieldStart;
    if (terminator !== undefined) this.line++;
  }
}
