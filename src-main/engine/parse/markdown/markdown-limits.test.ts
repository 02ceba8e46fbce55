import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../../ir/types';
import { markdownParser } from './markdown-parser';

function parseMarkdown(text: string): Promise<DoclingDocument> {
  return markdownParser.parse({ fileName: 'hostile.md', bytes: new TextEncoder().encode(text) });
}

const lines = (count: number, line: (index: number) => string): string => Array.from({ length: count }, (_, i) => `${line(i)}\n`).join('');
const delimiterRun = (count: number): string => '*a'.repeat(count / 2);

describe('hostile Markdown', () => {
  it.each([
    ['100,000 nested block quotes', `${'> '.repeat(100_000)}deep`, 'the quote at line 1'],
    ['100,000 nested block quotes without spaces', `${'>'.repeat(100_000)}deep`, 'the quote at line 1'],
    ['100,000 nested list items', `${'- '.repeat(100_000)}deep`, 'the list at line 1'],
    // item i is nested i + 1 deep, inside the quote i + 2
    ['a list indented 2,000 levels deep', lines(2000, (i) => `${' '.repeat(2 * i)}- item`), 'the list at line 101'],
    ['a list indented deep inside a quote', lines(2000, (i) => `> ${' '.repeat(2 * i)}- item`), 'the list at line 100'],
    ['a list one level past the limit', lines(101, (i) => `${' '.repeat(2 * i)}- item`), 'the list at line 101'],
    ['50,000 alternating emphasis delimiters', `${'*a'.repeat(50_000)}\n`, 'the paragraph at line 1'],
    ['25,000 nested emphasis levels', `${'*a '.repeat(25_000)}b${' b*'.repeat(25_000)}\n`, 'the paragraph at line 1'],
    ['50,000 open brackets', `${'['.repeat(50_000)}x\n`, 'the paragraph at line 1'],
    ['50,000 link labels', `${'[a]'.repeat(50_000)}\n`, 'the paragraph at line 1'],
    // each unclosed comment opener is scanned to the end of the paragraph
    ['13,000 unclosed HTML comments in a table row', `| a | b |\n| - | - |\n| ${'<!--'.repeat(13_000)} | x |\n`, 'the paragraph at line 3'],
    ['emphasis spread over many lines of one paragraph', `intro\n${lines(50, () => delimiterRun(100))}`, 'the paragraph at line 1'],
    [
      'a paragraph continued lazily by numbers that cannot start a list',
      `- item\n${lines(50, (i) => `${i + 2}. ${delimiterRun(100)}`)}`,
      'the paragraph at line 1',
    ],
    [
      'a paragraph whose lines look like code fences and headings to a careless reader',
      lines(50, (i) => (i % 2 ? `    # ${delimiterRun(100)}` : `    \`\`\` ${delimiterRun(100)}`)),
      'the paragraph at line 1',
    ],
  ])('refuses %s within 2 s as too deeply nested', async (_, text, where) => {
    const started = performance.now();
    await expect(parseMarkdown(text)).rejects.toMatchObject({
      code: 'too-large',
      message: expect.stringContaining(`hostile.md: ${where} is too deeply nested (more than`),
    });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('says which limit to raise', async () => {
    await expect(parseMarkdown(`${'> '.repeat(200)}x`)).rejects.toThrow('(more than 100 levels; set STRATUM_MAX_NESTING to raise it)');
    await expect(parseMarkdown(`${'*a'.repeat(2001)}\n`)).rejects.toThrow(
      '(more than 2,000 delimiters of *, _, ~, [, ] and < in one paragraph; set STRATUM_MAX_PARAGRAPH_DELIMITERS to raise it)',
    );
  });

  it('refuses tables past the column and cell limits before remark builds them', async () => {
    const wide = `|${' a |'.repeat(100_000)}\n|${'---|'.repeat(100_000)}\n`;
    const started = performance.now();
    await expect(parseMarkdown(wide)).rejects.toThrow(
      'hostile.md: the table at line 1 has 100,000 columns (the limit is 1,000 columns; set STRATUM_MAX_TABLE_COLUMNS',
    );
    expect(performance.now() - started).toBeLessThan(2000);
    const long = `|${' a |'.repeat(1000)}\n|${'---|'.repeat(1000)}\n${lines(1000, () => '| x |')}`;
    await expect(parseMarkdown(long)).rejects.toThrow('the table at line 1 has 1,001,000 cells (the limit is 1,000,000 cells');
  });
});

describe('Markdown within the limits', () => {
  it('reads lists and quotes nested to the limit', async () => {
    const nested = await parseMarkdown(lines(100, (i) => `${' '.repeat(2 * i)}- item ${i}`));
    expect(nested.texts.map((t) => t.text)).toContain('item 99');
    const quoted = await parseMarkdown(`${'> '.repeat(100)}deep quote`);
    expect(quoted.texts.map((t) => t.text)).toEqual(['deep quote']);
  });

  it('counts delimiters by paragraph, not in code, inside words, escaped, or across list items and table rows', async () => {
    const doc = await parseMarkdown(
      [
        `${delimiterRun(2000)}`,
        '',
        `${delimiterRun(2000)}`,
        '',
        '```json',
        lines(1000, (i) => `[${i}, [${i}], "*"],`),
        '```',
        '',
        lines(600, (i) => `- [link ${i}](https://example.com/${i}) *note*`),
        '',
        lines(1000, (i) => `snake_case_name_${i} and \\*escaped\\* and \\[brackets\\]`),
        '',
        '| a | b |',
        '|---|---|',
        lines(600, (i) => `| [x${i}](y) *e* | [z](w) **f** |`),
        '',
        lines(200, () => '- ').replace(/\n/g, ' '),
      ].join('\n'),
    );
    expect(doc.texts.some((t) => t.text.includes('snake_case_name_999'))).toBe(true);
    expect(doc.texts.filter((t) => t.text.startsWith('link ')).length).toBe(600);
    expect(doc.tables[0]!.data.num_rows).toBe(601);
  });
});
