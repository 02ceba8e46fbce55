import { describe, expect, it } from 'vitest';
import type { SourceRun } from '../../ir/types';
import { codePointOffsets } from '../../text/code-points';
import { htmlParser } from './html-parser';
import { htmlSourceRuns } from './html-source-runs';

/** Each run's text beside the source it names. */
function pairs(text: string, source: string, runs: readonly SourceRun[]): Array<[string, string]> {
  const characters = [...source];
  return runs.map((run) => [
    text.slice(run.text, run.text + run.length),
    characters.slice(run.source, run.source + run.sourceLength).join(''),
  ]);
}

describe('htmlSourceRuns', () => {
  it('maps text read through tags, references, collapsed whitespace and cleaned characters back to the source', () => {
    const source =
      '<p>Ducks&nbsp;<b>swim</b>\r\n   well &amp; fast&hellip; ' + '<!-- a > comment --><a title="x > y">–</a> 🦆 &#91;1&#93;</p>';
    const text = 'Ducks swim well & fast... - 🦆 [1]';
    const runs = htmlSourceRuns(text, source, 0, source.length, codePointOffsets(source));
    expect(pairs(text, source, runs)).toEqual([
      ['Ducks', 'Ducks'],
      [' ', '&nbsp;'],
      ['swim', 'swim'],
      [' ', '\r\n   '],
      ['well ', 'well '],
      ['&', '&amp;'],
      [' fast', ' fast'],
      ['...', '&hellip;'],
      [' ', ' '],
      ['-', '–'],
      [' 🦆 ', ' 🦆 '],
      ['[', '&#91;'],
      ['1', '1'],
      [']', '&#93;'],
    ]);
  });

  it('gives a parsed page its items’ runs, a table cell’s included', async () => {
    const html =
      '<h1>Caf&eacute; notes</h1><p>Mallards&#160;eat <i>seeds</i>.</p>' +
      '<table><tr><th>Duck</th></tr><tr><td>Teal<br>small</td></tr></table>';
    const doc = await htmlParser.parse({ fileName: 'notes.html', bytes: new TextEncoder().encode(html) });
    const paragraph = doc.texts.find((item) => item.text.startsWith('Mallards'))!;
    expect(pairs(paragraph.text, html, paragraph.source_runs!).map(([, written]) => written)).toEqual(['Mallards', '&#160;', 'eat']);
    const heading = doc.texts.find((item) => item.label === 'title')!;
    expect(pairs(heading.text, html, heading.source_runs!)).toEqual([
      ['Caf', 'Caf'],
      ['é', '&eacute;'],
      [' notes', ' notes'],
    ]);
    const cell = doc.tables[0]!.data.table_cells.find((c) => c.text.startsWith('Teal'))!;
    expect(pairs(cell.text, html, cell.source_runs!).map(([read]) => read.trim())).toEqual(['Teal', '', 'small'].filter(Boolean));
  });
});
