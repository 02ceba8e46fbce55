import { describe, expect, it } from 'vitest';
import { ProgressBar } from './progress-bar';

function terminal(columns: number) {
  const writes: string[] = [];
  return { writes, stream: { isTTY: true, columns, write: (text: string) => writes.push(text) } };
}

describe('ProgressBar', () => {
  it('redraws one line on a terminal, keeping the end of long names, and prints errors above it', () => {
    const { writes, stream } = terminal(50);
    const bar = new ProgressBar(stream, 4);
    bar.advance('docs/a.md');
    bar.printAbove('error: docs/b.md: the file is empty');
    bar.advance('docs/a-very-long-folder-name/with-a-long-file-name.md');
    bar.finish();
    expect(writes[0]).toBe('\r\u001b[2K[######------------------] 1/4 docs/a.md');
    expect(writes.slice(1, 3)).toEqual(['\r\u001b[2K', 'error: docs/b.md: the file is empty\n']);
    expect(writes[3]).toBe('\r\u001b[2K[############------------] 2/4 …long-file-name.md');
    expect(writes[3]!.length - '\r\u001b[2K'.length).toBeLessThan(50);
    expect(writes[4]).toBe('\n');
  });

  it('writes one line per file where carriage returns would garble a log', () => {
    const writes: string[] = [];
    const bar = new ProgressBar({ write: (text: string) => writes.push(text) }, 2);
    bar.advance('a.md');
    bar.advance('b.md');
    bar.finish();
    expect(writes).toEqual(['[1/2] a.md\n', '[2/2] b.md\n']);
  });
});
