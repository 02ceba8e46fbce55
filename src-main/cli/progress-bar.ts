import type { OutputStream } from './cli-io';
import { printableLine } from './printable';

const BAR_WIDTH = 24;

/**
 * A file-count progress bar on stderr. On a terminal it redraws one line; elsewhere (a log file, a
 * pipe) it writes one line per finished file, since carriage returns would garble the log.
 */
export class ProgressBar {
  private done = 0;
  private drawn = false;

  constructor(
    private readonly stream: OutputStream,
    private readonly total: number,
  ) {}

  /** Counts one finished file and redraws. */
  advance(name: string): void {
    this.done++;
    const fileName = printableLine(name);
    if (!this.stream.isTTY) {
      this.stream.write(`[${this.done}/${this.total}] ${fileName}\n`);
      return;
    }
    const filled = this.total === 0 ? BAR_WIDTH : Math.round((this.done / this.total) * BAR_WIDTH);
    const bar = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${this.done}/${this.total} `;
    const room = Math.max((this.stream.columns ?? 80) - bar.length - 1, 0);
    this.stream.write(`\r\u001b[2K${bar}${fitToWidth(fileName, room)}`);
    this.drawn = true;
  }

  /** Writes a line (an error) above the bar without tearing it. */
  printAbove(line: string): void {
    if (this.drawn) this.stream.write('\r\u001b[2K');
    this.stream.write(`${line}\n`);
    this.drawn = false;
  }

  finish(): void {
    if (this.drawn) this.stream.write('\n');
    this.drawn = false;
  }
}

/** Keeps the end of a long path, where the file name is. */
function fitToWidth(text: string, width: number): string {
  if (text.length <= width) return text;
  return width < 2 ? '' : `…${text.slice(text.length - width + 1)}`;
}
